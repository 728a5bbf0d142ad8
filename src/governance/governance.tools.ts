import { AppError } from '../errors.ts';
import type { ToolHandler } from '../mcp/tool-handler.ts';
import { normalizationHealth, offboardingViolations, staleAccounts } from './access/accounts.service.ts';
import { highRiskLifecycle, privilegedDelta } from './access/grants.service.ts';
import { anomalyDiscovery, concentration } from './access/peers.service.ts';
import { departmentRisk, securityDebtTrend } from './access/risk.service.ts';
import { evidenceLog } from './evidence/evidence.service.ts';
import { isoControlsList, isoGapStatus, isoSoaSummary } from './iso/iso.service.ts';
import { maturityScores } from './maturity/maturity.service.ts';
import { postureSummary } from './posture/posture.service.ts';
import { reviewsList, uarStatus } from './reviews/reviews.service.ts';

/** The tool server validated args against the manifest already; these only pick the optional ones. */
const project = (args: Record<string, unknown>) =>
  typeof args.projectId === 'string' ? { projectId: args.projectId } : {};

/**
 * The 17 governance tools: thin wrappers over the service functions (which are tested directly). Every result
 * carries person names only under displayName / holderName / ownerName / reviewerName / actorName
 * keys the tool server masks; ids stay.
 */
export const governanceToolHandlers: Record<string, ToolHandler> = {
  access_anomaly_discovery: async ({ db, principal }) => anomalyDiscovery(db, principal.orgId),
  access_concentration: async ({ db, principal }) => concentration(db, principal.orgId),
  access_department_risk: async ({ db, principal }) => departmentRisk(db, principal.orgId),
  access_high_risk_lifecycle: async ({ db, principal }) => highRiskLifecycle(db, principal.orgId),
  access_normalization_health: async ({ db, principal }) => normalizationHealth(db, principal.orgId),
  access_offboarding_violations: async ({ db, principal }) => offboardingViolations(db, principal.orgId),
  access_privileged_delta: async ({ db, principal }) => privilegedDelta(db, principal.orgId),
  access_reviews_list: async ({ db, principal }) => reviewsList(db, principal.orgId),
  access_security_debt_trend: async ({ db, principal }, args) =>
    securityDebtTrend(db, principal.orgId, typeof args.months === 'number' ? { months: args.months } : {}),
  access_stale_accounts: async ({ db, principal }) => staleAccounts(db, principal.orgId),
  uar_status: async ({ db, principal }) => uarStatus(db, principal.orgId),
  iso_controls_list: async ({ db, principal }, args) => isoControlsList(db, principal.orgId, project(args)),
  iso_gap_status: async ({ db, principal }, args) => isoGapStatus(db, principal.orgId, project(args)),
  iso_soa_summary: async ({ db, principal }, args) => isoSoaSummary(db, principal.orgId, project(args)),
  evidence_log: async ({ db, principal }, args) => evidenceLog(db, principal.orgId, project(args)),
  maturity_scores: async ({ db, principal }) => {
    try {
      return await maturityScores(db, principal.orgId);
    } catch (error) {
      // No active ISO project: no scores to show (an empty answer, not an error: the tool takes no id).
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        return { projectId: null, items: [], total: 0, truncated: false, note: 'no active ISO project' };
      throw error;
    }
  },
  posture_summary: async ({ db, principal, services }) => postureSummary(db, principal.orgId, services),
};
