// Bundle section `reviewItems`: one grant under review in a campaign, its reviewer, decision and remediation.
import { DAY, getSettings } from '../../common.ts';
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import { opt, type ImportContext, type Row } from './context.ts';

/**
 * Subject and entitlement default from the grant; a revoke/modify decision's remediation is due at decision
 * time + the remediation SLA (privileged grants: the privileged SLA) unless given.
 */
export async function writeReviewItems(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['reviewItems']>[] | undefined,
  refs: { campaigns: TableSync; identities: TableSync; grants: TableSync; entitlements: TableSync },
): Promise<TableSync> {
  const settings = await getSettings(ctx.db, ctx.orgId);
  const items = await ctx.sync('gov_review_items', 'uai');
  (rows ?? []).forEach((r, n) => {
    const p = `reviewItems[${n}]`;
    const grantId = ctx.ref(refs.grants, r.grantExternalId, `${p}.grantExternalId`, 'grant');
    const grant = grantId && r.grantExternalId ? refs.grants.get(r.grantExternalId) : undefined;
    const entitlementId =
      ctx.ref(refs.entitlements, r.entitlementExternalId, `${p}.entitlementExternalId`, 'entitlement') ??
      (grant?.entitlement_id as string | undefined) ??
      null;
    const privileged = Number(
      grant?.privileged ??
        (r.entitlementExternalId ? refs.entitlements.get(r.entitlementExternalId)?.privileged : 0) ??
        0,
    );
    const acting = r.decision === 'revoke' || r.decision === 'modify';
    const slaDays =
      privileged === 1 ? settings.privilegedRemediationSlaDays : settings.reviewRemediationSlaDays;
    const due = r.remediationDueAt
      ? ctx.ts(r.remediationDueAt)
      : acting && r.decidedAt
        ? new Date(Date.parse(ctx.ts(r.decidedAt)!) + slaDays * DAY).toISOString()
        : null;
    items.stage({
      external_id: r.externalId,
      campaign_id: ctx.ref(
        refs.campaigns,
        r.campaignExternalId,
        `${p}.campaignExternalId`,
        'review campaign',
      ),
      grant_id: grantId,
      entitlement_id: entitlementId,
      privileged,
      subject_id:
        ctx.ref(refs.identities, r.subjectExternalId, `${p}.subjectExternalId`, 'identity') ??
        (grant?.identity_id as string | undefined) ??
        null,
      reviewer_id: ctx.ref(refs.identities, r.reviewerExternalId, `${p}.reviewerExternalId`, 'identity'),
      decision: r.decision,
      decided_at: ctx.ts(r.decidedAt),
      remediation_status: r.remediationStatus ?? (acting ? 'pending' : 'none'),
      remediation_due_at: due,
      remediated_at: ctx.ts(r.remediatedAt),
      evidence_note: opt(r.evidenceNote),
      evidence_url: opt(r.evidenceUrl),
    });
  });
  await ctx.flush('reviewItems', items, rows?.length);
  return items;
}
