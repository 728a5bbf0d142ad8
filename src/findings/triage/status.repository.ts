// The queries behind recordStatusChanges: the findings to change, read under a row lock (PostgreSQL), and the
// grouped updates. Always filtered on the organisation.
import type { Kysely, Updateable } from 'kysely';
import { dialectOf } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { orgIdNotIndexed } from '../../db/helpers.ts';
import { chunks } from '../../vulndb/index.ts';
import { COMPONENT_OF_FINDING, type FindingWithComponent } from '../finding.repository.ts';
import type { FindingTable } from '../finding.table.ts';

/**
 * The findings among `ids`, locked until the transaction ends on PostgreSQL (in id order, so two writers never
 * deadlock): a concurrent writer waits and then reads the state this one wrote, so every history entry's
 * "from" is the previous entry's "to". SQLite has one writer: its transactions already run one at a time.
 */
export async function lockFindings(
  trx: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, FindingWithComponent>> {
  const out = new Map<string, FindingWithComponent>();
  const postgres = dialectOf(trx) === 'postgres';
  for (const part of chunks([...new Set(ids)].sort())) {
    if (postgres)
      await trx
        .selectFrom('findings')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', 'in', part)
        .orderBy('id')
        .forUpdate()
        .execute();
    // visibility: from findings, which a pending SBOM has none of (docs/upload-fairness.md).
    const rows = await trx
      .selectFrom('findings as f')
      .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
      .selectAll('f')
      .select(COMPONENT_OF_FINDING)
      .where('f.id', 'in', part)
      .execute();
    // By primary key, the organisation checked on each row: with `org_id = ?` in the statement SQLite's planner
    // walked the organisation's index for every slice (2,000 findings: 100–150 ms instead of ≈ 10).
    for (const row of rows) if (row.org_id === orgId) out.set(row.id, row);
  }
  return out;
}

/** One statement for every finding that takes the same values (a rule sets the same analysis on thousands). */
export async function updateFindingsTo(
  trx: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
  values: Updateable<FindingTable>,
): Promise<void> {
  // orgIdNotIndexed keeps the organisation in the statement without letting SQLite's planner choose its index
  // over the primary key (the ids were read and checked in this transaction).
  for (const part of chunks(ids))
    await trx
      .updateTable('findings')
      .set(values)
      .where(orgIdNotIndexed, '=', orgId)
      .where('id', 'in', part)
      .execute();
}
