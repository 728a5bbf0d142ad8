/**
 * The reach checks of writes (docs/portfolio-access.md): an asset (or new parent) outside the caller's reach is
 * 404 like another organisation's; one it reaches but may not change is 403 (`requireWritable`, the one check
 * of every write to an asset's data); organisation-wide writes (creating assets, which the caller would not
 * reach, or a retention run) need an unrestricted principal.
 */
import type { ReachIds, WriteReach, WriteScope } from '../db/reach-filter.ts';
import { AppError } from '../errors.ts';
import type { AssetService } from './asset.service.ts';

/** The assets a write names (the asset, a new parent) must be reached (404) and changeable (403) by the writer. */
export async function writableAssets(
  assets: AssetService,
  writer: WriteScope,
  ids: (string | null | undefined)[],
): Promise<void> {
  for (const id of ids) {
    if (!id) continue;
    if (writer.reach !== null) await assets.get(writer.orgId, id, writer.reach);
    requireWritable(writer, id, `asset '${id}'`);
  }
}

export function unrestricted<T extends { reach: ReachIds }>(principal: T, what: string): T {
  if (principal.reach !== null)
    throw new AppError('FORBIDDEN', 403, `A principal restricted to part of the portfolio may not ${what}`);
  return principal;
}

/**
 * An asset the writer reaches but whose grants give it the viewer role only (or any asset, for a workspace
 * viewer under `portfolioAccess`) is read-only: 403 FORBIDDEN. Call it once the target was found within the
 * writer's reach, so an asset out of reach still reads as missing. `what` names the target as the caller sent it.
 */
export function requireWritable(writer: Pick<WriteReach, 'writable'>, assetId: string, what: string): void {
  if (writer.writable === null || writer.writable.has(assetId)) return;
  throw new AppError(
    'FORBIDDEN',
    403,
    `You may view but not change ${what}: your teams grant its asset with role viewer only`,
  );
}
