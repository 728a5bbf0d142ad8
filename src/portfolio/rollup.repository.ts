/**
 * What the assets' roll-ups count, read from the findings' and violations' tables by SBOM id (the tables are
 * those domains'; reading them here keeps portfolio/ below them in the import graph).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { visibleSbom } from '../db/visible-sbom.ts';

/** Statements per `in (…)` list: well under both dialects' parameter limits. */
const IDS_PER_QUERY = 1_000;

async function inSlices<T>(ids: readonly string[], query: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY)
    out.push(...(await query(ids.slice(start, start + IDS_PER_QUERY))));
  return out;
}

/** Open, not retracted findings per SBOM and severity. */
export const openFindingsBySbom = (db: Kysely<Database>, orgId: string, sbomIds: readonly string[]) =>
  inSlices(sbomIds, async (slice) =>
    (
      await db
        .selectFrom('findings')
        .select((eb) => ['sbom_id', 'severity', eb.fn.countAll<number>().as('n')])
        .where('org_id', '=', orgId)
        .where('sbom_id', 'in', slice)
        .where('status', '=', 'open')
        .where('retracted_at', 'is', null)
        .groupBy(['sbom_id', 'severity'])
        .execute()
    ).map((r) => ({ sbomId: r.sbom_id, key: r.severity, n: Number(r.n) })),
  );

/** Open policy violations per SBOM and state (fail, warn, info). */
export const openViolationsBySbom = (db: Kysely<Database>, orgId: string, sbomIds: readonly string[]) =>
  // visibility: of SBOM ids read visible (versionsOfOrg).
  inSlices(sbomIds, async (slice) =>
    (
      await db
        .selectFrom('policy_violations')
        .select((eb) => ['sbom_id', 'state', eb.fn.countAll<number>().as('n')])
        .where('org_id', '=', orgId)
        .where('sbom_id', 'in', slice)
        .where('status', '=', 'open')
        .groupBy(['sbom_id', 'state'])
        .execute()
    ).map((r) => ({ sbomId: r.sbom_id, key: r.state, n: Number(r.n) })),
  );

/** Every SBOM of the organisation as a version of its asset, newest first (ids are time-ordered). */
export const versionsOfOrg = (db: Kysely<Database>, orgId: string) =>
  db
    .selectFrom('sboms')
    .select(['id', 'asset_id', 'version', 'created_at'])
    .where('org_id', '=', orgId)
    .where(visibleSbom())
    .orderBy('id', 'desc')
    .execute();
