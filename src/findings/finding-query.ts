// The findings list's filters, sorts and keyset paging (docs/pipeline.md "Findings queries"). Filters and sorts are
// tables a feature can extend (e.g. kev, epssMin, priority from the vulnerability data) without touching the rest.
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { containsInsensitive } from '../db/helpers.ts';
import { validationFailed } from '../errors.ts';
import { sbomOfAssets } from '../portfolio/asset-scope.ts';
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
 * A sort: a key expression and direction, then the finding id in the same direction (a total order, so a keyset
 * cursor `(key, id)` resumes exactly). `cursorValue` reads the key from a returned row.
 */
export interface FindingSort {
  key: (db: Kysely<Database>) => Expression<unknown>;
  direction: 'asc' | 'desc';
  cursorValue: (row: Record<string, unknown>) => string | number;
}

const severityRank = () =>
  sql<number>`(case ${sql.ref('f.severity')} when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end)`;
const RANK: Record<string, number> = { CRITICAL: 4, HIGH: 3, MEDIUM: 2, LOW: 1 };

export const FINDING_SORTS: Record<string, FindingSort> = {
  /** Most severe first (the default order inside a severity: newest first). */
  severity: { key: severityRank, direction: 'desc', cursorValue: (r) => RANK[String(r.severity)] ?? 1 },
  '-severity': { key: severityRank, direction: 'asc', cursorValue: (r) => RANK[String(r.severity)] ?? 1 },
  '-createdAt': {
    key: () => sql.ref('f.created_at'),
    direction: 'desc',
    cursorValue: (r) => String(r.created_at),
  },
  createdAt: {
    key: () => sql.ref('f.created_at'),
    direction: 'asc',
    cursorValue: (r) => String(r.created_at),
  },
};

/** Without `sort`: newest first by id, as the list always was. */
const BY_ID: FindingSort = {
  key: () => sql.ref('f.id'),
  direction: 'desc',
  cursorValue: (r) => String(r.id),
};

export const encodeCursor = (value: string | number, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

export function decodeCursor(cursor: string): [string | number, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      typeof value[1] === 'string'
    )
      return [value[0], value[1]];
  } catch {
    // fall through: not one of ours
  }
  throw validationFailed('cursor is not a cursor this list returned', [
    { path: 'querystring.cursor', message: 'invalid cursor' },
  ]);
}

export function sortOf(filter: FindingListFilter): FindingSort {
  return filter.sort ? FINDING_SORTS[filter.sort]! : BY_ID;
}

/** Filters, order, and (when paging) the cursor condition and limit + 1 (the extra row says there is more). */
export function applyFindingQuery(
  db: Kysely<Database>,
  query: FindingListQuery,
  filter: FindingListFilter,
): FindingListQuery {
  let q = FINDING_FILTERS.reduce((acc, step) => step(acc, filter, db), query);
  const sort = sortOf(filter);
  const key = sort.key(db);
  const cmp = sort.direction === 'desc' ? '<' : '>';
  if (filter.cursor) {
    const [value, id] = decodeCursor(filter.cursor);
    q = q.where((eb) => eb.or([eb(key, cmp, value), eb.and([eb(key, '=', value), eb('f.id', cmp, id)])]));
  }
  q = q.orderBy(key, sort.direction);
  if (sort !== BY_ID) q = q.orderBy('f.id', sort.direction);
  if (filter.limit !== undefined) q = q.limit(filter.limit + 1);
  return q;
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
    nextCursor: encodeCursor(sortOf(filter).cursorValue(last as unknown as Record<string, unknown>), last.id),
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

/** A position cursor (orders computed outside the database, e.g. priority): `encodeCursor(n, 'priority')`. */
export function positionOf(cursor: string): number {
  const [value, kind] = decodeCursor(cursor);
  if (kind !== 'priority' || typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw validationFailed('cursor is not a cursor this list returned', [
      { path: 'querystring.cursor', message: 'invalid cursor' },
    ]);
  return value;
}

export const SEVERITY_LIST_PATTERN = SEVERITY_LIST;
