// OpenVEX 0.2.0: one statement per finding whose component has a package URL (the product identifier VEX
// consumers match on). docs/pipeline.md "VEX" lists how each status is expressed.
import type { ReportFinding } from '../report-model.ts';
import { FALSE_POSITIVE_STATEMENT, openvexStatusOf, RISK_ACCEPTED } from './vex-states.ts';

export const OPENVEX_CONTEXT = 'https://openvex.dev/ns/v0.2.0';

function statement(f: ReportFinding & { component: { purl: string } }, timestamp: string) {
  const { status, justification } = openvexStatusOf(f.status, f.justification);
  const notes = f.remediationNotes;
  return {
    vulnerability: { name: f.vulnerabilityId, ...(f.aliases.length ? { aliases: f.aliases } : {}) },
    timestamp,
    products: [{ '@id': f.component.purl, identifiers: { purl: f.component.purl } }],
    status,
    ...(justification ? { justification } : {}),
    // The detail rides in the statement the status has; notes in status_notes (read back by this tooling).
    ...(status === 'not_affected' ? { impact_statement: f.detail ?? FALSE_POSITIVE_STATEMENT } : {}),
    ...(status === 'affected'
      ? {
          action_statement:
            f.status === 'accepted_risk'
              ? `${RISK_ACCEPTED}${f.detail ? `: ${f.detail}` : ''}`
              : (f.detail ?? 'Affected'),
        }
      : {}),
    ...(notes !== null ? { status_notes: notes } : {}),
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
