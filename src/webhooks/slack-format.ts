import type { EventPayload } from '../events/catalogue.ts';

/**
 * The `slack` format: a Slack incoming-webhook message (`text` plus one section block) summarising the event,
 * for subscriptions that post straight into a channel.
 */

type Data = Record<string, unknown> & {
  finding?: {
    severity: string;
    vulnerabilityId: string;
    component: { name: string; version: string | null };
    kev: unknown;
    sbomId: string;
  };
  sbom?: { name: string; version: string | null; componentCount?: number; findingCount?: number };
  vendor?: { name: string; riskTier: number };
  risk?: { title: string };
  advisories?: { added: number; updated: number; withdrawn: number };
  violation?: {
    state: string;
    policyName: string;
    component: { name: string; version: string | null };
    reason: string;
  };
};

function summary(event: EventPayload): string {
  const data = event.data as Data;
  const f = data.finding;
  const what = f
    ? `*${f.severity}* ${f.vulnerabilityId} in ${f.component.name}${f.component.version ? ` ${f.component.version}` : ''}${f.kev ? ' (known exploited)' : ''}`
    : '';
  switch (event.type) {
    case 'finding.created':
      return `New finding: ${what}`;
    case 'finding.status_changed':
      return `Finding ${what} moved from ${String(data.fromStatus)} to ${String(data.toStatus)}`;
    case 'finding.retracted':
      return `Finding retracted: ${what} (${String(data.reason)})`;
    case 'sbom.uploaded':
      return `SBOM uploaded: ${data.sbom!.name}${data.sbom!.version ? ` ${data.sbom!.version}` : ''}, ${data.sbom!.componentCount} components, ${data.sbom!.findingCount} findings`;
    case 'sbom.deleted':
      return `SBOM deleted: ${data.sbom!.name}${data.sbom!.version ? ` ${data.sbom!.version}` : ''}`;
    case 'vulndb.synced':
      return `Vulnerability database synced: ${data.advisories!.added} added, ${data.advisories!.updated} updated, ${data.advisories!.withdrawn} withdrawn`;
    case 'vendor.created':
      return `Vendor added: ${data.vendor!.name} (tier ${data.vendor!.riskTier})`;
    case 'vendor.replaced':
      return `Vendor updated: ${data.vendor!.name} (tier ${data.vendor!.riskTier})`;
    case 'risk.draft_created':
      return `Risk draft proposed: ${data.risk!.title}`;
    case 'policy.violation': {
      const v = data.violation!;
      return `Policy violation (*${v.state}*) of ${v.policyName}: ${v.component.name}${v.component.version ? ` ${v.component.version}` : ''}: ${v.reason}`;
    }
  }
}

/**
 * Slack reads `&`, `<` and `>` as control characters in mrkdwn: a vendor named `<!channel>` would ping the
 * channel. The summaries' own markup is `*bold*` only, so the whole text is escaped once.
 */
export const escapeMrkdwn = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackMessage(event: EventPayload): { text: string; blocks: unknown[] } {
  const text = `[Bulwark] ${escapeMrkdwn(summary(event))}`;
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `${event.type} · ${event.id} · ${event.createdAt}` }],
      },
    ],
  };
}
