/** Table types of policies, license groups and policy violations (docs/policies.md). */
import type { Selectable } from 'kysely';

export interface PolicyTable {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  /** `license` | `security` | `operational`. */
  kind: string;
  /** `any` | `all`: how the conditions combine. */
  operator: string;
  /** `info` | `warn` | `fail`. */
  violation_state: string;
  /** JSON array of `{subject, operator, value}`. */
  conditions: string;
  /** JSON arrays; null: every asset. */
  asset_names: string | null;
  tags: string | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface LicenseGroupTable {
  id: string;
  org_id: string;
  name: string;
  /** JSON array of SPDX ids, `X WITH E`, `LicenseRef-…`. */
  licenses: string;
  created_at: string;
  updated_at: string;
}

export interface PolicySettingsTable {
  org_id: string;
  groups_seeded_at: string;
}

export interface PolicyViolationTable {
  id: string;
  org_id: string;
  policy_id: string;
  sbom_id: string;
  component_id: string;
  /** '' when the condition is not about a vulnerability. */
  finding_id: string;
  kind: string;
  state: string;
  reason: string;
  /** `open` | `suppressed`. */
  status: string;
  comment: string | null;
  created_at: string;
  updated_at: string;
}

export interface PolicyViolationHistoryTable {
  id: string;
  org_id: string;
  violation_id: string;
  from_status: string | null;
  to_status: string;
  comment: string | null;
  actor_id: string;
  at: string;
}

export type PolicyRow = Selectable<PolicyTable>;
export type LicenseGroupRow = Selectable<LicenseGroupTable>;
export type PolicyViolationRow = Selectable<PolicyViolationTable>;
export type PolicyViolationHistoryRow = Selectable<PolicyViolationHistoryTable>;

declare module '../db/database.ts' {
  interface Database {
    policies: PolicyTable;
    license_groups: LicenseGroupTable;
    policy_settings: PolicySettingsTable;
    policy_violations: PolicyViolationTable;
    policy_violation_history: PolicyViolationHistoryTable;
  }
}
