/**
 * The newest-first page of a principal whose reach is a few SBOMs (docs/portfolio-access.md, "Cost"). The
 * list's own plan walks the organisation's (org_id, status, id) index until it has a page, checking
 * each entry's SBOM: with one asset in twenty in reach it reads twenty entries per row it keeps. Here each
 * reached SBOM gives its own newest `take` from findings_sbom_status_idx (no sort, no row read on SQLite), and
 * the newest `take` of those are the page: at most SBOMs × take index entries, whatever the organisation holds.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import type { FindingListFilter } from './finding-query.ts';

/** Most index entries the probes may read; past it the list's own walk is the cheaper bet. */
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
 * The ids of the newest `take` findings of `status` (not retracted) across `sbomIds`, older than `before` when
 * given. The SBOM ids come from the organisation's own reach query, so the organisation needs no second check.
 */
export async function newestIdsInSboms(
  db: Kysely<Database>,
  sbomIds: ReadonlySet<string>,
  status: string,
  before: string | undefined,
  take: number,
): Promise<string[]> {
  const older = (column: string) => (before === undefined ? sql`` : sql`and ${sql.ref(column)} < ${before}`);
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ id: string }>`
      select p.id from unnest(${[...sbomIds]}::text[]) as s(sbom_id)
      cross join lateral (
        select f.id from findings f
        where f.sbom_id = s.sbom_id and f.status = ${status} and f.retracted_at is null ${older('f.id')}
        order by f.id desc limit ${take}
      ) p
      order by p.id desc limit ${take}`.execute(db);
    return rows.map((r) => r.id);
  }
  // SQLite has no LATERAL: one ordered, limited term per SBOM in a compound select, merged here (an ORDER BY on
  // the compound costs each term a temporary b-tree). Ids are ASCII, so JS order is SQLite's BINARY order.
  const terms = [...sbomIds].map(
    (sbomId) => sql`select * from (select id from findings
      where sbom_id = ${sbomId} and status = ${status} and retracted_at is null ${older('id')}
      order by id desc limit ${take})`,
  );
  const { rows } = await sql<{ id: string }>`${sql.join(terms, sql` union all `)}`.execute(db);
  return rows
    .map((r) => r.id)
    .sort()
    .reverse()
    .slice(0, take);
}
