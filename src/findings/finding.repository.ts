/** The findings' queries, always filtered on the organisation. */
import {
  CompiledQuery,
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { insertRows, orgIdNotIndexed, pgArrayLiteral } from '../db/helpers.ts';
import { chunks, type PackageRef } from '../vulndb/index.ts';
import {
  applyFindingQuery,
  filterFindings,
  rowsOfPage,
  sortOf,
  type FindingListFilter as FindingListQueryFilter,
} from './finding-query.ts';
import type { FindingHistoryRow, FindingHistoryTable, FindingRow, FindingTable } from './finding.table.ts';
import { inVisibleSbom, visibleSbom } from '../db/visible-sbom.ts';
import { isPlainNewFinding, NEW_FINDING_BOUND, NEW_FINDING_CONSTANTS } from './new-finding-columns.ts';

export type NewFindingRow = Insertable<FindingTable>;
export type NewHistoryRow = Insertable<FindingHistoryTable>;

export interface FindingWithComponent extends FindingRow {
  component_name: string;
  component_version: string | null;
  component_purl: string | null;
  component_ecosystem: string | null;
  component_package_key: string | null;
}

/** What the list filters on (severity already split into its list): see finding-query.ts. */
export type FindingFilter = FindingListQueryFilter;

/** The columns a FindingWithComponent adds to the finding's, from its component joined as `c`. */
export const COMPONENT_OF_FINDING = [
  'c.name as component_name',
  'c.version as component_version',
  'c.purl as component_purl',
  'c.ecosystem as component_ecosystem',
  'c.package_key as component_package_key',
] as const;

function withComponent(db: Kysely<Database>, orgId: string) {
  // visibility: from findings, which a pending SBOM has none of (its upload's last transaction writes them).
  return db
    .selectFrom('findings as f')
    .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
    .selectAll('f')
    .select(COMPONENT_OF_FINDING)
    .where('f.org_id', '=', orgId);
}

/** The findings an upload created (those of the SBOM created up to `at`), for their finding.created events. */
export function findingsCreatedBy(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  at: string,
): Promise<FindingWithComponent[]> {
  return withComponent(db, orgId)
    .where('f.sbom_id', '=', sbomId)
    .where('f.created_at', '<=', at)
    .orderBy('f.id')
    .execute();
}

/** Non-retracted findings of the filter's status meeting `conditions` (KEV, EPSS, reach). */
function listed(
  db: Kysely<Database>,
  orgId: string,
  filter: FindingFilter,
  conditions: RawBuilder<SqlBool>[],
) {
  let query = withComponent(db, orgId)
    .where('f.status', '=', filter.status)
    .where('f.retracted_at', 'is', null);
  for (const condition of conditions) query = query.where(condition);
  return query;
}

/**
 * The listed findings that meet the filter, sorted and (with `limit`) paged by finding-query.ts; newest first by
 * default. With `limit`, one more row than asked says whether more follow.
 */
export async function listFindings(
  db: Kysely<Database>,
  orgId: string,
  filter: FindingFilter,
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<FindingWithComponent[]> {
  const list = listed(db, orgId, filter, conditions);
  // Only the default order walks an index; any other sorts the ids and keys first, then reads the page's rows.
  const query = sortOf(filter).unique
    ? applyFindingQuery(db, list, filter)
    : rowsOfPage(
        db,
        withComponent(db, orgId),
        applyFindingQuery(db, list.clearSelect().select('f.id'), filter),
        filter,
      );
  return (await query.execute()) as FindingWithComponent[];
}

/** How many findings `listFindings` would return without `limit` (a paged list's `meta.total`). */
export async function countFindings(
  db: Kysely<Database>,
  orgId: string,
  filter: FindingFilter,
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<number> {
  const row = await filterFindings(db, listed(db, orgId, filter, conditions), filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findFinding(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<FindingWithComponent | undefined> {
  let query = withComponent(db, orgId).where('f.id', '=', id);
  for (const condition of conditions) query = query.where(condition);
  return query.executeTakeFirst();
}

export async function countOpenBySeverity(
  db: Kysely<Database>,
  orgId: string,
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<{ severity: string; n: number }[]> {
  let query = db
    .selectFrom('findings as f')
    .select((eb) => ['f.severity', eb.fn.countAll<number>().as('n')])
    .where('f.org_id', '=', orgId)
    .where('f.status', '=', 'open')
    .where('f.retracted_at', 'is', null);
  for (const condition of conditions) query = query.where(condition);
  const rows = await query.groupBy('f.severity').execute();
  return rows.map((r) => ({ severity: r.severity, n: Number(r.n) }));
}

/** The packages (name and version) with the most open, non-retracted findings: the overview's top list. */
export async function topOpenPackages(
  db: Kysely<Database>,
  orgId: string,
  limit: number,
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<{ name: string; version: string | null; open: number }[]> {
  // visibility: from findings, which a pending SBOM has none of.
  let query = db
    .selectFrom('findings as f')
    .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
    .select((eb) => ['c.name as name', 'c.version as version', eb.fn.countAll<number>().as('n')])
    .where('f.org_id', '=', orgId)
    .where('f.status', '=', 'open')
    .where('f.retracted_at', 'is', null);
  for (const condition of conditions) query = query.where(condition);
  const rows = await query
    .groupBy(['c.name', 'c.version'])
    .orderBy('n', 'desc')
    .orderBy('c.name')
    .orderBy('c.version')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ name: r.name, version: r.version, open: Number(r.n) }));
}

/** Open, non-retracted findings meeting extra conditions on `findings as f` (the summary's KEV count). */
export async function countOpen(
  db: Kysely<Database>,
  orgId: string,
  conditions: RawBuilder<SqlBool>[],
): Promise<number> {
  let query = db
    .selectFrom('findings as f')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f.org_id', '=', orgId)
    .where('f.status', '=', 'open')
    .where('f.retracted_at', 'is', null);
  for (const condition of conditions) query = query.where(condition);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The open, non-retracted findings matching `conditions` as one row (db/single-rows.ts): in all, per severity,
 * and those also matching `kev` and `epss`, the counts countOpenBySeverity and countOpen give one statement each.
 */
export const openCountsRow = (
  orgId: string,
  conditions: RawBuilder<SqlBool>[],
  kev: RawBuilder<SqlBool>,
  epss: RawBuilder<SqlBool>,
) => {
  const where = conditions.map((c) => sql` and ${c}`);
  const count = (condition: RawBuilder<unknown>) =>
    sql`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const severity = (name: string) => count(sql`${sql.ref('f.severity')} = ${name}`);
  return sql`select count(*) as total, ${severity('CRITICAL')} as critical, ${severity('HIGH')} as high,
    ${severity('MEDIUM')} as medium, ${severity('LOW')} as low, ${count(kev)} as kev, ${count(epss)} as epss
    from findings f where f.org_id = ${orgId} and f.status = 'open' and f.retracted_at is null${sql.join(where, sql``)}`;
};

export async function sbomExists(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<boolean> {
  let query = db
    .selectFrom('sboms as s')
    .select('s.id')
    .where('s.org_id', '=', orgId)
    .where('s.id', '=', id)
    .where(visibleSbom('s'));
  for (const condition of conditions) query = query.where(condition);
  const row = await query.executeTakeFirst();
  return row !== undefined;
}

/** The newest SBOM of an asset (ids are time-ordered). */
/** The newest SBOM of the asset (by id: ids are time-ordered). */
export async function latestSbomIdOfAssetId(
  db: Kysely<Database>,
  orgId: string,
  assetId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('sboms')
    .select('id')
    .where('org_id', '=', orgId)
    .where('asset_id', '=', assetId)
    .where(visibleSbom())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function latestSbomIdOfAsset(
  db: Kysely<Database>,
  orgId: string,
  assetName: string,
  conditions: RawBuilder<SqlBool>[] = [],
): Promise<string | undefined> {
  let query = db
    .selectFrom('sboms as s')
    .select('s.id')
    .where('s.org_id', '=', orgId)
    .where('s.asset_name', '=', assetName)
    .where(visibleSbom('s'));
  for (const condition of conditions) query = query.where(condition);
  const row = await query.orderBy('s.id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

export async function countBySbom(
  db: Kysely<Database>,
  orgId: string,
  sbomIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const part of chunks(sbomIds)) {
    const rows = await db
      .selectFrom('findings')
      .select((eb) => ['sbom_id', eb.fn.countAll<number>().as('n')])
      .where('org_id', '=', orgId)
      .where('sbom_id', 'in', part)
      .where('retracted_at', 'is', null)
      .groupBy('sbom_id')
      .execute();
    for (const r of rows) counts.set(r.sbom_id, Number(r.n));
  }
  return counts;
}

export async function historyOf(
  db: Kysely<Database>,
  orgId: string,
  findingId: string,
): Promise<FindingHistoryRow[]> {
  return db
    .selectFrom('finding_history')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('finding_id', '=', findingId)
    .orderBy('id', 'asc')
    .execute();
}

/** Every column of both tables is text but the CVSS score. */
const pgType = (column: string) => (column === 'cvss_score' ? 'float8' : 'text');

/**
 * Through the components' bulk path (`insertRows` with PostgreSQL types: `unnest` or COPY on PostgreSQL rather
 * than statements of one parameter per value).
 */
async function insertBulk(
  db: Kysely<Database>,
  table: 'findings' | 'finding_history',
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  await insertRows(
    db,
    table,
    columns,
    rows.map((row) => columns.map((column) => row[column] ?? null)),
    columns.map(pgType),
  );
}

/**
 * New findings and their history. Those as matching makes them (open, untriaged) bind only the columns that
 * differ (new-finding-columns.ts); any other, a triage rule's at creation, every column.
 */
export async function insertFindings(
  db: Kysely<Database>,
  rows: NewFindingRow[],
  history: NewHistoryRow[],
): Promise<void> {
  const plain: NewFindingRow[] = [];
  const other: NewFindingRow[] = [];
  for (const row of rows) (isPlainNewFinding(row) ? plain : other).push(row);
  if (plain.length > 0)
    await insertRows(
      db,
      'findings',
      NEW_FINDING_BOUND,
      plain.map((row) => NEW_FINDING_BOUND.map((column) => row[column] ?? null)),
      NEW_FINDING_PG_TYPES,
      NEW_FINDING_CONSTANTS,
    );
  await insertBulk(db, 'findings', other);
  await insertBulk(db, 'finding_history', history);
}

const NEW_FINDING_PG_TYPES = NEW_FINDING_BOUND.map(pgType);

export async function updateFinding(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  changes: Updateable<FindingTable>,
): Promise<void> {
  await db.updateTable('findings').set(changes).where('org_id', '=', orgId).where('id', '=', id).execute();
}

/**
 * Status changes' history. On PostgreSQL, rows that differ only in their id, finding and previous status (a triage
 * rule's batch: one rule, one note, one analysis) go in one INSERT … SELECT of three arrays with the rest sent
 * once, instead of an array of every column: the arrays' text was most of what a rule pass sent and its backends
 * parsed (BENCHMARKS.md, "Triage rules").
 */
export async function insertHistory(db: Kysely<Database>, rows: NewHistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (dialectOf(db) !== 'postgres') return insertBulk(db, 'finding_history', rows);
  const shared = Object.keys(rows[0]!).filter((c) => !PER_ROW.has(c)) as (keyof NewHistoryRow)[];
  const groups = new Map<string, NewHistoryRow[]>();
  for (const row of rows) {
    const key = JSON.stringify(shared.map((c) => row[c] ?? null));
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const columns = [...PER_ROW, ...shared].map((c) => `"${c}"`).join(', ');
  const constants = shared.map((_, i) => `$${i + 4}::text`).join(', ');
  const text =
    `insert into finding_history (${columns}) select h.*, ${constants} ` +
    `from unnest($1::text[], $2::text[], $3::text[]) as h`;
  for (const group of groups.values())
    await db.executeQuery(
      CompiledQuery.raw(text, [
        pgArrayLiteral(group.map((r) => r.id)),
        pgArrayLiteral(group.map((r) => r.finding_id)),
        pgArrayLiteral(group.map((r) => r.from_status)),
        ...shared.map((c) => group[0]![c] ?? null),
      ]),
    );
}

/** What differs from row to row in a batch of status changes (insertHistory). */
const PER_ROW: ReadonlySet<string> = new Set(['id', 'finding_id', 'from_status']);

/**
 * Every finding (retracted too) of the given components, through the (component_id, vulnerability_id) index: with
 * the plain organisation filter SQLite walked the organisation's findings by org_id instead (orgIdNotIndexed).
 */
export async function findingsOfComponents(
  db: Kysely<Database>,
  orgId: string,
  componentIds: readonly string[],
): Promise<FindingRow[]> {
  const rows: FindingRow[] = [];
  for (const part of chunks(componentIds)) {
    rows.push(
      ...(await db
        .selectFrom('findings')
        .selectAll()
        .where(orgIdNotIndexed, '=', orgId)
        .where('component_id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

export interface StoredComponent {
  id: string;
  sbom_id: string;
  ecosystem: string | null;
  package_key: string | null;
  name: string;
  version: string | null;
  purl: string | null;
}

/** An organisation's components of the given packages, through the (org_id, ecosystem, package_key) index. */
export async function componentsOfPackages(
  db: Kysely<Database>,
  orgId: string,
  packages: readonly PackageRef[],
): Promise<StoredComponent[]> {
  const byEcosystem = new Map<string, Set<string>>();
  for (const p of packages) {
    const keys = byEcosystem.get(p.ecosystem) ?? new Set<string>();
    keys.add(p.packageKey);
    byEcosystem.set(p.ecosystem, keys);
  }
  const rows: StoredComponent[] = [];
  for (const [ecosystem, keys] of byEcosystem) {
    for (const part of chunks([...keys])) {
      rows.push(
        ...(await db
          .selectFrom('sbom_components')
          .select(['id', 'sbom_id', 'ecosystem', 'package_key', 'name', 'version', 'purl'])
          .where('org_id', '=', orgId)
          .where('ecosystem', '=', ecosystem)
          .where('package_key', 'in', part)
          // Not a pending upload's: it writes its own findings when it finishes (docs/upload-fairness.md).
          .where(inVisibleSbom('sbom_id'))
          .execute()),
      );
    }
  }
  return rows;
}

/**
 * The organisation's components among `ids` that still exist. Looked up by primary key and the organisation
 * checked on each row: with `org_id = ?` in the statement SQLite's planner walked the organisation's whole
 * (org_id, ecosystem, package_key) index for every slice (re-matching 10,000 components took 9 s, not 0.6 s).
 */
export async function componentsByIds(
  db: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
): Promise<StoredComponent[]> {
  const rows: StoredComponent[] = [];
  for (const part of chunks(ids)) {
    const found = await db
      .selectFrom('sbom_components')
      .select(['id', 'org_id', 'sbom_id', 'ecosystem', 'package_key', 'name', 'version', 'purl'])
      .where('id', 'in', part)
      .where(inVisibleSbom('sbom_id'))
      .execute();
    for (const { org_id, ...row } of found) if (org_id === orgId) rows.push(row);
  }
  return rows;
}

/** Organisations that hold any component (re-matching visits each with its own org-filtered queries). */
export async function organisationIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('organizations').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Every finding's state now; only the ones created in the window need their creation undone. */
export function findingStates(db: Kysely<Database>, orgId: string, conditions: RawBuilder<SqlBool>[] = []) {
  let query = db
    .selectFrom('findings as f')
    .select(['f.id', 'f.status', 'f.retracted_at', 'f.created_at'])
    .where('f.org_id', '=', orgId);
  for (const condition of conditions) query = query.where(condition);
  return query.execute();
}

/** The history entries from `since` on: the only ones that separate the window's days from today. */
export function historySince(db: Kysely<Database>, orgId: string, since: string) {
  return db
    .selectFrom('finding_history')
    .select(['finding_id', 'event', 'from_status', 'at'])
    .where('org_id', '=', orgId)
    .where('at', '>=', since)
    .where('event', 'in', ['status_change', 'retracted', 'reinstated'])
    .execute();
}

/** Up to `limit` findings of an SBOM (their history cascades): a large SBOM is deleted a chunk at a time. */
export async function deleteFindingsOfSbom(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  limit: number,
): Promise<number> {
  const chunk = db
    .selectFrom('findings')
    .select('id')
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .limit(limit);
  const result = await db.deleteFrom('findings').where('id', 'in', chunk).executeTakeFirst();
  return Number(result.numDeletedRows);
}
