// The pipeline features' services, built once per app from the store (one entry in Services).
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { CandidateCache } from '../findings/candidate-cache.ts';
import type { FindingService } from '../findings/finding.service.ts';
import type { SbomFindingsHooks } from '../sboms/component-matcher.ts';
import type { RemediationService } from '../remediation/remediation.service.ts';
import type { SbomLimits } from '../sboms/parsers/parse-sbom.ts';
import { carryOverTriage } from './carry-over.ts';
import { DiffService } from './diff.service.ts';
import { ExportService } from './export.service.ts';
import { ScanService, type KevLookup } from './scan.service.ts';
import { VexService } from './vex.service.ts';

export interface PipelineServices {
  scan: ScanService;
  exports: ExportService;
  vex: VexService;
  diff: DiffService;
}

export function createPipelineServices(
  db: Kysely<Database>,
  options: {
    kev?: KevLookup;
    limits?: SbomLimits;
    candidates?: CandidateCache;
    /** The process's remediation service, whose graph cache the findings share. */
    remediation?: RemediationService;
  } = {},
): PipelineServices {
  return {
    scan: new ScanService(db, options),
    exports: new ExportService(db, options),
    vex: new VexService(db),
    diff: new DiffService(db),
  };
}

/** The upload's findings hooks, plus the triage an asset's previous SBOM hands to the new one. */
export function withCarryOver(findings: FindingService): SbomFindingsHooks {
  return {
    matchComponents: (db, orgId, sbomId, components, maxFindings) =>
      findings.matchComponents(db, orgId, sbomId, components, maxFindings),
    matchedAll: async (trx, orgId, sbomId, created) => {
      await findings.matchedAll(trx, orgId, sbomId, created);
      if (created > 0) await carryOverTriage(trx, orgId, sbomId);
    },
    countBySbom: (db, orgId, sbomIds) => findings.countBySbom(db, orgId, sbomIds),
    // Without it a delete left the findings to the components' cascade: 298,000 at once for 2,000 components.
    deleteFindingsOfSbom: (db, orgId, sbomId, limit) =>
      findings.deleteFindingsOfSbom(db, orgId, sbomId, limit),
  };
}
