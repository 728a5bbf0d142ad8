import { notFound } from '../errors.ts';
import type { ToolHandler } from './tool-handler.ts';

export const NO_GOVERNANCE_DATA = 'no governance data imported';

const emptyList: ToolHandler = async () => ({ items: [], total: 0, note: NO_GOVERNANCE_DATA });
const noteOnly: ToolHandler = async () => ({ note: NO_GOVERNANCE_DATA });

/** Without governance data a named ISO project cannot exist; without one named, there is no default either. */
const isoProject =
  (result: Record<string, unknown>): ToolHandler =>
  async (_ctx, args) => {
    if (typeof args.projectId === 'string') throw notFound('ISO project', args.projectId);
    return { projectId: null, ...result, note: NO_GOVERNANCE_DATA };
  };

/**
 * Honest empty results, in each tool's output shape, for the governance tools while no governance handler is
 * registered: empty lists and a note, never estimated numbers.
 */
export const governanceFallbackHandlers: Record<string, ToolHandler> = {
  access_anomaly_discovery: emptyList,
  access_concentration: emptyList,
  access_department_risk: emptyList,
  access_high_risk_lifecycle: emptyList,
  access_normalization_health: noteOnly,
  access_offboarding_violations: emptyList,
  access_privileged_delta: async () => ({ windowDays: 30, items: [], total: 0, note: NO_GOVERNANCE_DATA }),
  access_reviews_list: emptyList,
  access_security_debt_trend: async (_ctx, args) => ({
    months: Number(args.months),
    items: [],
    total: 0,
    note: NO_GOVERNANCE_DATA,
  }),
  access_stale_accounts: emptyList,
  evidence_log: emptyList,
  iso_controls_list: isoProject({ items: [], total: 0 }),
  iso_gap_status: isoProject({}),
  iso_soa_summary: isoProject({}),
  maturity_scores: emptyList,
  posture_summary: noteOnly,
  uar_status: async () => ({ campaigns: [], items: [], total: 0, note: NO_GOVERNANCE_DATA }),
};
