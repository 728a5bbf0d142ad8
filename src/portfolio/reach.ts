/**
 * A principal's reach (docs/portfolio-access.md): null (everything in its organisation) or the set of asset ids it
 * may see. Owners and admins, and everyone while `portfolioAccess` is off, reach everything unless their API
 * token carries `assetTags`; members and viewers with `portfolioAccess` on reach what their teams grant (assets
 * with a granted tag or id, and those assets' descendants). A token's tags restrict it always, and on top of the
 * teams' grants (the intersection). Reaches are cached until the store's change stamp moves or `invalidate`.
 */
import type { Kysely } from 'kysely';
import type { ChangeStamp } from '../db/change-stamp.ts';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson } from '../db/helpers.ts';
import { PrincipalCache } from '../tenancy/principal-cache.ts';
import type { Reach, ReachQuery } from '../tenancy/tenancy.service.ts';
import * as repo from './reach.repository.ts';
import { grantsOfUser } from './team.repository.ts';
import type { AssetLookup } from './team.service.ts';

const RESTRICTED_ROLES = new Set(['member', 'viewer']);

export class ReachService implements AssetLookup {
  readonly #db: Kysely<Database>;
  readonly #cache: PrincipalCache<Reach> | undefined;

  /** With a change stamp (servers) reaches are cached; without (CLI), every call reads the store. */
  constructor(db: Kysely<Database>, changeStamp?: ChangeStamp) {
    this.#db = db;
    this.#cache = changeStamp && new PrincipalCache(changeStamp);
  }

  /** The resolver tenancy/, sessions and OAuth call when they build a principal. */
  readonly resolve = async (query: ReachQuery): Promise<Reach> => {
    const key = `${query.orgId}|${query.userId}|${query.assetTags?.join(',') ?? ''}`;
    const cached = this.#cache?.get(key);
    if (cached?.hit) return cached.hit.value;
    const reach = await this.#compute(query);
    this.#cache?.set(key, cached?.generation, { value: reach, expiresAt: null });
    return reach;
  };

  invalidate(): void {
    this.#cache?.invalidate();
  }

  async #compute({ orgId, userId, assetTags }: ReachQuery): Promise<Reach> {
    const who = await repo.roleAndSetting(this.#db, orgId, userId);
    if (!who) return new Set();
    const byTeams = fromBool(who.portfolio_access) && RESTRICTED_ROLES.has(who.role);
    if (!byTeams && assetTags === null) return null;
    const tree = await repo.assetTree(this.#db, orgId);
    let reach: Set<string> | null = null;
    if (byTeams) {
      const grants = await grantsOfUser(this.#db, orgId, userId);
      const tags = new Set(grants.flatMap((g) => fromJson<string[]>(g.asset_tags, [])));
      const ids = grants.flatMap((g) => fromJson<string[]>(g.asset_ids, []));
      const seeds = [...(await repo.assetsWithTags(this.#db, orgId, [...tags])), ...ids];
      reach = withDescendants(tree, seeds);
    }
    if (assetTags !== null) {
      const byToken = withDescendants(tree, await repo.assetsWithTags(this.#db, orgId, assetTags));
      reach = reach === null ? byToken : new Set([...reach].filter((id) => byToken.has(id)));
    }
    return reach;
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
