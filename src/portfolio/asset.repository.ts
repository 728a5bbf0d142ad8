/** The assets' and tags' queries, always filtered on the organisation. */
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../db/database.ts';
import { containsInsensitive } from '../db/helpers.ts';
import { newId } from '../shared/ids.ts';
import type { AssetRow, AssetTable } from './asset.table.ts';
import { visibleSbom } from '../db/visible-sbom.ts';

/**
 * The asset named `name`, created when there is none. Race-safe: the insert does nothing when another request
 * created the same name first (unique org_id+name; on PostgreSQL it waits for that transaction), then the row
 * is read back, so two concurrent uploads of a new name share one asset. Pass the upload's transaction.
 */
export async function findOrCreateAsset(
  db: Kysely<Database>,
  orgId: string,
  name: string,
  now: string,
): Promise<{ asset: AssetRow; created: boolean }> {
  const existing = await findAssetByName(db, orgId, name);
  if (existing) return { asset: existing, created: false };
  const row: AssetRow = {
    id: newId('ast'),
    org_id: orgId,
    name,
    parent_id: null,
    classifier: 'application',
    active: 1,
    retention: null,
    last_upload_at: null,
    created_at: now,
    updated_at: now,
  };
  const result = await db
    .insertInto('assets')
    .values(row)
    .onConflict((oc) => oc.columns(['org_id', 'name']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return { asset: row, created: true };
  const winner = await findAssetByName(db, orgId, name);
  if (!winner) throw new Error(`asset '${name}' was neither inserted nor found`);
  return { asset: winner, created: false };
}

/** An upload arrived: the asset is active again and its last upload is `now`. */
export const stampUpload = (db: Kysely<Database>, orgId: string, assetId: string, now: string) =>
  db
    .updateTable('assets')
    .set({ last_upload_at: now, active: 1, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', assetId)
    .execute();

export const findAsset = (db: Kysely<Database>, orgId: string, id: string): Promise<AssetRow | undefined> =>
  db.selectFrom('assets').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const findAssetByName = (
  db: Kysely<Database>,
  orgId: string,
  name: string,
): Promise<AssetRow | undefined> =>
  db.selectFrom('assets').selectAll().where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();

/** Every asset of the organisation, by name; `q`: a case-insensitive substring of the name. */
export function listAssets(db: Kysely<Database>, orgId: string, q?: string): Promise<AssetRow[]> {
  let query = db.selectFrom('assets').selectAll().where('org_id', '=', orgId);
  if (q) query = query.where((eb) => containsInsensitive(db, eb.ref('name'), q));
  return query.orderBy('name').execute();
}

export const insertAsset = (db: Kysely<Database>, row: AssetRow) =>
  db.insertInto('assets').values(row).execute();

export const updateAsset = (db: Kysely<Database>, orgId: string, id: string, patch: Updateable<AssetTable>) =>
  db.updateTable('assets').set(patch).where('org_id', '=', orgId).where('id', '=', id).execute();

/** Tags are deleted with the asset (foreign key), SBOMs are not: delete those first. */
export async function deleteAsset(db: Kysely<Database>, orgId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('assets')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The tags of the organisation's assets (each list sorted), by asset id, or by asset name (triage rules match
 * findings by their SBOM's asset name).
 */
export async function tagsByAsset(
  db: Kysely<Database>,
  orgId: string,
  key: 'id' | 'name' = 'id',
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('asset_tags as t')
    .innerJoin('assets as a', 'a.id', 't.asset_id')
    .select([key === 'id' ? 'a.id as key' : 'a.name as key', 't.tag'])
    .where('t.org_id', '=', orgId)
    .orderBy('t.tag')
    .execute();
  const byAsset = new Map<string, string[]>();
  for (const { key: asset, tag } of rows) {
    const tags = byAsset.get(asset);
    if (tags) tags.push(tag);
    else byAsset.set(asset, [tag]);
  }
  return byAsset;
}

export async function replaceTags(
  db: Kysely<Database>,
  orgId: string,
  assetId: string,
  tags: readonly string[],
): Promise<void> {
  await db.deleteFrom('asset_tags').where('org_id', '=', orgId).where('asset_id', '=', assetId).execute();
  if (tags.length > 0)
    await db
      .insertInto('asset_tags')
      .values(tags.map((tag) => ({ org_id: orgId, asset_id: assetId, tag })))
      .execute();
}

/** Ids of the assets carrying `tag`. */
export const assetIdsTagged = async (db: Kysely<Database>, orgId: string, tag: string): Promise<string[]> =>
  (
    await db
      .selectFrom('asset_tags')
      .select('asset_id')
      .where('org_id', '=', orgId)
      .where('tag', '=', tag)
      .execute()
  ).map((r) => r.asset_id);

/**
 * A rename keeps `sboms.asset_name` equal to the asset's name (the section 12 shape reads it).
 * visibility: a pending SBOM's `asset_id` is '' until its upload's last transaction binds it by name
 * (docs/upload-fairness.md), so no rename reaches it.
 */
export const renameSboms = (db: Kysely<Database>, orgId: string, assetId: string, name: string) =>
  db
    .updateTable('sboms')
    .set({ asset_name: name })
    .where('org_id', '=', orgId)
    .where('asset_id', '=', assetId)
    .execute();

/** The asset's SBOMs, newest first (ids are time-ordered). */
export const sbomsOfAsset = (db: Kysely<Database>, orgId: string, assetId: string) =>
  db
    .selectFrom('sboms')
    .select(['id', 'version', 'created_at'])
    .where('org_id', '=', orgId)
    .where('asset_id', '=', assetId)
    .where(visibleSbom())
    .orderBy('id', 'desc')
    .execute();

/** The organisation's default retention (JSON text or null). */
export const orgRetention = async (db: Kysely<Database>, orgId: string): Promise<string | null> =>
  (await db.selectFrom('organizations').select('retention').where('id', '=', orgId).executeTakeFirst())
    ?.retention ?? null;

/** The id of the asset's newest SBOM (ids are time-ordered). */
export const latestSbomOfAssetId = async (
  db: Kysely<Database>,
  orgId: string,
  assetId: string,
): Promise<string | undefined> =>
  (
    await db
      .selectFrom('sboms')
      .select('id')
      .where('org_id', '=', orgId)
      .where('asset_id', '=', assetId)
      .where(visibleSbom())
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.id;

/** The asset's tags, sorted (what policies scoped by tags are matched against). */
export const tagsOfAsset = async (db: Kysely<Database>, orgId: string, assetId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('asset_tags')
      .select('tag')
      .where('org_id', '=', orgId)
      .where('asset_id', '=', assetId)
      .orderBy('tag')
      .execute()
  ).map((r) => r.tag);
