/**
 * The policies domain's public surface (docs/policies.md): services, the upload hook, the evaluation the scan
 * reuses. The CEL module it shares with triage rules is src/shared/cel.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SbomFindingsHooks } from '../sboms/component-matcher.ts';
import { PolicyService } from './policy.service.ts';
import { Reevaluation, type ErrorLog, type ReevaluationResult } from './reevaluation.ts';
import { ViolationService } from './violation.service.ts';

export { compilePolicyExpression } from './policy-cel.ts';
export { evaluateScan, type ScanViolation, type ScannedComponent } from './scan-evaluation.ts';
export { policyRoutes } from './policy.routes.ts';
export type { Policy, LicenseGroup, Violation, ViolationSummary, PolicyInput } from './policy.schemas.ts';
export { PolicyBody, LicenseGroupBody, ScanViolation as ScanViolationSchema } from './policy.schemas.ts';
export { PolicyService, ViolationService, Reevaluation };
export { violationsOfSbom } from './violation.service.ts';

export interface PolicyServices {
  policies: PolicyService;
  violations: ViolationService;
  reevaluation: Reevaluation;
}

export function createPolicyServices(
  db: Kysely<Database>,
  log?: ErrorLog,
  /** Told after each background re-evaluation run: how many violations it created and removed. */
  evaluated?: (result: ReevaluationResult) => void,
): PolicyServices {
  const reevaluation = new Reevaluation(db, log, evaluated);
  return {
    policies: new PolicyService(db, reevaluation),
    violations: new ViolationService(db),
    reevaluation,
  };
}

/**
 * The upload hook with policies: component-only policies whose scope is known up front on each pending batch,
 * then, after the findings (and carried-over triage), the rest in the upload's last transaction, once its asset
 * (and so which policies apply) is known; that transaction also checks the per-batch ones
 * (docs/upload-fairness.md).
 */
export function withPolicies(hooks: SbomFindingsHooks, violations: ViolationService): SbomFindingsHooks {
  return {
    ...hooks,
    countBySbom: (db, orgId, sbomIds) => hooks.countBySbom(db, orgId, sbomIds),
    beginUpload: (_db, orgId, sbomId, assetName) => violations.beginUpload(orgId, sbomId, assetName),
    matchedAll: async (trx, orgId, sbomId, created, pending) => {
      await hooks.matchedAll(trx, orgId, sbomId, created);
      await violations.finishUpload(trx, orgId, sbomId, pending);
    },
  };
}
