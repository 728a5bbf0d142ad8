/**
 * The newest-first page of a principal whose reach is a few SBOMs (docs/portfolio-access.md, "Cost"). The
 * list's own plan walks the organisation's (org_id, status, id) index until it has a page, checking
 * each entry's SBOM: with one asset in twenty in reach it reads twenty entries per row it keeps. Here each
 * reached SBOM's range of findings_sbom_status_idx is walked newest first and the ranges are merged until the
 * page is full (no sort, no row read but the page's): about `take` + SBOMs index entries, whatever the
 * organisation holds, in the list's own statement.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import type { FindingListFilter } from './finding-query.ts';

/**
 * Bound on SBOMs × page size, set when each SBOM gave a whole page (its `take` newest) before the merge: the merged
 * walk reads far fewer entries, but more SBOMs also mean more terms to plan and start, and the bound has not been
 * measured again since (docs/portfolio-access.md, "Cost").
 */
const PROBE_BUDGET = 4096;
/** Most SBOMs probed: SQLite's compound select takes at most 500 terms. */
const MAX_SBOMS = 256;
/** The filter keys the probe answers; any other filter present needs the list's own query. */
const PROBED = new Set(['status', 'limit', 'cursor']);

/** Whether the page (newest first, status and cursor only) is cheaper taken SBOM by SBOM. */
export function probesPay(filter: FindingListFilter, sbomIds: ReadonlySet<string> | null): boolean {
  if (sbomIds === null || sbomIds.size === 0 || sbomIds.size > MAX_SBOMS) return false;
  if (filter.limit === undefined || sbomIds.size * (filter.limit + 1) > PROBE_BUDGET) return false;
  return Object.entries(filter).every(([key, value]) => value === undefined || PROBED.has(key));
}

/**
 * `column` is one of the newest `take` findings of `status` (not retracted) across `sbomIds`, older than `before`
 * when given: the page's condition, inside the list's own statement (one statement, and on PostgreSQL one round
 * trip, rather than the probe's ids read first and sent back). The SBOM ids come from the organisation's own
 * reach query, so the organisation needs no second check.
 */
export function newestInSboms(
  db: Kysely<Database>,
  column: string,
  sbomIds: ReadonlySet<string>,
  status: string,
  before: string | undefined,
  take: number,
): RawBuilder<SqlBool> {
  const older = (ref: string) => (before === undefined ? sql`` : sql`and ${sql.ref(ref)} < ${before}`);
  // One term per SBOM in a compound select ordered as the page is: each term walks its own range of the index
  // in that order (SQLite: a merge of the terms; PostgreSQL: a Merge Append of backward index scans), so the
  // LIMIT stops after about `take` entries in all, instead of `take` per SBOM.
  const postgres = dialectOf(db) === 'postgres';
  const term = (sbomId: string) => {
    const where = sql`sbom_id = ${sbomId} and status = ${status} and retracted_at is null ${older('id')}`;
    // PostgreSQL needs each term's own ORDER BY to merge them; SQLite takes the compound's for every term.
    return postgres
      ? sql`(select id from findings where ${where} order by id desc)`
      : sql`select id from findings where ${where}`;
  };
  const terms = [...sbomIds].map(term);
  // PostgreSQL names a statement per text (db/pg-named-statements.ts, 200 a store): padded to a power of two
  // with terms matching no SBOM, a reach of any size takes one of 9 texts (18 with a cursor).
  if (postgres) while (terms.length & (terms.length - 1)) terms.push(term(''));
  const merged = sql.join(terms, sql` union all `);
  return postgres
    ? sql<SqlBool>`${sql.ref(column)} in (select id from (${merged}) p order by id desc limit ${take})`
    : sql<SqlBool>`${sql.ref(column)} in (${merged} order by id desc limit ${take})`;
}
