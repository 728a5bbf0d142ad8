/**
 * Which asset a new SBOM is a version of (docs/portfolio.md): the upload's and the record's side of the portfolio,
 * called by sboms/ inside their insert transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { validationFailed } from '../errors.ts';
import * as repo from './asset.repository.ts';

export interface UploadAsset {
  /** The asset of the name known before parsing (the form's, else the file name): the SBOM row needs one. */
  provisionalId: string;
  /**
   * The asset of the final name (the SBOM's subject may name it, known only after the last row), stamped with
   * this upload (active again, `last_upload_at`). A provisional asset this upload created and no longer needs is
   * removed, in the same transaction.
   */
  settle(finalName: string): Promise<string>;
}

export async function assetForUpload(
  trx: Kysely<Database>,
  orgId: string,
  provisionalName: string,
  now: string,
): Promise<UploadAsset> {
  const provisional = await repo.findOrCreateAsset(trx, orgId, provisionalName, now);
  return {
    provisionalId: provisional.asset.id,
    async settle(finalName) {
      let id = provisional.asset.id;
      if (finalName !== provisionalName) {
        id = (await repo.findOrCreateAsset(trx, orgId, finalName, now)).asset.id;
        if (provisional.created) await repo.deleteAsset(trx, orgId, provisional.asset.id);
      }
      await repo.stampUpload(trx, orgId, id, now);
      return id;
    },
  };
}

/**
 * The asset of a record created without a file (POST /sscs/sboms): the asset `assetId` names, else the one named
 * like the record (created when missing). An `assetId` the organisation has no asset for creates that asset with
 * the record's name, as records could always name an asset id of their own.
 */
export async function assetForRecord(
  trx: Kysely<Database>,
  orgId: string,
  name: string,
  assetId: string | undefined,
  now: string,
): Promise<{ id: string; name: string }> {
  if (assetId === undefined) {
    const { asset } = await repo.findOrCreateAsset(trx, orgId, name, now);
    await repo.stampUpload(trx, orgId, asset.id, now);
    return asset;
  }
  const existing = await repo.findAsset(trx, orgId, assetId);
  if (existing) {
    await repo.stampUpload(trx, orgId, existing.id, now);
    return existing;
  }
  const inserted = await trx
    .insertInto('assets')
    .values({
      id: assetId,
      org_id: orgId,
      name,
      parent_id: null,
      classifier: 'application',
      active: 1,
      retention: null,
      last_upload_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1)
    throw validationFailed(
      `body.assetId: '${assetId}' is not an asset of this organisation, and a new asset cannot take that id and ` +
        `the name '${name}' (another asset has one of them)`,
      [{ path: 'body.assetId', message: `no asset '${assetId}'; name '${name}' or id taken` }],
    );
  return { id: assetId, name };
}
