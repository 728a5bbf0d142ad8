/** The rows a finding is stored as: the columns a vulnerability decides, a new finding, a history entry. */
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { toJson } from '../db/helpers.ts';
import { newId } from '../shared/ids.ts';
import type { ResolvedVulnerability } from './finding-matching.ts';
import type { NewFindingRow } from './finding.repository.ts';

/**
 * The columns a vulnerability decides (everything but identity and triage state). Summary, references and the
 * match reasons are not copied into every finding: they are read from the advisories (`advisory_ids`) when a
 * finding is shown, so an upload writes less and an edited advisory shows at once. The columns stay for
 * rows written before (and are ignored).
 */
export function matchedColumns(v: ResolvedVulnerability) {
  return {
    vulnerability_id: v.vulnerabilityId,
    aliases: toJson(v.aliases),
    advisory_ids: toJson(v.advisoryIds),
    summary: null,
    severity: v.severity.severity,
    severity_source: v.severity.source,
    cvss_score: v.severity.cvssScore,
    cvss_vector: v.severity.cvssVector,
    fixed_versions: toJson(v.fixedVersions),
    refs: '[]',
    match_reasons: '[]',
  };
}

/**
 * `matchedColumns`, made once for matches that share their candidate's arrays and settled severity (matcher.ts,
 * finding-matching.ts): a warm 100,000-component upload wrote the same JSON for most of its 27,242 findings.
 */
export function matchedColumnsOnce(): (v: ResolvedVulnerability) => ReturnType<typeof matchedColumns> {
  const made = new Map<object, { severity: object; columns: ReturnType<typeof matchedColumns> }>();
  return (v) => {
    const hit = made.get(v.severityParts);
    if (hit && hit.severity === v.severity && hit.columns.vulnerability_id === v.vulnerabilityId)
      return hit.columns;
    const columns = matchedColumns(v);
    made.set(v.severityParts, { severity: v.severity, columns });
    return columns;
  };
}

export const historyRow = (
  orgId: string,
  findingId: string,
  event: string,
  at: string,
  extra: { from?: string | null; to?: string | null; notes?: string | null; actor?: string } = {},
) => ({
  id: newId('fnh'),
  org_id: orgId,
  finding_id: findingId,
  event,
  from_status: extra.from ?? null,
  to_status: extra.to ?? null,
  notes: extra.notes ?? null,
  actor_id: extra.actor ?? SYSTEM_ACTOR,
  at,
  justification: null as string | null,
  response: null as string | null,
  detail: null as string | null,
  rule_id: null as string | null,
});

/** A new open finding of `componentId` for the vulnerability. */
export const newFindingRow = (
  orgId: string,
  sbomId: string,
  componentId: string,
  v: ResolvedVulnerability,
  now: string,
  columns = matchedColumns(v),
): NewFindingRow => ({
  id: newId('fnd'),
  org_id: orgId,
  sbom_id: sbomId,
  component_id: componentId,
  ...columns,
  status: 'open',
  remediation_notes: null,
  created_at: now,
  updated_at: now,
  status_changed_at: now,
  retracted_at: null,
  retraction_reason: null,
  // Every row has every column: the bulk insert takes its column list from the first row, and a triage rule
  // may set these on any row (rules-at-creation.ts).
  justification: null,
  response: null,
  detail: null,
  triage_source: null,
  triage_rule_id: null,
});
