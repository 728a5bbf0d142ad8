/**
 * A principal's reach (docs/portfolio-access.md): null (everything in its organisation) or the set of asset ids it
 * may see. Owners and admins, and everyone while `portfolioAccess` is off, reach everything unless their API
 * token carries `assetTags`; members and viewers with `portfolioAccess` on reach what their teams grant (assets
 * with a granted tag or id, and those assets' descendants). A token's tags restrict it always, and on top of the
 * teams' grants (the intersection). Beside the reach, what the principal may change: with the teams deciding,
 * a member may change only the assets some grant of role member covers (the lower of workspace role and grant
 * role wins, so a viewer changes none); otherwise whatever it reaches (its scopes still decide the rest).
 * Reaches are cached until the store's change stamp moves or `invalidate` (on PostgreSQL a hit waits for the
 * store's barrier, docs/identity.md).
 */
import type { Kysely } from 'kysely';
import type { ChangeBarrier, ChangeStamp } from '../db/change-stamp.ts';
import type { Database } from '../db/database.ts';
import { rememberSbomIdsOf } from '../db/reach-filter.ts';
import { fromBool, fromJson } from '../db/helpers.ts';
import { PrincipalCache } from '../tenancy/principal-cache.ts';
import { UNRESTRICTED, type Reaches, type ReachQuery } from '../tenancy/principal.ts';
import * as repo from './reach.repository.ts';
import { grantsOfUser } from './team.repository.ts';
import type { AssetLookup } from './team.service.ts';

const RESTRICTED_ROLES = new Set(['member', 'viewer']);

export class ReachService implements AssetLookup {
  readonly #db: Kysely<Database>;
  readonly #cache: PrincipalCache<Reaches> | undefined;
  readonly #changeStamp: ChangeStamp | undefined;

  /** With a change stamp (servers) reaches are cached; without (CLI), every call reads the store. */
  constructor(db: Kysely<Database>, changeStamp?: ChangeStamp, changeBarrier?: ChangeBarrier) {
    this.#db = db;
    this.#cache = changeStamp && new PrincipalCache(changeStamp, { barrier: changeBarrier });
    this.#changeStamp = changeStamp;
  }

  /** The resolver tenancy/, sessions and OAuth call when they build a principal. */
  readonly resolve = async (query: ReachQuery): Promise<Reaches> => {
    const key = `${query.orgId}|${query.userId}|${query.assetTags?.join(',') ?? ''}`;
    const cached = await this.#cache?.lookup(key);
    if (cached?.hit) return cached.hit.value;
    const reach = await this.#compute(query);
    // A cached reach's SBOM ids are read once per change of the store, not once per list (db/reach-filter.ts).
    if (this.#changeStamp && reach.reach) rememberSbomIdsOf(reach.reach, query.orgId, this.#changeStamp);
    this.#cache?.set(key, cached?.generation, { value: reach, expiresAt: null });
    return reach;
  };

  invalidate(): void {
    this.#cache?.invalidate();
  }

  async #compute({ orgId, userId, assetTags }: ReachQuery): Promise<Reaches> {
    const who = await repo.roleAndSetting(this.#db, orgId, userId);
    if (!who) return { reach: new Set(), writable: new Set() };
    const byTeams = fromBool(who.portfolio_access) && RESTRICTED_ROLES.has(who.role);
    if (!byTeams && assetTags === null) return UNRESTRICTED;
    const tree = await repo.assetTree(this.#db, orgId);
    let reaches: Reaches = UNRESTRICTED;
    if (byTeams) {
      const grants = await grantsOfUser(this.#db, orgId, userId);
      const covered = async (roles: readonly string[]) => {
        const mine = grants.filter((g) => roles.includes(g.role));
        const tags = new Set(mine.flatMap((g) => fromJson<string[]>(g.asset_tags, [])));
        const ids = mine.flatMap((g) => fromJson<string[]>(g.asset_ids, []));
        return withDescendants(tree, [...(await repo.assetsWithTags(this.#db, orgId, [...tags])), ...ids]);
      };
      reaches = {
        reach: await covered(['member', 'viewer']),
        writable: who.role === 'member' ? await covered(['member']) : new Set(),
      };
    }
    if (assetTags !== null) {
      const byToken = withDescendants(tree, await repo.assetsWithTags(this.#db, orgId, assetTags));
      const within = (ids: ReadonlySet<string> | null) =>
        ids === null ? byToken : new Set([...ids].filter((id) => byToken.has(id)));
      reaches = { reach: within(reaches.reach), writable: reaches.writable && within(reaches.writable) };
    }
    return reaches;
  }

  knownTags(orgId: string, tags: string[]): Promise<Set<string>> {
    return repo.tagsInUse(this.#db, orgId, tags);
  }

  knownAssets(orgId: string, ids: string[]): Promise<Set<string>> {
    return repo.assetsOf(this.#db, orgId, ids);
  }
}

/** The seeds that are assets of the tree, and every asset below them. */
export function withDescendants(
  tree: { id: string; parent_id: string | null }[],
  seeds: string[],
): Set<string> {
  const children = new Map<string, string[]>();
  const known = new Set<string>();
  for (const { id, parent_id } of tree) {
    known.add(id);
    if (parent_id !== null) children.set(parent_id, [...(children.get(parent_id) ?? []), id]);
  }
  const reach = new Set<string>();
  const queue = seeds.filter((id) => known.has(id));
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (reach.has(id)) continue;
    reach.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return reach;
}
