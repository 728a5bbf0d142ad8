/** The SBOMs' and components' queries, always filtered on the organisation. */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { containsInsensitive, insertRows } from '../db/helpers.ts';
import { turnTaker } from '../shared/turns.ts';
import type { ComponentValues, DEPENDS_ON, DependsOnCorrection } from './prepared-sbom.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES, type SbomComponentRow, type SbomRow } from './sbom.table.ts';
import { inReach, type ReachIds } from '../db/reach-filter.ts';
import { stillPending, visibleSbom } from '../db/visible-sbom.ts';

// visibility: the writers below (insert, finish, delete) are the upload's and deletion's own.
export const insertSbom = (db: Kysely<Database>, row: SbomRow) =>
  db.insertInto('sboms').values(row).execute();

/** Rows as value arrays in COMPONENT_COLUMNS order (bulk path: 100,000 rows per upload). */
// visibility: the upload's writer.
export const insertComponents = (db: Kysely<Database>, rows: readonly ComponentValues[]) =>
  insertRows(db, 'sbom_components', COMPONENT_COLUMNS, rows, COMPONENT_PG_TYPES);

/**
 * One batch of a pending upload's components, in a transaction of its own (docs/upload-fairness.md). On PostgreSQL
 * it commits without waiting for its WAL flush: a pending SBOM's rows need no durability of their own, since after
 * a crash the SBOM is still pending and the start-up sweep deletes it. The last transaction, which makes the SBOM
 * visible, waits as every other does.
 */
// visibility: the upload's writer.
export const insertPendingComponents = (
  db: Kysely<Database>,
  rows: readonly ComponentValues[],
  /** What the upload's hooks write with the batch (PendingUpload), in the same short transaction. */
  more?: (trx: Kysely<Database>) => Promise<void>,
) =>
  db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
    await insertComponents(trx, rows);
    if (more) await more(trx);
  });

/** Corrections per UPDATE statement (one JSON array parameter of [id, dependsOn] pairs). */
const CORRECTIONS_PER_STATEMENT = 1_000;

/**
 * After an upload's last row: the SBOM's component count and version (known only then for a streamed file), and
 * the dependsOn of rows that named a bom-ref no component took (RowBuilder.corrections). Real SBOMs have few or
 * none, but a hostile one can have one per component: they are written 1,000 per statement, with a turn of the
 * event loop between statements, never one statement each.
 */
export async function finishUpload(
  db: Kysely<Database>,
  orgId: string,
  sbom: Pick<
    SbomRow,
    'id' | 'component_count' | 'version' | 'asset_name' | 'asset_id' | 'root_depends_on' | 'pending_since'
  >,
  corrections: readonly DependsOnCorrection[],
): Promise<void> {
  // visibility: the upload's last transaction, which makes its own SBOM visible.
  const updated = await db
    .updateTable('sboms')
    .set({
      component_count: sbom.component_count,
      version: sbom.version,
      asset_name: sbom.asset_name,
      asset_id: sbom.asset_id,
      root_depends_on: sbom.root_depends_on,
      // Null: visible from this transaction's commit (docs/upload-fairness.md).
      pending_since: sbom.pending_since,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', sbom.id)
    .executeTakeFirst();
  // The row, locked by this UPDATE to the transaction's end, is what keeps the violations and findings written
  // next from outliving it (violationsOfGoneSbom). Gone (the sweep took an upload pending past
  // ABANDONED_UPLOAD_MS): nothing more is written.
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`the pending SBOM ${sbom.id} is gone`);
  const postgres = dialectOf(db) === 'postgres';
  const turn = turnTaker();
  for (let start = 0; start < corrections.length; start += CORRECTIONS_PER_STATEMENT) {
    const pairs = JSON.stringify(corrections.slice(start, start + CORRECTIONS_PER_STATEMENT));
    await (
      postgres
        ? sql`update sbom_components c set depends_on = j.value ->> 1
            from jsonb_array_elements(${pairs}::jsonb) j where c.org_id = ${orgId} and c.id = j.value ->> 0`
        : // `+org_id`: no index on it, so SQLite looks each pair up by primary key instead of reading every
          // component of the organisation once per pair.
          sql`update sbom_components set depends_on = j.value ->> 1 from json_each(${pairs}) j
            where +sbom_components.org_id = ${orgId} and sbom_components.id = j.value ->> 0`
    ).execute(db);
    await turn();
  }
}

/**
 * Newest first (ids are time-ordered); `q` is a case-insensitive substring of the name; `assetIds`: only those
 * assets' SBOMs (none for an empty list).
 */
export function listSboms(
  db: Kysely<Database>,
  orgId: string,
  q?: string,
  assetIds?: readonly string[],
  reach: ReachIds = null,
): Promise<SbomRow[]> {
  let query = db.selectFrom('sboms').selectAll().where('org_id', '=', orgId).where(visibleSbom());
  if (reach) query = query.where(inReach(db, 'asset_id', reach));
  if (q) query = query.where((eb) => containsInsensitive(db, eb.ref('name'), q));
  if (assetIds)
    query =
      assetIds.length === 0 ? query.where(sql<SqlBool>`1 = 0`) : query.where('asset_id', 'in', assetIds);
  return query.orderBy('id', 'desc').execute();
}

/** One page of `listSboms`: the `limit` SBOMs after the id `after` (ids descending). */
export function listSbomsPage(
  db: Kysely<Database>,
  orgId: string,
  q: string | undefined,
  after: string | undefined,
  limit: number,
  assetIds?: readonly string[],
  reach: ReachIds = null,
): Promise<SbomRow[]> {
  let query = db.selectFrom('sboms').selectAll().where('org_id', '=', orgId).where(visibleSbom());
  if (reach) query = query.where(inReach(db, 'asset_id', reach));
  if (q) query = query.where((eb) => containsInsensitive(db, eb.ref('name'), q));
  if (assetIds)
    query =
      assetIds.length === 0 ? query.where(sql<SqlBool>`1 = 0`) : query.where('asset_id', 'in', assetIds);
  if (after !== undefined) query = query.where('id', '<', after);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** With a reach (docs/portfolio-access.md), an SBOM of an asset outside it is not found. */
export function findSbom(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  reach: ReachIds = null,
): Promise<SbomRow | undefined> {
  let query = db
    .selectFrom('sboms')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where(visibleSbom());
  if (reach) query = query.where(inReach(db, 'asset_id', reach));
  return query.executeTakeFirst();
}

/**
 * The asset of each of these SBOMs, as a lookup: the events about their findings and violations carry it
 * (events/catalogue.ts, ASSET_EVENT_TYPES), and writes to them check it (portfolio/asset-reach.ts). Callers ask
 * in the transaction that holds those rows, so an SBOM not found is a broken invariant, not an answer.
 */
export async function assetsOfSboms(
  db: Kysely<Database>,
  orgId: string,
  sbomIds: Iterable<string>,
): Promise<(sbomId: string) => string> {
  const ids = [...new Set(sbomIds)];
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('sboms')
          .select(['id', 'asset_id'])
          .where('org_id', '=', orgId)
          .where('id', 'in', ids)
          .where(visibleSbom())
          .execute();
  const assets = new Map(rows.map((r) => [r.id, r.asset_id]));
  return (sbomId) => {
    const assetId = assets.get(sbomId);
    if (assetId === undefined) throw new Error(`SBOM ${sbomId} of organisation ${orgId} has no row`);
    return assetId;
  };
}

// visibility: the components of an SBOM the caller found with findSbom (visible only), as the next two.
export const listComponents = (
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
): Promise<SbomComponentRow[]> =>
  db
    .selectFrom('sbom_components')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .orderBy('position')
    .execute();

/**
 * One page of `listComponents`: the `limit` components after the position `after`.
 * visibility: of an SBOM found with findSbom first (SbomService.componentPages).
 */
export const listComponentsPage = (
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  after: number | undefined,
  limit: number,
): Promise<SbomComponentRow[]> =>
  db
    .selectFrom('sbom_components')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .where('position', '>', after ?? -1)
    .orderBy('position')
    .limit(limit)
    .execute();

/**
 * Up to `limit` components of an SBOM, lowest positions first: a large SBOM is deleted a chunk at a time.
 * visibility: SbomService.delete found the SBOM with findSbom first; `onlyPending` (a refused upload's cleanup,
 * docs/upload-fairness.md) deletes none once the upload's last transaction has made the SBOM visible.
 */
export async function deleteComponentsChunk(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  limit: number,
  { onlyPending = false } = {},
): Promise<number> {
  const chunk = db
    .selectFrom('sbom_components')
    .select('id')
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .$if(onlyPending, (qb) => qb.where(stillPending(orgId, sbomId)))
    .orderBy('position')
    .limit(limit);
  const result = await db.deleteFrom('sbom_components').where('id', 'in', chunk).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes an SBOM's policy violations (their history goes with each by its foreign key) before its row, since on
 * PostgreSQL no foreign key takes them with it (migration 2026-11-28-10); returns how many. An upload with policies
 * leaves 50,000 of them. SQLite: up to `limit`, a chunk (inChunks), since its statements run on the event loop
 * (one cascading delete of them held it 252–316 ms). PostgreSQL: all in one statement, which holds nothing of this
 * process: in chunks of 2,000 the 50,000 took 0.6–1.1 s against 0.23–0.37 s (BENCHMARKS.md, "Policies").
 * `onlyPending` as for the components. What a writer adds meanwhile goes with the row (violationsOfGoneSbom).
 * visibility: as deleteComponentsChunk.
 */
export async function deleteViolationsChunk(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  limit: number,
  { onlyPending = false } = {},
): Promise<number> {
  const postgres = dialectOf(db) === 'postgres';
  const chunk = db
    .selectFrom('policy_violations')
    .select('id')
    .where('sbom_id', '=', sbomId)
    .where('org_id', '=', orgId)
    .limit(limit);
  const result = await (
    postgres
      ? db.deleteFrom('policy_violations').where('sbom_id', '=', sbomId).where('org_id', '=', orgId)
      : db.deleteFrom('policy_violations').where('id', 'in', chunk)
  )
    .$if(onlyPending, (qb) => qb.where(stillPending(orgId, sbomId)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * In the transaction that deleted the SBOM's row, after it: its violations left after the chunks, which a writer
 * committed meanwhile (normally none). Every writer of violations holds the SBOM's row in its transaction (a batch
 * by its components' foreign key, the upload's last transaction by its UPDATE, a re-evaluation by
 * `holdSbom`'s FOR KEY SHARE), so on PostgreSQL the row's deletion waited for their commits and this statement
 * sees their rows; a writer coming after finds the row gone and writes none. SQLite's one writer serialises them.
 * visibility: the SBOM's own deletion.
 */
async function violationsOfGoneSbom(db: Kysely<Database>, orgId: string, sbomId: string): Promise<void> {
  await db
    .deleteFrom('policy_violations')
    .where('sbom_id', '=', sbomId)
    .where('org_id', '=', orgId)
    .execute();
}

/** The pending SBOM's row, if it is still pending, and what is left of its violations (one transaction). */
export function deletePendingSbom(db: Kysely<Database>, orgId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // visibility: deletes only a pending row.
    const result = await trx
      .deleteFrom('sboms')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('pending_since', 'is not', null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await violationsOfGoneSbom(trx, orgId, id);
    return true;
  });
}

/**
 * SBOMs of every organisation pending since before `before`: the sweep's (pending-uploads.ts), which then
 * deletes each within its organisation.
 */
export function pendingSbomsBefore(
  db: Kysely<Database>,
  before: string,
): Promise<{ org_id: string; id: string }[]> {
  // visibility: reads only pending rows, for the sweep.
  return db
    .selectFrom('sboms')
    .select(['org_id', 'id'])
    .where('pending_since', 'is not', null)
    .where('pending_since', '<', before)
    .execute();
}

/**
 * Components and (through their foreign keys) findings go with the SBOM; its violations left after the chunks
 * go after it (violationsOfGoneSbom): call it in a transaction.
 * visibility: SbomService.delete found the SBOM with findSbom first, in the same transaction.
 */
export async function deleteSbom(db: Kysely<Database>, orgId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sboms')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await violationsOfGoneSbom(db, orgId, id);
  return true;
}

/** Compile-time checks: a ComponentValues tuple has one value per COMPONENT_COLUMNS entry, DEPENDS_ON names depends_on. */
const _columnsMatch: ComponentValues['length'] extends (typeof COMPONENT_COLUMNS)['length'] ? true : never =
  true;
const _dependsOnAt: (typeof COMPONENT_COLUMNS)[typeof DEPENDS_ON] extends 'depends_on' ? true : never = true;
void _columnsMatch;
void _dependsOnAt;
