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
