/** Table types of findings and their history. */
import type { Selectable } from 'kysely';

/** One (component, vulnerability) pair of an organisation. Retracted findings stay (history) but are hidden. */
export interface FindingTable {
  id: string;
  org_id: string;
  sbom_id: string;
  component_id: string;
  vulnerability_id: string;
  /** JSON array: the vulnerability's other ids (aliases and advisory ids). */
  aliases: string;
  /** JSON array of the advisory ids that matched. */
  advisory_ids: string;
  summary: string | null;
  severity: string;
  severity_source: string;
  cvss_score: number | null;
  cvss_vector: string | null;
  /** JSON arrays. */
  fixed_versions: string;
  refs: string;
  /** JSON array of `{advisoryId, reason}`: why the component version matched. */
  match_reasons: string;
  status: string;
  remediation_notes: string | null;
  created_at: string;
  updated_at: string;
  status_changed_at: string;
  retracted_at: string | null;
  retraction_reason: string | null;
  /** VEX analysis (docs/triage-rules.md): a CycloneDX justification, a JSON array of responses, free detail. */
  justification: string | null;
  response: string | null;
  detail: string | null;
  /** Who set the current triage: `person` | `vex` | `carry_over` | `rule`; null when never triaged. */
  triage_source: string | null;
  /** The triage rule that set the current status (with `triage_source` = `rule`). */
  triage_rule_id: string | null;
}

/** Append-only history of a finding: creation, status changes, retraction and reinstatement. */
export interface FindingHistoryTable {
  id: string;
  org_id: string;
  finding_id: string;
  /** `created` | `status_change` | `retracted` | `reinstated`. */
  event: string;
  from_status: string | null;
  to_status: string | null;
  notes: string | null;
  /** `usr_…` for triage, `system` for matching. */
  actor_id: string;
  at: string;
  /** The analysis the change recorded (JSON array for `response`) and the rule that made it, if one did. */
  justification: string | null;
  response: string | null;
  detail: string | null;
  rule_id: string | null;
}

export type FindingRow = Selectable<FindingTable>;
export type FindingHistoryRow = Selectable<FindingHistoryTable>;

declare module '../db/database.ts' {
  interface Database {
    findings: FindingTable;
    finding_history: FindingHistoryTable;
  }
}
