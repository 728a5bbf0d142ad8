/**
 * The governance read side as one service: each method is one governance tool's answer for an organisation.
 * The store stays inside the domain, so edges (tools, CLI) never hold a database handle.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { FindingService } from '../findings/finding.service.ts';
import type { RiskService } from '../risks/risk.service.ts';
import type { VendorService } from '../vendors/vendor.service.ts';
import { normalizationHealth, offboardingViolations, staleAccounts } from './access/accounts.service.ts';
import { highRiskLifecycle, privilegedDelta } from './access/grants.service.ts';
import { anomalyDiscovery, concentration } from './access/peers.service.ts';
import { departmentRisk, securityDebtTrend } from './access/risk.service.ts';
import type { AsOf } from './common.ts';
import { evidenceLog } from './evidence/evidence.service.ts';
import { isoControlsList, isoGapStatus, isoSoaSummary } from './iso/iso.service.ts';
import { maturityScores } from './maturity/maturity.service.ts';
import { postureSummary } from './posture/posture.service.ts';
import { reviewsList, uarStatus } from './reviews/reviews.service.ts';

/** The other domains posture_summary rolls up. */
export interface PostureSources {
  findings: FindingService;
  vendors: VendorService;
  risks: RiskService;
}

type Project = { projectId?: string };

export class GovernanceService {
  readonly #db: Kysely<Database>;
  readonly #sources: PostureSources;

  constructor(db: Kysely<Database>, sources: PostureSources) {
    this.#db = db;
    this.#sources = sources;
  }

  anomalyDiscovery = (orgId: string, o: AsOf = {}) => anomalyDiscovery(this.#db, orgId, o);
  concentration = (orgId: string, o: AsOf = {}) => concentration(this.#db, orgId, o);
  departmentRisk = (orgId: string, o: AsOf = {}) => departmentRisk(this.#db, orgId, o);
  highRiskLifecycle = (orgId: string, o: AsOf = {}) => highRiskLifecycle(this.#db, orgId, o);
  normalizationHealth = (orgId: string, o: AsOf = {}) => normalizationHealth(this.#db, orgId, o);
  offboardingViolations = (orgId: string, o: AsOf = {}) => offboardingViolations(this.#db, orgId, o);
  privilegedDelta = (orgId: string, o: AsOf = {}) => privilegedDelta(this.#db, orgId, o);
  reviewsList = (orgId: string, o: AsOf = {}) => reviewsList(this.#db, orgId, o);
  securityDebtTrend = (orgId: string, o: AsOf & { months?: number } = {}) =>
    securityDebtTrend(this.#db, orgId, o);
  staleAccounts = (orgId: string, o: AsOf = {}) => staleAccounts(this.#db, orgId, o);
  uarStatus = (orgId: string, o: AsOf = {}) => uarStatus(this.#db, orgId, o);
  isoControlsList = (orgId: string, o: Project = {}) => isoControlsList(this.#db, orgId, o);
  isoGapStatus = (orgId: string, o: AsOf & Project = {}) => isoGapStatus(this.#db, orgId, o);
  isoSoaSummary = (orgId: string, o: Project = {}) => isoSoaSummary(this.#db, orgId, o);
  evidenceLog = (orgId: string, o: AsOf & Project = {}) => evidenceLog(this.#db, orgId, o);
  postureSummary = (orgId: string, o: AsOf = {}, reach: ReadonlySet<string> | null = null) =>
    postureSummary(this.#db, orgId, this.#sources, o, reach);

  /** maturity_scores takes no project id: without an active ISO project the answer is empty, not an error. */
  async maturityScores(orgId: string) {
    try {
      return await maturityScores(this.#db, orgId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        return { projectId: null, items: [], total: 0, truncated: false, note: 'no active ISO project' };
      throw error;
    }
  }
}
