// Queries of policies, license groups and the per-organisation seeding mark; every one filtered on the organisation.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { dialectOf } from '../db/connect.ts';
import type { LicenseGroupRow, PolicyRow } from './policy.table.ts';

export const listPolicies = (db: Kysely<Database>, orgId: string) =>
  db.selectFrom('policies').selectAll().where('org_id', '=', orgId).orderBy('name').orderBy('id').execute();

export const listEnabledPolicies = (db: Kysely<Database>, orgId: string) =>
  db
    .selectFrom('policies')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();

export const findPolicy = (db: Kysely<Database>, orgId: string, id: string) =>
  db.selectFrom('policies').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const findPolicyByName = (db: Kysely<Database>, orgId: string, name: string) =>
  db
    .selectFrom('policies')
    .select('id')
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .executeTakeFirst();

export async function insertPolicy(db: Kysely<Database>, row: PolicyRow): Promise<void> {
  await db.insertInto('policies').values(row).execute();
}

export async function updatePolicy(db: Kysely<Database>, row: PolicyRow): Promise<void> {
  const { id, org_id: orgId, created_at: _created, ...rest } = row;
  await db.updateTable('policies').set(rest).where('org_id', '=', orgId).where('id', '=', id).execute();
}

export async function deletePolicy(db: Kysely<Database>, orgId: string, id: string): Promise<number> {
  // The policy first, then its violations: PostgreSQL has no foreign key from them to it (migration
  // 2026-11-27-40), and SQLite enforces its key only where the connection turned it on. On PostgreSQL the row's
  // deletion waits for every transaction writing violations of it (they hold it FOR KEY SHARE: livePolicyIds),
  // and the next statement sees what they committed; a writer coming after finds the policy gone.
  // visibility: every violation of the policy goes with it, a pending upload's too.
  const result = await db
    .deleteFrom('policies')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  await db.deleteFrom('policy_violations').where('org_id', '=', orgId).where('policy_id', '=', id).execute();
  return Number(result.numDeletedRows);
}

export const listLicenseGroups = (db: Kysely<Database>, orgId: string) =>
  db.selectFrom('license_groups').selectAll().where('org_id', '=', orgId).orderBy('name').execute();

export const findLicenseGroup = (db: Kysely<Database>, orgId: string, id: string) =>
  db
    .selectFrom('license_groups')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertLicenseGroups(db: Kysely<Database>, rows: LicenseGroupRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('license_groups').values(rows).execute();
}

export async function updateLicenseGroup(db: Kysely<Database>, row: LicenseGroupRow): Promise<void> {
  await db
    .updateTable('license_groups')
    .set({ name: row.name, licenses: row.licenses, updated_at: row.updated_at })
    .where('org_id', '=', row.org_id)
    .where('id', '=', row.id)
    .execute();
}

export async function deleteLicenseGroup(db: Kysely<Database>, orgId: string, id: string): Promise<void> {
  await db.deleteFrom('license_groups').where('org_id', '=', orgId).where('id', '=', id).execute();
}

export const groupsSeeded = async (db: Kysely<Database>, orgId: string): Promise<boolean> =>
  (await db.selectFrom('policy_settings').select('org_id').where('org_id', '=', orgId).executeTakeFirst()) !==
  undefined;

/** Marks the organisation seeded; false when another writer did first (then its groups stand). */
export async function markGroupsSeeded(db: Kysely<Database>, orgId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('policy_settings')
    .values({ org_id: orgId, groups_seeded_at: at })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Which of `ids` still exist, inside the caller's transaction, which then writes violations of those alone: a
 * policy may have been deleted since its evaluation began (an upload's batches, a re-evaluation). On PostgreSQL
 * the rows are locked FOR KEY SHARE so a deletion waits for the writer's commit and then deletes the rows it wrote
 * (deletePolicy; no foreign key does it there since migration 2026-11-27-40); SQLite's one writer already keeps
 * the two apart.
 */
export async function livePolicyIds(
  db: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let query = db.selectFrom('policies').select('id').where('org_id', '=', orgId).where('id', 'in', ids);
  if (dialectOf(db) === 'postgres') query = query.forKeyShare();
  return new Set((await query.execute()).map((r) => r.id));
}
