// Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.
// Tool argument and result types for the handlers (src/mcp/tool-handler.ts).

/** Arguments of access_anomaly_discovery, as its handler receives them: validated, defaults filled in. */
export type AccessAnomalyDiscoveryArgs = Record<never, never>;
/** Result of access_anomaly_discovery, as its handler returns it (null = absent). */
export type AccessAnomalyDiscoveryResult = {
  items: Array<object>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_concentration, as its handler receives them: validated, defaults filled in. */
export type AccessConcentrationArgs = Record<never, never>;
/** Result of access_concentration, as its handler returns it (null = absent). */
export type AccessConcentrationResult = {
  /** Concentration outliers, highest ratio first */
  items: Array<object>;
  total: number;
  privilegedOutliers?: number | null;
  singleHolders?: object | null;
  sodViolations?: {
    total?: number | null;
    /** Violations covered by an exception in force */
    withException?: number | null;
    withoutException?: number | null;
    terminatedIdentities?: number | null;
    throughOwnedAccounts?: number | null;
    items?: Array<object> | null;
    [key: string]: unknown;
  } | null;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_department_risk, as its handler receives them: validated, defaults filled in. */
export type AccessDepartmentRiskArgs = Record<never, never>;
/** Result of access_department_risk, as its handler returns it (null = absent). */
export type AccessDepartmentRiskResult = {
  items: Array<object>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_high_risk_lifecycle, as its handler receives them: validated, defaults filled in. */
export type AccessHighRiskLifecycleArgs = Record<never, never>;
/** Result of access_high_risk_lifecycle, as its handler returns it (null = absent). */
export type AccessHighRiskLifecycleResult = {
  /** High-risk grants unused for 90+ days or never used */
  items: Array<object>;
  total: number;
  /** On enabled accounts */
  highRiskGrants?: number | null;
  byStage?: {
    [key: string]: number;
  } | null;
  /** Disabled accounts with active grants */
  disabledAccounts?: object | null;
  /** Identities on leave and logins during leave */
  leave?: object | null;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_normalization_health, as its handler receives them: validated, defaults filled in. */
export type AccessNormalizationHealthArgs = Record<never, never>;
/** Result of access_normalization_health, as its handler returns it (null = absent). */
export type AccessNormalizationHealthResult = {
  /** Active accounts of every type (human and non-human) */
  totalAccounts?: number | null;
  correlatedAccounts?: number | null;
  uncorrelatedAccounts?: number | null;
  /** Percentage of correlated accounts */
  correlationRate?: number | null;
  systems?: Array<object> | null;
  /** Active identities missing department, title or manager (department heads need no manager) */
  identitiesMissingAttributes?: object | null;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_offboarding_violations, as its handler receives them: validated, defaults filled in. */
export type AccessOffboardingViolationsArgs = Record<never, never>;
/** Result of access_offboarding_violations, as its handler returns it (null = absent). */
export type AccessOffboardingViolationsResult = {
  items: Array<object>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_privileged_delta, as its handler receives them: validated, defaults filled in. */
export type AccessPrivilegedDeltaArgs = Record<never, never>;
/** Result of access_privileged_delta, as its handler returns it (null = absent). */
export type AccessPrivilegedDeltaResult = {
  windowDays: 30;
  items: Array<object>;
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_reviews_list, as its handler receives them: validated, defaults filled in. */
export type AccessReviewsListArgs = Record<never, never>;
/** Result of access_reviews_list, as its handler returns it (null = absent). */
export type AccessReviewsListResult = {
  items: Array<object>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_security_debt_trend, as its handler receives them: validated, defaults filled in. */
export type AccessSecurityDebtTrendArgs = {
  /** Number of calendar months to cover, including the current one (1–24, default 6). @default 6 */
  months: number;
};
/** Result of access_security_debt_trend, as its handler returns it (null = absent). */
export type AccessSecurityDebtTrendResult = {
  months: number;
  /** One point per month (YYYY-MM), oldest first */
  items: Array<object>;
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of access_stale_accounts, as its handler receives them: validated, defaults filled in. */
export type AccessStaleAccountsArgs = Record<never, never>;
/** Result of access_stale_accounts, as its handler returns it (null = absent). */
export type AccessStaleAccountsResult = {
  items: Array<object>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of asset_overview, as its handler receives them: validated, defaults filled in. */
export type AssetOverviewArgs = {
  assetName: string;
};
/** Result of asset_overview, as its handler returns it (null = absent). */
export type AssetOverviewResult = {
  assetName: string;
  latestSbomId: string;
  versions: Array<{
    version?: string | null;
    sbomId: string;
    createdAt: string;
  }>;
  openFindings: {
    CRITICAL: number;
    HIGH: number;
    MEDIUM: number;
    LOW: number;
    total: number;
    kev: number;
  };
  /** Open policy violations of the latest version by state (fail, warn, info) */
  openViolations: {
    fail: number;
    warn: number;
    info: number;
    total: number;
  };
};

/** Arguments of audit_trail_search, as its handler receives them: validated, defaults filled in. */
export type AuditTrailSearchArgs = {
  /** Exact actor id (usr_<id>, or "system"); omit to list every actor. */
  actorId?: string;
  /** Page size (1–200, default 50). @default 50 */
  limit: number;
  /** Entries to skip (default 0). @default 0 */
  offset: number;
};
/** Result of audit_trail_search, as its handler returns it (null = absent). */
export type AuditTrailSearchResult = {
  items: Array<{
    /** aud_<id> */
    id: string;
    action: string;
    /** Masked identity of the actor */
    actor: string;
    at: string;
  }>;
  /** Full count of matching entries */
  total: number;
  limit: number;
  offset: number;
};

/** Arguments of evidence_log, as its handler receives them: validated, defaults filled in. */
export type EvidenceLogArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of evidence_log, as its handler returns it (null = absent). */
export type EvidenceLogResult = {
  projectId?: string | null;
  items: Array<object>;
  total: number;
  byStatus?: {
    [key: string]: number;
  } | null;
  /** Accepted evidence by expiry */
  accepted?: {
    [key: string]: number;
  } | null;
  /** Accepted evidence past its expiry */
  expired?: number | null;
  expiringSoon?: number | null;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of findings_search, as its handler receives them: validated, defaults filled in. */
export type FindingsSearchArgs = {
  /** Default open */
  status?: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
  /** Any of these severities */
  severity?: Array<'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW'>;
  /** Only findings in CISA's Known Exploited Vulnerabilities catalog */
  kev?: boolean;
  /** Minimum EPSS probability (0–1) */
  epssMin?: number;
  /** The asset's latest SBOM only */
  assetName?: string;
  /** CVE-…, GHSA-… or another alias */
  vulnerabilityId?: string;
  /** Text in the component name or purl */
  q?: string;
  /** Findings per page (default 25) */
  limit?: number;
  /** nextCursor of the previous page */
  cursor?: string;
};
/** Result of findings_search, as its handler returns it (null = absent). */
export type FindingsSearchResult = {
  items: Array<{
    /** fnd_<id> */
    id: string;
    vulnerabilityId: string;
    aliases?: Array<string> | null;
    summary?: string | null;
    severity: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
    status: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
    sbomId: string;
    component: {
      name: string;
      version?: string | null;
      purl?: string | null;
    };
    /** In CISA's KEV catalog */
    kev: boolean;
    /** Highest EPSS probability of the id and its aliases */
    epss?: number | null;
    fixedVersions: Array<string>;
  }>;
  /** Findings on this page */
  count: number;
  /** Absent on the last page */
  nextCursor?: string | null;
};

/** Arguments of iso_controls_list, as its handler receives them: validated, defaults filled in. */
export type IsoControlsListArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of iso_controls_list, as its handler returns it (null = absent). */
export type IsoControlsListResult = {
  /** The project the controls belong to; absent when there is none */
  projectId?: string | null;
  items: Array<object>;
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of iso_gap_status, as its handler receives them: validated, defaults filled in. */
export type IsoGapStatusArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of iso_gap_status, as its handler returns it (null = absent). */
export type IsoGapStatusResult = {
  projectId?: string | null;
  evidenceCoverage?: object | null;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
  [key: string]: unknown;
};

/** Arguments of iso_soa_summary, as its handler receives them: validated, defaults filled in. */
export type IsoSoaSummaryArgs = {
  /** ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project. */
  projectId?: string;
};
/** Result of iso_soa_summary, as its handler returns it (null = absent). */
export type IsoSoaSummaryResult = {
  projectId?: string | null;
  completeness?: object | null;
  version?: string | null;
  approvedAt?: string | null;
  riskLinks?: object | null;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
  [key: string]: unknown;
};

/** Arguments of maturity_scores, as its handler receives them: validated, defaults filled in. */
export type MaturityScoresArgs = Record<never, never>;
/** Result of maturity_scores, as its handler returns it (null = absent). */
export type MaturityScoresResult = {
  items: Array<object>;
  /** Number of items in this result */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Arguments of policy_violations, as its handler receives them: validated, defaults filled in. */
export type PolicyViolationsArgs = {
  /** Default open */
  status?: 'open' | 'suppressed';
  /** The asset's latest SBOM only */
  assetName?: string;
  /** sbom_<id>: this SBOM only */
  sbomId?: string;
  state?: 'fail' | 'warn' | 'info';
  kind?: 'license' | 'security' | 'operational';
  /** pol_<id> */
  policyId?: string;
  /** Violations per page (default 25) */
  limit?: number;
  /** nextCursor of the previous page */
  cursor?: string;
};
/** Result of policy_violations, as its handler returns it (null = absent). */
export type PolicyViolationsResult = {
  items: Array<{
    /** pvl_<id> */
    id: string;
    /** pol_<id> */
    policyId: string;
    policyName: string;
    kind: 'license' | 'security' | 'operational';
    state: 'fail' | 'warn' | 'info';
    component: {
      name: string;
      version?: string | null;
      purl?: string | null;
    };
    sbomId: string;
    /** fnd_<id>, when the condition is about a vulnerability */
    findingId?: string | null;
    reason: string;
    status: 'open' | 'suppressed';
    /** Why it was suppressed (or reopened) */
    comment?: string | null;
    createdAt: string;
  }>;
  /** Violations on this page */
  count: number;
  /** Absent on the last page */
  nextCursor?: string | null;
};

/** Arguments of posture_summary, as its handler receives them: validated, defaults filled in. */
export type PostureSummaryArgs = Record<never, never>;
/** Result of posture_summary, as its handler returns it (null = absent). */
export type PostureSummaryResult = {
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
  [key: string]: unknown;
};

/** Arguments of remediation_plan, as its handler receives them: validated, defaults filled in. */
export type RemediationPlanArgs = {
  /** sbom_<id> */
  sbomId?: string;
  /** The asset's latest SBOM */
  assetName?: string;
};
/** Result of remediation_plan, as its handler returns it (null = absent). */
export type RemediationPlanResult = {
  /** The SBOM the plan is for */
  sbomId: string;
  items: Array<{
    /** The package (purl without version) */
    purl: string;
    currentVersion: string;
    /** The version to upgrade to; absent when the advisories name none (see targetAbove) */
    targetVersion?: string | null;
    /** Present when the fix is any version above this one (the ecosystem cannot name the next) */
    targetAbove?: string | null;
    fixes: {
      total: number;
      bySeverity: {
        CRITICAL: number;
        HIGH: number;
        MEDIUM: number;
        LOW: number;
      };
      kev: number;
    };
    /** Open findings the target leaves */
    remaining: number;
    findingIds: Array<string>;
    /** Direct dependencies (purls) that bring it in */
    introducedBy: Array<string>;
  }>;
  total: number;
  truncated: boolean;
};

/** Arguments of risk_create_draft, as its handler receives them: validated, defaults filled in. */
export type RiskCreateDraftArgs = {
  /** Short name of the risk */
  title: string;
  description?: string;
  /** e.g. access, supplier, availability */
  category?: string;
  likelihood?: number;
  impact?: number;
  treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid';
};
/** Result of risk_create_draft, as its handler returns it (null = absent). */
export type RiskCreateDraftResult = {
  /** risk_<id> */
  id: string;
  title: string;
  description?: string | null;
  category?: string | null;
  /** usr_<id> of the risk owner */
  ownerUserId?: string | null;
  likelihood?: number | null;
  impact?: number | null;
  /** likelihood × impact (1–25); absent until both are set */
  score?: number | null;
  treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid' | null;
  status: 'draft' | 'approved' | 'in_treatment' | 'accepted' | 'closed';
  /** usr_<id> of the creator */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};

/** Arguments of risk_get, as its handler receives them: validated, defaults filled in. */
export type RiskGetArgs = {
  /** risk_<id> */
  id: string;
};
/** Result of risk_get, as its handler returns it (null = absent). */
export type RiskGetResult = {
  /** risk_<id> */
  id: string;
  title: string;
  description?: string | null;
  category?: string | null;
  /** usr_<id> of the risk owner */
  ownerUserId?: string | null;
  likelihood?: number | null;
  impact?: number | null;
  /** likelihood × impact (1–25); absent until both are set */
  score?: number | null;
  treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid' | null;
  status: 'draft' | 'approved' | 'in_treatment' | 'accepted' | 'closed';
  /** usr_<id> of the creator */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};

/** Arguments of risk_register_list, as its handler receives them: validated, defaults filled in. */
export type RiskRegisterListArgs = Record<never, never>;
/** Result of risk_register_list, as its handler returns it (null = absent). */
export type RiskRegisterListResult = {
  items: Array<{
    /** risk_<id> */
    id: string;
    title: string;
    description?: string | null;
    category?: string | null;
    /** usr_<id> of the risk owner */
    ownerUserId?: string | null;
    likelihood?: number | null;
    impact?: number | null;
    /** likelihood × impact (1–25); absent until both are set */
    score?: number | null;
    treatment?: 'mitigate' | 'accept' | 'transfer' | 'avoid' | null;
    status: 'draft' | 'approved' | 'in_treatment' | 'accepted' | 'closed';
    /** usr_<id> of the creator */
    createdBy: string;
    createdAt: string;
    updatedAt: string;
  }>;
  total: number;
};

/** Arguments of sbom_list, as its handler receives them: validated, defaults filled in. */
export type SbomListArgs = {
  /** Text in the SBOM's name or asset */
  q?: string;
};
/** Result of sbom_list, as its handler returns it (null = absent). */
export type SbomListResult = {
  items: Array<{
    /** sbom_<id> */
    id: string;
    name: string;
    assetName: string;
    /** ast_<id>: the asset whose version it is */
    assetId?: string | null;
    version?: string | null;
    /** The file's format family */
    source?: string | null;
    componentCount: number;
    findingCount: number;
    createdAt: string;
  }>;
  total: number;
  truncated: boolean;
};

/** Arguments of supplier_assessment_status, as its handler receives them: validated, defaults filled in. */
export type SupplierAssessmentStatusArgs = Record<never, never>;
/** Result of supplier_assessment_status, as its handler returns it (null = absent). */
export type SupplierAssessmentStatusResult = {
  total: number;
  notStarted: number;
  inProgress: number;
  completed: number;
  /** Percent completed; absent without suppliers */
  completionRate?: number | null;
  byTier: {
    '1': {
      total: number;
      completed: number;
      completionRate?: number | null;
    };
    '2': {
      total: number;
      completed: number;
      completionRate?: number | null;
    };
    '3': {
      total: number;
      completed: number;
      completionRate?: number | null;
    };
  };
  /** Tier-1 suppliers not completed */
  unassessedCritical: number;
};

/** Arguments of supplier_list, as its handler receives them: validated, defaults filled in. */
export type SupplierListArgs = Record<never, never>;
/** Result of supplier_list, as its handler returns it (null = absent). */
export type SupplierListResult = {
  items: Array<{
    /** vnd_<id> */
    id: string;
    name: string;
    type: 'oss' | 'commercial';
    riskTier: 1 | 2 | 3;
    assessmentStatus: 'not_started' | 'in_progress' | 'completed';
    website?: string | null;
  }>;
  total: number;
  truncated: boolean;
};

/** Arguments of uar_status, as its handler receives them: validated, defaults filled in. */
export type UarStatusArgs = Record<never, never>;
/** Result of uar_status, as its handler returns it (null = absent). */
export type UarStatusResult = {
  campaigns?: Array<object> | null;
  /** Open review items */
  items: Array<object>;
  /** Number of open items returned */
  total: number;
  /** Present when the organisation has no governance data yet; the result is then empty, not estimated. */
  note?: string | null;
};

/** Each tool's arguments as its handler receives them, by tool name. */
export interface ToolArgs {
  access_anomaly_discovery: AccessAnomalyDiscoveryArgs;
  access_concentration: AccessConcentrationArgs;
  access_department_risk: AccessDepartmentRiskArgs;
  access_high_risk_lifecycle: AccessHighRiskLifecycleArgs;
  access_normalization_health: AccessNormalizationHealthArgs;
  access_offboarding_violations: AccessOffboardingViolationsArgs;
  access_privileged_delta: AccessPrivilegedDeltaArgs;
  access_reviews_list: AccessReviewsListArgs;
  access_security_debt_trend: AccessSecurityDebtTrendArgs;
  access_stale_accounts: AccessStaleAccountsArgs;
  asset_overview: AssetOverviewArgs;
  audit_trail_search: AuditTrailSearchArgs;
  evidence_log: EvidenceLogArgs;
  findings_search: FindingsSearchArgs;
  iso_controls_list: IsoControlsListArgs;
  iso_gap_status: IsoGapStatusArgs;
  iso_soa_summary: IsoSoaSummaryArgs;
  maturity_scores: MaturityScoresArgs;
  policy_violations: PolicyViolationsArgs;
  posture_summary: PostureSummaryArgs;
  remediation_plan: RemediationPlanArgs;
  risk_create_draft: RiskCreateDraftArgs;
  risk_get: RiskGetArgs;
  risk_register_list: RiskRegisterListArgs;
  sbom_list: SbomListArgs;
  supplier_assessment_status: SupplierAssessmentStatusArgs;
  supplier_list: SupplierListArgs;
  uar_status: UarStatusArgs;
}

/** Each tool's result as its handler returns it, by tool name. */
export interface ToolResult {
  access_anomaly_discovery: AccessAnomalyDiscoveryResult;
  access_concentration: AccessConcentrationResult;
  access_department_risk: AccessDepartmentRiskResult;
  access_high_risk_lifecycle: AccessHighRiskLifecycleResult;
  access_normalization_health: AccessNormalizationHealthResult;
  access_offboarding_violations: AccessOffboardingViolationsResult;
  access_privileged_delta: AccessPrivilegedDeltaResult;
  access_reviews_list: AccessReviewsListResult;
  access_security_debt_trend: AccessSecurityDebtTrendResult;
  access_stale_accounts: AccessStaleAccountsResult;
  asset_overview: AssetOverviewResult;
  audit_trail_search: AuditTrailSearchResult;
  evidence_log: EvidenceLogResult;
  findings_search: FindingsSearchResult;
  iso_controls_list: IsoControlsListResult;
  iso_gap_status: IsoGapStatusResult;
  iso_soa_summary: IsoSoaSummaryResult;
  maturity_scores: MaturityScoresResult;
  policy_violations: PolicyViolationsResult;
  posture_summary: PostureSummaryResult;
  remediation_plan: RemediationPlanResult;
  risk_create_draft: RiskCreateDraftResult;
  risk_get: RiskGetResult;
  risk_register_list: RiskRegisterListResult;
  sbom_list: SbomListResult;
  supplier_assessment_status: SupplierAssessmentStatusResult;
  supplier_list: SupplierListResult;
  uar_status: UarStatusResult;
}
