/**
 * The `assetId` and `tag` filters of the findings, SBOM and export reads (docs/portfolio.md): which assets they
 * mean, as ids, for a `sboms.asset_id in (…)` condition. `tag` covers the assets carrying it and their
 * descendants (as a roll-up does); an `assetId` the organisation does not have is 404, an unused tag matches none.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { notFound } from '../errors.ts';
import * as repo from './asset.repository.ts';
import { descendantsOf } from './asset.service.ts';
import { visibleSbom } from '../db/visible-sbom.ts';

export interface AssetFilter {
  assetId?: string | undefined;
  tag?: string | undefined;
}

/** The assets both filters allow (an intersection when both are given); undefined when neither is. */
export async function assetScopeOf(
  db: Kysely<Database>,
  orgId: string,
  filter: AssetFilter,
): Promise<string[] | undefined> {
  if (filter.assetId === undefined && filter.tag === undefined) return undefined;
  let ids: Set<string> | undefined;
  if (filter.assetId !== undefined) {
    if (!(await repo.findAsset(db, orgId, filter.assetId))) throw notFound('Asset', filter.assetId);
    ids = new Set([filter.assetId]);
  }
  if (filter.tag !== undefined) {
    const tagged = await repo.assetIdsTagged(db, orgId, filter.tag);
    const reached =
      tagged.length === 0 ? new Set<string>() : descendantsOf(await repo.listAssets(db, orgId), tagged);
    ids = ids ? new Set([...ids].filter((id) => reached.has(id))) : reached;
  }
  return [...ids!].sort();
}

/**
 * `sbomColumn in (the SBOMs of these assets)`; false for no assets. For the findings' and violations' queries,
 * whose rows name their SBOM.
 */
export function sbomOfAssets(
  sbomColumn: string,
  orgId: string,
  assetIds: readonly string[],
): RawBuilder<SqlBool> {
  if (assetIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(sbomColumn)} in (select s.id from sboms s where s.org_id = ${orgId} and ${visibleSbom('s')} and s.asset_id in (${sql.join(
    assetIds,
  )}))`;
}
