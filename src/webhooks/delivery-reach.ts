import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { isAssetEvent } from '../events/catalogue.ts';
import type { Reach, ReachResolver } from '../tenancy/principal.ts';
import type { ClaimedDelivery } from './delivery.repository.ts';

/**
 * A webhook carries the reach of the user who created it (docs/portfolio-access.md, "Events and webhooks"): an
 * event about an asset (events/catalogue.ts, ASSET_EVENT_TYPES) goes to it only while that asset is in the
 * creator's reach, decided when each attempt is claimed, so a change of grants, teams, role or `portfolioAccess`
 * applies from the next attempt on. Webhooks are made by sessions (never API tokens), so no token restriction
 * applies; one the operator's CLI made, or whose creator has been removed (`system`), reaches the whole
 * organisation.
 * Organisation-wide events go to every webhook that wants them.
 */

/** Splits claimed deliveries into those to send and those to skip, grouped by the creator whose reach excluded them. */
export async function byCreatorReach(
  claimed: ClaimedDelivery[],
  reachOf: ReachResolver,
): Promise<{ send: ClaimedDelivery[]; skip: Map<string, ClaimedDelivery[]> }> {
  // A creator's reach is resolved once per claim, however many of its deliveries were claimed.
  const reaches = new Map<string, Promise<Reach>>();
  const reachOfCreator = ({ orgId, createdBy }: ClaimedDelivery) => {
    const key = `${orgId}|${createdBy}`;
    let reach = reaches.get(key);
    if (!reach)
      reaches.set(key, (reach = reachOf({ orgId, userId: createdBy, assetTags: null }).then((r) => r.reach)));
    return reach;
  };
  const send: ClaimedDelivery[] = [];
  const skip = new Map<string, ClaimedDelivery[]>();
  for (const d of claimed) {
    if (!isAssetEvent(d.eventType) || d.createdBy === SYSTEM_ACTOR) {
      send.push(d);
      continue;
    }
    const reach = await reachOfCreator(d);
    // An asset event recorded without its asset (before migration 96) reaches only an unrestricted creator.
    if (reach === null || (d.assetId !== null && reach.has(d.assetId))) send.push(d);
    else {
      const skipped = skip.get(d.createdBy);
      if (skipped) skipped.push(d);
      else skip.set(d.createdBy, [d]);
    }
  }
  return { send, skip };
}

/** The reason a skipped delivery's log shows. */
export const outOfReach = (creator: string) => `outside the reach of its creator ${creator}`;
