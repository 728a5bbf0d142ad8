/** The vulnerability database's public surface for other domains. */
export {
  baseEcosystem,
  compareVersions,
  getVersionOrdering,
  isSupportedEcosystem,
  supportedEcosystems,
  type Ordering,
  type VersionOrdering,
} from './versions/index.ts';
export { exploitDataOf, type EpssInfo, type KevInfo } from './exploit.repository.ts';
export { coverageOf, type CoverageEntry } from './coverage.ts';
