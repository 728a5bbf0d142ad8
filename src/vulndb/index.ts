/**
 * The vulnerability database's public surface: other domains import from here only, never from the
 * modules behind it (checked by test/architecture/import-graph.test.ts).
 */
export { comparatorFor } from './comparator.ts';
export { osvPackageOf, packageKey } from './ecosystems.ts';
export { affectedBy, type MatchReason } from './match.ts';
export type { MatchRange } from './osv.ts';
export { evaluatePrepared, preparePackage, sharedParser, type PreparedPackage } from './prepared-match.ts';
export {
  combineSeverity,
  SEVERITIES,
  SEVERITY_SOURCES,
  type AdvisorySeverity,
  type CvssScore,
  type Severity,
  type SeverityLevel,
  type SeveritySource,
} from './severity.ts';
export {
  baseEcosystem,
  compareVersions,
  getVersionOrdering,
  isSupportedEcosystem,
  supportedEcosystems,
  type Ordering,
  type VersionOrdering,
} from './versions/index.ts';
export { exploitDataOf, kevIdsAmong, type EpssInfo, type KevInfo } from './exploit.repository.ts';
export { coverageOf, type CoverageEntry } from './coverage.ts';
export {
  advisoryDetails,
  chunks,
  cwesOfIds,
  generation,
  holdsEcosystem,
  loadCandidates,
  severityOfIds,
  type CandidateRow,
  type PackageRef,
  type SeverityRow,
} from './vulndb.repository.ts';
export { VulnDbService, type ImportProgress, type ImportSummary } from './vulndb.service.ts';
export { VulnSyncService, type SyncReport, type VulnDbStatus } from './sync/sync.service.ts';
export type { FeedResult } from './sync/exploit-sync.ts';
export type { OsvEcosystemResult } from './sync/osv-sync.ts';
export { registerSyncMetrics } from './sync/sync-metrics.ts';
export { startSyncSchedule } from './sync/schedule.ts';
export { vulndbRoutes } from './vulndb.routes.ts';
