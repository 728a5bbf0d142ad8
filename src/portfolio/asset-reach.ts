/**
 * The reach checks of the asset routes' writes (docs/portfolio-access.md): an asset (or new parent) outside the
 * caller's reach is 404 like another organisation's; organisation-wide writes (creating assets, which the caller
 * would not reach, or a retention run) need an unrestricted principal.
 */
import type { ReachIds } from '../db/reach-filter.ts';
import { AppError } from '../errors.ts';
import type { AssetService } from './asset.service.ts';

export async function reachable(
  assets: AssetService,
  orgId: string,
  reach: ReachIds,
  ids: (string | null | undefined)[],
): Promise<void> {
  if (reach === null) return;
  for (const id of ids) if (id) await assets.get(orgId, id, reach);
}

export function unrestricted<T extends { reach: ReachIds }>(principal: T, what: string): T {
  if (principal.reach !== null)
    throw new AppError('FORBIDDEN', 403, `A principal restricted to part of the portfolio may not ${what}`);
  return principal;
}
