/**
 * The portfolio reach filter every read path applies (docs/portfolio-access.md): `column IN reach`, as one bound
 * parameter whatever the reach's size (SQLite: `json_each`, PostgreSQL: `= any(text[])`), so the statement's text
 * and plan stay the same for every principal and both use the (org_id, asset_id) index of sboms.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ChangeStamp } from './change-stamp.ts';
import { dialectOf } from './connect.ts';
import type { Database } from './database.ts';
import { visibleSbom } from './visible-sbom.ts';

/** A reach as read paths take it: null is "everything in the organisation". */
export type ReachIds = ReadonlySet<string> | null;

/** `column IN reach` (reach not null); an empty reach matches nothing. */
export function inReach(
  db: Kysely<Database>,
  column: Expression<unknown> | string,
  reach: ReadonlySet<string>,
): RawBuilder<SqlBool> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  if (reach.size === 0) return sql<SqlBool>`1 = 0`;
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`${ref} = any(${[...reach]}::text[])`
    : sql<SqlBool>`${ref} in (select value from json_each(${JSON.stringify([...reach])}))`;
}

/**
 * `sbomColumn` names an SBOM of the organisation whose asset is in reach: the filter of findings, components,
 * violations and everything else hanging off an SBOM.
 */
export function sbomInReach(
  db: Kysely<Database>,
  orgId: string,
  sbomColumn: Expression<unknown> | string,
  reach: ReadonlySet<string>,
): RawBuilder<SqlBool> {
  const ref = typeof sbomColumn === 'string' ? sql.ref(sbomColumn) : sbomColumn;
  if (reach.size === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${ref} in (select r_s.id from sboms r_s where r_s.org_id = ${orgId} and ${inReach(db, 'r_s.asset_id', reach)} and ${visibleSbom('r_s')})`;
}

/**
 * Who a read is for: the organisation and the principal's reach. A Principal is one; internal, organisation-wide
 * readers (collectors, schedules) pass `{ orgId, reach: null }`.
 */
export interface ReachScope {
  orgId: string;
  reach: ReachIds;
}

/** The conditions restricting `findings as f` (or any alias with an SBOM column) to a scope's reach. */
export function reachConditions(
  db: Kysely<Database>,
  scope: ReachScope,
  sbomColumn = 'f.sbom_id',
): RawBuilder<SqlBool>[] {
  return scope.reach === null ? [] : [sbomInReach(db, scope.orgId, sbomColumn, scope.reach)];
}

/**
 * Who writes, as far as the portfolio goes: what it reaches and, of that, the asset ids whose data it may change
 * (null: all it reaches). Out of reach is 404; reached but not writable is 403 (portfolio/asset-reach.ts,
 * `requireWritable`). A Principal is one.
 */
export interface WriteReach {
  reach: ReachIds;
  writable: ReachIds;
}

export interface WriteScope extends ReachScope, WriteReach {}

/** Organisation-wide: what internal readers and writers (collectors, schedules, the operator's CLI) pass. */
export const wholeOrg = (orgId: string): WriteScope => ({ orgId, reach: null, writable: null });

/**
 * Reached SBOM ids remembered with a cached reach (portfolio/reach.ts): kept while the store's change stamp stays
 * where it was when they were read, so any commit (SQLite) or any notified change (PostgreSQL: sboms, assets'
 * tags, teams… each notify; a request using a cached reach has passed the store's barrier) reads them again.
 */
interface RememberedSbomIds {
  orgId: string;
  stamp: ChangeStamp;
  read?: { at: number; ids: Promise<ReadonlySet<string>> };
}

/** By the reach's own set: a reach a cache recomputes after a change is a new set, and starts empty. */
const remembered = new WeakMap<ReadonlySet<string>, RememberedSbomIds>();

/**
 * Lets `reachedSbomIds` remember the SBOM ids of `reach`, an immutable set only a cache dropped with `stamp`
 * hands out. A reach built elsewhere (a test's or a CLI's set, reused across writes) is never remembered.
 */
export function rememberSbomIdsOf(reach: ReadonlySet<string>, orgId: string, stamp: ChangeStamp): void {
  if (!remembered.has(reach)) remembered.set(reach, { orgId, stamp });
}

/** The ids of the SBOMs in a scope's reach (one probe of the sboms (org_id, asset_id) index); null: all. */
export async function reachedSbomIds(
  db: Kysely<Database>,
  scope: ReachScope,
): Promise<ReadonlySet<string> | null> {
  if (scope.reach === null) return null;
  if (scope.reach.size === 0) return new Set();
  const memo = remembered.get(scope.reach);
  if (memo === undefined || memo.orgId !== scope.orgId) return readSbomIds(db, scope.orgId, scope.reach);
  // Read before the query: a change committed while it runs moves the stamp past `at`, so it is read again.
  const at = memo.stamp();
  if (at === undefined) return readSbomIds(db, scope.orgId, scope.reach);
  if (memo.read?.at !== at) {
    const ids = readSbomIds(db, scope.orgId, scope.reach);
    memo.read = { at, ids };
    // A failed read is not remembered.
    ids.catch(() => memo.read?.ids === ids && delete memo.read);
  }
  return memo.read.ids;
}

async function readSbomIds(
  db: Kysely<Database>,
  orgId: string,
  reach: ReadonlySet<string>,
): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectFrom('sboms')
    .select('id')
    .where('org_id', '=', orgId)
    .where(inReach(db, 'asset_id', reach))
    .where(visibleSbom())
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * As `reachConditions`, for SBOM ids already read by `reachedSbomIds`: the findings list then filters on its own
 * `sbom_id` column, which its indexes can serve, instead of a subquery per row.
 */
export function reachedSbomConditions(
  db: Kysely<Database>,
  ids: ReadonlySet<string> | null,
  sbomColumn = 'f.sbom_id',
): RawBuilder<SqlBool>[] {
  if (ids === null) return [];
  if (ids.size === 0) return [sql<SqlBool>`1 = 0`];
  // SQLite: the unary + keeps the planner on the list's own (org_id, status, id) index, walked in the list's
  // order and stopping at the page's end, rather than gathering every reached finding by SBOM and sorting them.
  if (dialectOf(db) === 'sqlite')
    return [
      sql<SqlBool>`+${sql.ref(sbomColumn)} in (select value from json_each(${JSON.stringify([...ids])}))`,
    ];
  return [inReach(db, sbomColumn, ids)];
}
