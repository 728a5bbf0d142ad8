// OpenVEX 0.2.0: one statement per finding whose component has a package URL (the product identifier VEX
// consumers match on). docs/pipeline.md "VEX" lists how each status is expressed.
import type { ReportFinding } from '../report-model.ts';
import { openvexStatusOf } from './vex-states.ts';

export const OPENVEX_CONTEXT = 'https://openvex.dev/ns/v0.2.0';

function statement(f: ReportFinding & { component: { purl: string } }, timestamp: string) {
  const status = openvexStatusOf(f.status);
  const notes = f.remediationNotes;
  return {
    vulnerability: { name: f.vulnerabilityId, ...(f.aliases.length ? { aliases: f.aliases } : {}) },
    timestamp,
    products: [{ '@id': f.component.purl, identifiers: { purl: f.component.purl } }],
    status,
    ...(status === 'not_affected' ? { impact_statement: notes ?? 'Marked a false positive in Bulwark' } : {}),
    ...(status === 'affected'
      ? {
          action_statement:
            f.status === 'accepted_risk'
              ? `Risk accepted${notes ? `: ${notes}` : ''}`
              : `Mitigated${notes ? `: ${notes}` : ''}`,
        }
      : {}),
    ...(notes !== null && status !== 'not_affected' && status !== 'affected' ? { status_notes: notes } : {}),
  };
}

export function openvexDocument(
  id: string,
  findings: readonly ReportFinding[],
  now = new Date().toISOString(),
): string {
  const withPurl = findings.filter(
    (f): f is ReportFinding & { component: { purl: string } } => f.component.purl !== null,
  );
  return JSON.stringify({
    '@context': OPENVEX_CONTEXT,
    '@id': id,
    author: 'Bulwark',
    role: 'Document Creator',
    timestamp: now,
    version: 1,
    tooling: 'Bulwark',
    // An SBOM may list one package twice (two components, one purl): one statement says it once.
    statements: [
      ...new Map(withPurl.map((f) => statement(f, now)).map((st) => [JSON.stringify(st), st])).values(),
    ],
  });
}
