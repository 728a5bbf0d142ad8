/** The 17 governance tools: each translates its arguments and calls the GovernanceService. */
import type { ToolHandlers } from './tool-handler.ts';

/**
 * Every result carries person names only under displayName / holderName / ownerName / reviewerName /
 * actorName keys the tool server masks; ids stay.
 */
export const governanceToolHandlers = {
  access_anomaly_discovery: async ({ governance, principal }) => governance.anomalyDiscovery(principal.orgId),
  access_concentration: async ({ governance, principal }) => governance.concentration(principal.orgId),
  access_department_risk: async ({ governance, principal }) => governance.departmentRisk(principal.orgId),
  access_high_risk_lifecycle: async ({ governance, principal }) =>
    governance.highRiskLifecycle(principal.orgId),
  access_normalization_health: async ({ governance, principal }) =>
    governance.normalizationHealth(principal.orgId),
  access_offboarding_violations: async ({ governance, principal }) =>
    governance.offboardingViolations(principal.orgId),
  access_privileged_delta: async ({ governance, principal }) => governance.privilegedDelta(principal.orgId),
  access_reviews_list: async ({ governance, principal }) => governance.reviewsList(principal.orgId),
  access_security_debt_trend: async ({ governance, principal }, args) =>
    governance.securityDebtTrend(principal.orgId, { months: args.months }),
  access_stale_accounts: async ({ governance, principal }) => governance.staleAccounts(principal.orgId),
  uar_status: async ({ governance, principal }) => governance.uarStatus(principal.orgId),
  iso_controls_list: async ({ governance, principal }, args) =>
    governance.isoControlsList(principal.orgId, args),
  iso_gap_status: async ({ governance, principal }, args) => governance.isoGapStatus(principal.orgId, args),
  iso_soa_summary: async ({ governance, principal }, args) => governance.isoSoaSummary(principal.orgId, args),
  evidence_log: async ({ governance, principal }, args) => governance.evidenceLog(principal.orgId, args),
  maturity_scores: async ({ governance, principal }) => governance.maturityScores(principal.orgId),
  posture_summary: async ({ governance, principal }) =>
    governance.postureSummary(principal.orgId, {}, principal.reach),
} satisfies Partial<ToolHandlers>;
