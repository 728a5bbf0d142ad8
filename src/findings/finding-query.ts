// The findings list's filters, sorts and keyset paging (docs/pipeline.md "Findings queries"). Filters and sorts are
// tables a feature can extend (e.g. kev, epssMin, priority from the vulnerability data) without touching the rest.
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { codePointOrder, containsInsensitive } from '../db/helpers.ts';
import { validationFailed } from '../errors.ts';
import { sbomOfAssets } from '../portfolio/asset-scope.ts';
import { EXPLOIT_SORTS } from './exploit-signals.ts';
import type { FindingTable } from './finding.table.ts';
import type { SbomComponentTable } from '../sboms/sbom.table.ts';

export interface FindingListFilter {
  status: string;
  /** One or several severities (the query's comma list, upper-cased). */
  severity?: string[] | undefined;
  sbomId?: string | undefined;
  /** The vulnerability id or any of its aliases. */
  vulnerabilityId?: string | undefined;
  /** Substring of the component name or purl, case-insensitive. */
  q?: string | undefined;
  sort?: string | undefined;
  /** Opt-in paging: at most `limit` findings after `cursor`. */
  limit?: number | undefined;
  cursor?: string | undefined;
  /** `assetId` / `tag` resolved to asset ids (portfolio/asset-scope.ts): findings of those assets' SBOMs. */
  assetScope?: { orgId: string; assetIds: string[] } | undefined;
  /** Filters other features add (their query parameters, already validated). */
  [extra: string]: unknown;
}

type Tables = Database & { f: FindingTable; c: SbomComponentTable };
// The list's query: findings `f` joined with their component `c`; selections vary, so left open.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FindingListQuery = SelectQueryBuilder<Tables, 'f' | 'c', any>;

/** One filter step: narrows the query when its parameter is present. */
export type FindingFilterStep = (
  query: FindingListQuery,
  filter: FindingListFilter,
  db: Kysely<Database>,
) => FindingListQuery;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const FINDING_FILTERS: FindingFilterStep[] = [
  (q, f) => (f.severity?.length ? q.where('f.severity', 'in', f.severity) : q),
  (q, f) => (f.sbomId ? q.where('f.sbom_id', '=', f.sbomId) : q),
  (q, f) =>
    f.assetScope ? q.where(sbomOfAssets('f.sbom_id', f.assetScope.orgId, f.assetScope.assetIds)) : q,
  (q, f) => {
    const id = f.vulnerabilityId;
    if (!id) return q;
    // aliases is a JSON array of strings: the quoted id is an exact element.
    const pattern = `%${likeEscaped(JSON.stringify(id))}%`;
    return q.where((eb) =>
      eb.or([
        eb('f.vulnerability_id', '=', id),
        sql<SqlBool>`${eb.ref('f.aliases')} like ${pattern} escape '\\'`,
      ]),
    );
  },
  (q, f) => (typeof f.triageRuleId === 'string' ? q.where('f.triage_rule_id', '=', f.triageRuleId) : q),
  (q, f, db) => {
    const text = f.q;
    if (!text) return q;
    return q.where((eb) =>
      eb.or([
        containsInsensitive(db, eb.ref('c.name'), text),
        containsInsensitive(db, eb.ref('c.purl'), text),
      ]),
    );
  },
];

/**
 * A sort: key expressions compared as one tuple in one direction, then the finding id in the same direction (a
 * total order, so a keyset cursor `(keys…, id)` resumes exactly, with no row twice or skipped). The keys are
 * selected beside the row (`sort_key_0`, …) so the cursor carries exactly what the database compared. Keys must
 * never be null (a null compares as unknown and would drop rows from later pages): coalesce them.
 */
export interface FindingSort {
  keys: (db: Kysely<Database>) => Expression<unknown>[];
  direction: 'asc' | 'desc';
  /** The keys alone are a total order already (the id itself): no id follows them. */
  unique?: true;
  /**
   * Keys computed per row from other tables (KEV, EPSS): no index serves them, so every page evaluates them over
   * the whole filtered list; the unpaged list reads such an order in one query instead of page after page.
   */
  computed?: true;
}

const severityRank = () =>
  sql<number>`(case ${sql.ref('f.severity')} when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end)`;
const vulnerabilityKey = (db: Kysely<Database>) => [codePointOrder(db, sql.ref('f.vulnerability_id'))];
// Name, then version as text (as the column shows them); a missing version sorts first.
const packageKey = (db: Kysely<Database>) => [
  codePointOrder(db, sql.ref('c.name')),
  codePointOrder(db, sql`coalesce(${sql.ref('c.version')}, '')`),
];

export const FINDING_SORTS: Record<string, FindingSort> = {
  /** Most severe first (the default order inside a severity: newest first). */
  severity: { keys: () => [severityRank()], direction: 'desc' },
  '-severity': { keys: () => [severityRank()], direction: 'asc' },
  '-createdAt': { keys: () => [sql.ref('f.created_at')], direction: 'desc' },
  createdAt: { keys: () => [sql.ref('f.created_at')], direction: 'asc' },
  vulnerability: { keys: vulnerabilityKey, direction: 'asc' },
  '-vulnerability': { keys: vulnerabilityKey, direction: 'desc' },
  package: { keys: packageKey, direction: 'asc' },
  '-package': { keys: packageKey, direction: 'desc' },
  ...EXPLOIT_SORTS,
};

/** Without `sort`: newest first by id, as the list always was. */
const BY_ID: FindingSort = { keys: () => [sql.ref('f.id')], direction: 'desc', unique: true };

const invalidCursor = () =>
  validationFailed('cursor is not a cursor this list returned', [
    { path: 'querystring.cursor', message: 'invalid cursor' },
  ]);

/** `[key values…, id]`: for one key the `[value, id]` cursors of earlier versions, which stay valid. */
const encodeCursor = (values: readonly (string | number)[], id: string) =>
  Buffer.from(JSON.stringify([...values, id])).toString('base64url');

export function decodeCursor(cursor: string, keys: number): { values: (string | number)[]; id: string } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(value) ||
    value.length !== keys + 1 ||
    !value.every((v) => typeof v === 'string' || typeof v === 'number') ||
    typeof value[keys] !== 'string'
  )
    throw invalidCursor();
  return { values: value.slice(0, keys) as (string | number)[], id: value[keys] as string };
}

export function sortOf(filter: FindingListFilter): FindingSort {
  return filter.sort ? FINDING_SORTS[filter.sort]! : BY_ID;
}

const sortKeyAlias = (i: number) => `sort_key_${i}`;

/** The list's filters alone: what a page is cut from, and what `meta.total` counts. */
export const filterFindings = (db: Kysely<Database>, query: FindingListQuery, filter: FindingListFilter) =>
  FINDING_FILTERS.reduce((acc, step) => step(acc, filter, db), query);

/** Filters, order, and (when paging) the cursor condition and limit + 1 (the extra row says there is more). */
export function applyFindingQuery(
  db: Kysely<Database>,
  query: FindingListQuery,
  filter: FindingListFilter,
): FindingListQuery {
  let q = filterFindings(db, query, filter);
  const sort = sortOf(filter);
  const keys = sort.keys(db);
  const ordered = sort.unique ? keys : [...keys, sql.ref('f.id')];
  if (filter.cursor) {
    const { values, id } = decodeCursor(filter.cursor, keys.length);
    const after = sort.unique ? values : [...values, id];
    // A row-value comparison (SQLite ≥ 3.15, PostgreSQL): lexicographic over the tuple, as the order is.
    q = q.where(
      sql<SqlBool>`(${sql.join(ordered)}) ${sql.raw(sort.direction === 'desc' ? '<' : '>')} (${sql.join(after)})`,
    );
  }
  keys.forEach((key, i) => (q = q.select(sql`${key}`.as(sortKeyAlias(i)))));
  keys.forEach((_, i) => (q = q.orderBy(sql.ref(sortKeyAlias(i)), sort.direction)));
  if (!sort.unique) q = q.orderBy('f.id', sort.direction);
  if (filter.limit !== undefined) q = q.limit(filter.limit + 1);
  return q;
}

/**
 * The wide rows of a page that `applyFindingQuery` cut from a query of ids (`page`: `f.id` and the sort keys), in
 * its order. Orders no index walks sort the whole filtered list: sorting only ids and keys, then reading the 200
 * rows of the page, keeps every finding's advisory text, references and match reasons out of the sorter (at
 * 50,000 open findings, SQLite: an EPSS-ordered page 123–176 ms → 72–91 ms).
 */
export function rowsOfPage(
  db: Kysely<Database>,
  rows: FindingListQuery,
  page: FindingListQuery,
  filter: FindingListFilter,
): FindingListQuery {
  const sort = sortOf(filter);
  const keys = sort.keys(db).map((_, i) => sql.ref(`p.${sortKeyAlias(i)}`));
  let q = rows.innerJoin(page.as('p'), 'p.id', 'f.id') as unknown as FindingListQuery;
  keys.forEach((key, i) => (q = q.select(key.as(sortKeyAlias(i)))));
  for (const key of keys) q = q.orderBy(key, sort.direction);
  return q.orderBy('f.id', sort.direction);
}

/** The sort keys the database selected beside a row (`sort_key_0`, …), for its cursor. */
function keyValuesOf(row: Record<string, unknown>): (string | number)[] {
  const values: (string | number)[] = [];
  for (let i = 0; sortKeyAlias(i) in row; i++) {
    const value = row[sortKeyAlias(i)];
    values.push(typeof value === 'number' ? value : String(value));
  }
  return values;
}

/** Cuts the extra row off a page and names the cursor of the next one (null on the last page). */
export function pageOf<T extends { id: string }>(
  rows: T[],
  filter: FindingListFilter,
): { rows: T[]; nextCursor: string | null } {
  if (filter.limit === undefined || rows.length <= filter.limit) return { rows, nextCursor: null };
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1]!;
  return {
    rows: page,
    nextCursor: encodeCursor(keyValuesOf(last as unknown as Record<string, unknown>), last.id),
  };
}

const SEVERITY_LIST = /^(CRITICAL|HIGH|MEDIUM|LOW)(,(CRITICAL|HIGH|MEDIUM|LOW))*$/;

/** The service's filter → the query's: status defaults to open, the severity comma list is split. */
export function queryFilter(
  filter: Omit<FindingListFilter, 'status' | 'severity'> & { status?: string; severity?: string | undefined },
): FindingListFilter {
  const { severity, status, ...rest } = filter;
  return { ...rest, status: status ?? 'open', ...(severity ? { severity: severity.split(',') } : {}) };
}

export const SEVERITY_LIST_PATTERN = SEVERITY_LIST;
