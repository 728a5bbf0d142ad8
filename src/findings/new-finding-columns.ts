/**
 * How a new, untriaged finding is written: most of its 27 columns are the same on every such row (status 'open',
 * no triage, no retraction), so the insert binds only the 15 that differ and leaves the rest to the statement.
 * Binding every column was a third of the insert's CPU on SQLite (27,242 rows: 545 → 348 ms, BENCHMARKS.md
 * "Vulnerability matching").
 */
import type { FindingTable } from './finding.table.ts';

/** The columns bound per row, in the insert's order. */
export const NEW_FINDING_BOUND = [
  'id',
  'org_id',
  'sbom_id',
  'component_id',
  'vulnerability_id',
  'aliases',
  'advisory_ids',
  'severity',
  'severity_source',
  'cvss_score',
  'cvss_vector',
  'fixed_versions',
  'created_at',
  'updated_at',
  'status_changed_at',
] as const satisfies readonly (keyof FindingTable)[];

/** Text every new finding holds alike: part of the statement (`insertRows`' constants). */
export const NEW_FINDING_CONSTANTS = {
  status: 'open',
  refs: '[]',
  match_reasons: '[]',
} as const satisfies Partial<Record<keyof FindingTable, string>>;

/** Null on every new finding: left out of the insert, so the store writes null. */
const NEW_FINDING_NULLS = [
  'summary',
  'remediation_notes',
  'retracted_at',
  'retraction_reason',
  'justification',
  'response',
  'detail',
  'triage_source',
  'triage_rule_id',
] as const satisfies readonly (keyof FindingTable)[];

// Every column is in exactly one of the three lists: a column added to findings fails to compile here until it is.
type Listed =
  | (typeof NEW_FINDING_BOUND)[number]
  | keyof typeof NEW_FINDING_CONSTANTS
  | (typeof NEW_FINDING_NULLS)[number];
const everyColumn: Record<Exclude<keyof FindingTable, Listed>, never> = {};
void everyColumn;

/**
 * Whether a row is a new finding as the lean insert writes it: the constants as they are and the nulls null. A
 * row a triage rule set at creation (rules-at-creation.ts) is not, and takes the insert of every column.
 */
export function isPlainNewFinding(row: Readonly<Partial<Record<keyof FindingTable, unknown>>>): boolean {
  for (const column of NEW_FINDING_NULLS) if (row[column] != null) return false;
  return (
    row.status === NEW_FINDING_CONSTANTS.status &&
    row.refs === NEW_FINDING_CONSTANTS.refs &&
    row.match_reasons === NEW_FINDING_CONSTANTS.match_reasons
  );
}
