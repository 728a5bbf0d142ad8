// Assets: SBOMs with the same assetName are versions of one asset; counts come from its latest SBOM only, so
// re-uploads of an asset are never counted twice (docs/pipeline.md "Assets").
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { allSboms, openCountsBySbom } from './pipeline.repository.ts';
import type { ReachScope } from '../db/reach-filter.ts';

export interface Asset {
  assetName: string;
  versions: { version: string | null; sbomId: string; createdAt: string }[];
  latestSbomId: string;
  openFindings: { CRITICAL: number; HIGH: number; MEDIUM: number; LOW: number; total: number };
}

export class AssetService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Assets by name; versions newest first (the first is the latest). */
  /** Only the assets in the scope's reach (docs/portfolio-access.md). */
  async list(scope: ReachScope): Promise<Asset[]> {
    const { orgId } = scope;
    const byAsset = new Map<string, Asset>();
    for (const row of await allSboms(this.#db, orgId)) {
      if (scope.reach && !scope.reach.has(row.asset_id)) continue;
      let asset = byAsset.get(row.asset_name);
      if (!asset) {
        asset = {
          assetName: row.asset_name,
          versions: [],
          latestSbomId: row.id,
          openFindings: { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, total: 0 },
        };
        byAsset.set(row.asset_name, asset);
      }
      asset.versions.push({ version: row.version, sbomId: row.id, createdAt: row.created_at });
    }
    const assets = [...byAsset.values()].sort((a, b) => a.assetName.localeCompare(b.assetName));
    const latest = new Map(assets.map((a) => [a.latestSbomId, a]));
    for (const { sbom_id, severity, n } of await openCountsBySbom(this.#db, orgId, [...latest.keys()])) {
      const counts = latest.get(sbom_id)!.openFindings;
      if (severity in counts) counts[severity as 'LOW'] += n;
      counts.total += n;
    }
    return assets;
  }
}
