/** Table types of the governance data. */
import type { Selectable } from 'kysely';

/** Governance tables (migration 2026-11-22-40-governance). Timestamps ISO 8601 UTC text; booleans 0/1. */

interface Owned {
  id: string;
  org_id: string;
  external_id: string;
}

export interface IdentityTable extends Owned {
  display_name: string;
  email: string | null;
  department: string | null;
  title: string | null;
  manager_id: string | null;
  /** employee | contractor | intern */
  employment_type: string;
  /** active | leave | terminated */
  status: string;
  hire_date: string | null;
  termination_date: string | null;
  department_changed_at: string | null;
  /** 1 when the identity heads its department (exempt from "missing manager"). */
  department_head: number;
  /** When the current leave began (status leave); logins after it are logins during leave. */
  leave_started_at: string | null;
  updated_at: string;
}

export interface SystemTable extends Owned {
  name: string;
  /** low | medium | high | critical */
  criticality: string;
  last_sync_at: string | null;
}

export interface AccountTable extends Owned {
  system_id: string;
  username: string;
  /** The correlated identity (for non-human accounts: the owner), or null. */
  identity_id: string | null;
  /** human | service | shared | break_glass */
  type: string;
  /** active | disabled */
  status: string;
  created_at: string;
  last_login_at: string | null;
  disabled_at: string | null;
}

export interface EntitlementTable extends Owned {
  system_id: string;
  name: string;
  privileged: number;
  /** low | medium | high | critical */
  risk_level: string;
}

export interface GrantTable extends Owned {
  account_id: string;
  entitlement_id: string;
  /** Copied from the account (may be null), kept in step by the importer. */
  identity_id: string | null;
  /** Copied from the entitlement. */
  privileged: number;
  /** 1 when the account is disabled (copied from the account, kept in step by the importer). */
  account_disabled: number;
  risk_level: string;
  granted_at: string;
  revoked_at: string | null;
  expires_at: string | null;
  last_used_at: string | null;
  last_reviewed_at: string | null;
}

export interface SodRuleTable extends Owned {
  name: string;
  entitlement_a_id: string;
  entitlement_b_id: string;
  severity: string;
}

/** An accepted separation-of-duty conflict: who approved it, the mitigating control, until when. */
export interface SodExceptionTable extends Owned {
  rule_id: string;
  identity_id: string;
  mitigating_control: string;
  approved_by_id: string | null;
  approved_at: string;
  expires_at: string;
}

export interface ReviewCampaignTable extends Owned {
  name: string;
  /** planned | active | completed */
  status: string;
  owner_id: string | null;
  started_at: string;
  due_at: string;
  completed_at: string | null;
}

export interface ReviewItemTable extends Owned {
  campaign_id: string;
  grant_id: string | null;
  subject_id: string | null;
  reviewer_id: string | null;
  entitlement_id: string | null;
  privileged: number;
  /** pending | approve | revoke | modify */
  decision: string;
  decided_at: string | null;
  /** none | pending | done */
  remediation_status: string;
  remediation_due_at: string | null;
  remediated_at: string | null;
  /** Evidence of the decision: a note and/or a link. */
  evidence_note: string | null;
  evidence_url: string | null;
  /** 1 when the reviewer is the subject's manager or above (set by refreshDerived, derived/refresh.ts). */
  reviewer_in_chain: number;
}

export interface IsoProjectTable extends Owned {
  name: string;
  /** active | archived */
  status: string;
  created_at: string;
  target_date: string | null;
  /** The statement of applicability's version and approval time. */
  soa_version: string | null;
  soa_approved_at: string | null;
}

export interface SoaEntryTable {
  id: string;
  org_id: string;
  project_id: string;
  control_id: string;
  applicable: number;
  justification: string | null;
  /** not_started | planned | in_progress | implemented */
  implementation_status: string;
  /** not_assessed | effective | partially_effective | ineffective */
  result: string;
  maturity_current: number | null;
  maturity_target: number | null;
  owner_id: string | null;
  /** JSON array of risk register ids (risk_…) the control treats, sorted; null when none are linked. */
  risk_ids: string | null;
  updated_at: string;
}

export interface EvidenceTable extends Owned {
  project_id: string | null;
  control_id: string;
  title: string;
  collected_at: string;
  expires_at: string | null;
  /** accepted | pending | rejected */
  status: string;
  collector_id: string | null;
  /** `bulwark:<collector>` for evidence the workspace collected itself (docs/compliance.md); null when imported. */
  source: string | null;
  /** JSON `{figures, reasons, offending}` of a collector's run; null when imported. */
  details: string | null;
}

export interface MaturityAssessmentTable extends Owned {
  project_id: string;
  control_id: string;
  score: number;
  target: number | null;
  assessed_at: string;
  assessor_id: string | null;
  notes: string | null;
}

export interface SupplierAssessmentTable extends Owned {
  vendor_id: string;
  assessed_at: string;
  status: string;
  score: number | null;
  notes: string | null;
}

export interface GovSettingsTable {
  org_id: string;
  stale_account_days: number;
  offboarding_sla_hours: number;
  review_remediation_sla_days: number;
  privileged_remediation_sla_days: number;
  /** IANA time zone in which date-only times (a termination date) are read; default UTC. */
  timezone: string;
  updated_at: string;
}

export type IdentityRow = Selectable<IdentityTable>;
export type SettingsRow = Selectable<GovSettingsTable>;

declare module '../db/database.ts' {
  interface Database {
    gov_identities: IdentityTable;
    gov_systems: SystemTable;
    gov_accounts: AccountTable;
    gov_entitlements: EntitlementTable;
    gov_grants: GrantTable;
    gov_sod_rules: SodRuleTable;
    gov_sod_exceptions: SodExceptionTable;
    gov_review_campaigns: ReviewCampaignTable;
    gov_review_items: ReviewItemTable;
    gov_iso_projects: IsoProjectTable;
    gov_soa_entries: SoaEntryTable;
    gov_evidence: EvidenceTable;
    gov_maturity_assessments: MaturityAssessmentTable;
    gov_supplier_assessments: SupplierAssessmentTable;
    gov_settings: GovSettingsTable;
  }
}

export interface IdentityAccessTable {
  org_id: string;
  identity_id: string;
  department: string;
  title: string;
  grants: number;
  privileged: number;
  rare: number;
  /** Department means over identities with grants, the department's size, and the concentration flags. */
  mean_grants: number;
  mean_privileged: number;
  members: number;
  outlier: number;
  priv_outlier: number;
}

export interface PeerGroupTable {
  org_id: string;
  department: string;
  title: string;
  size: number;
}

export interface SodViolationTable {
  org_id: string;
  rule_id: string;
  identity_id: string;
  /** 1 when one of the conflicting grants is on a service, shared or break-glass account the identity owns. */
  via_owned_account: number;
  /** The identity's department ('' for none), for access_department_risk. */
  department: string;
}

declare module '../db/database.ts' {
  interface Database {
    gov_sod_violations: SodViolationTable;
    gov_identity_access: IdentityAccessTable;
    gov_peer_groups: PeerGroupTable;
  }
}

/** Time-independent posture figures, rewritten by every write that changed anything (derived/refresh.ts). */
export interface PostureSnapshotTable {
  org_id: string;
  human_accounts: number;
  correlated_accounts: number;
  orphaned_accounts: number;
  high_risk_grants: number;
  disabled_accounts: number;
  leave_login_accounts: number;
  concentration_outliers: number;
  disabled_grants: number;
  leave_identities: number;
  leave_login_identities: number;
  /** access_normalization_health: active identities, those missing each attribute, department heads. */
  active_identities: number;
  missing_department: number;
  missing_title: number;
  missing_manager: number;
  missing_any: number;
  department_heads: number;
  /** access_concentration: identities with grants, privileged outliers. */
  access_holders: number;
  priv_outliers: number;
  /** access_anomaly_discovery: identities holding a rare entitlement, and their rare assignments. */
  rare_outliers: number;
  rare_assignments: number;
  /** access_high_risk_lifecycle: high-risk grants on disabled accounts (reported apart). */
  disabled_high_risk_grants: number;
  refreshed_at: string;
}

/** A review campaign's item counts that do not depend on the reference time, stored with the posture snapshot. */
export interface CampaignCountsTable {
  org_id: string;
  campaign_id: string;
  items: number;
  pending: number;
  approve: number;
  revoke: number;
  modify: number;
  self_reviews: number;
  self_decided: number;
  chain: number;
  without_evidence: number;
}

/** Stored security-debt items per UTC day of opening or closing (by kind and severity), with the posture snapshot. */
export interface DebtDayTable {
  org_id: string;
  kind: string;
  severity: string;
  which: 'opened' | 'closed';
  day: string;
  items: number;
}

/** High-risk grants on enabled accounts per UTC day of grant, last use or last review, with the posture snapshot. */
export interface HighRiskDayTable {
  org_id: string;
  field: 'granted' | 'used' | 'reviewed';
  day: string;
  grants: number;
}

/** An account used after its identity's leave began, stored with the posture snapshot. */
export interface LeaveLoginTable {
  org_id: string;
  account_id: string;
  identity_id: string;
  leave_started_at: string;
  last_login_at: string;
}

/** A disabled account still carrying active grants, stored with the posture snapshot. */
export interface DisabledAccountTable {
  org_id: string;
  account_id: string;
  identity_id: string | null;
  disabled_at: string | null;
  /** Its active grants. */
  grants: number;
}

/** Active accounts per day of last login (or of creation, never logged in), stored with the posture snapshot. */
export interface ActivityDayTable {
  org_id: string;
  kind: 'login' | 'created';
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** The owning identity's department ('' for none, and for accounts without an identity). */
  department: string;
  /** 1 when an identity owns the accounts (access_department_risk attributes only those). */
  attributed: number;
  accounts: number;
}

/** access_normalization_health's active-account counts of one system, stored with the posture snapshot. */
export interface SystemCountsTable {
  org_id: string;
  system_id: string;
  accounts: number;
  human: number;
  correlated: number;
  orphaned: number;
}

/** One security-debt item (access_security_debt_trend's kinds), opened and closed at stored times. */
export interface DebtItemTable {
  org_id: string;
  kind: string;
  severity: string;
  opened_at: string | null;
  closed_at: string | null;
}

/** An active account of a terminated identity (offboarding candidate), stored with the posture snapshot. */
export interface OffboardingAccountTable {
  org_id: string;
  account_id: string;
  identity_id: string;
  termination_date: string;
  /** 1 when the account holds an active privileged grant. */
  privileged: number;
  /** The leaver's department ('' for none), for access_department_risk. */
  department: string;
}

/** Holders of high-risk grants on enabled accounts (identity_id null: the unowned ones), per posture snapshot. */
export interface HighRiskHolderTable {
  org_id: string;
  identity_id: string | null;
  status: string | null;
  hire_date: string | null;
  department_changed_at: string | null;
  grants: number;
}

declare module '../db/database.ts' {
  interface Database {
    gov_high_risk_holders: HighRiskHolderTable;
    gov_offboarding_accounts: OffboardingAccountTable;
    gov_posture_snapshot: PostureSnapshotTable;
    gov_system_counts: SystemCountsTable;
    gov_activity_days: ActivityDayTable;
    gov_disabled_accounts: DisabledAccountTable;
    gov_campaign_counts: CampaignCountsTable;
    gov_leave_logins: LeaveLoginTable;
    gov_debt_days: DebtDayTable;
    gov_high_risk_days: HighRiskDayTable;
    gov_debt_items: DebtItemTable;
  }
}
