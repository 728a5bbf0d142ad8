/** Queries of SCIM: users with their identity state, groups and their members; always by organisation. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ScimGroupRow } from '../identity.table.ts';

export interface ScimUserRow {
  id: string;
  email: string;
  display_name: string | null;
  role: string;
  created_at: string;
  deactivated_at: string | null;
  external_id: string | null;
}

const usersOf = (db: Kysely<Database>, orgId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('user_identity as i', 'i.user_id', 'u.id')
    .where('u.org_id', '=', orgId);

const USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.display_name',
  'u.role',
  'u.created_at',
  'i.deactivated_at',
  'i.external_id',
] as const;

export const findScimUser = (
  db: Kysely<Database>,
  orgId: string,
  id: string,
): Promise<ScimUserRow | undefined> =>
  usersOf(db, orgId).select(USER_COLUMNS).where('u.id', '=', id).executeTakeFirst();

export async function listScimUsers(
  db: Kysely<Database>,
  orgId: string,
  filter: { email?: string; externalId?: string },
  offset: number,
  limit: number,
): Promise<{ rows: ScimUserRow[]; total: number }> {
  let query = usersOf(db, orgId);
  if (filter.email !== undefined) query = query.where('u.email', '=', filter.email);
  if (filter.externalId !== undefined) query = query.where('i.external_id', '=', filter.externalId);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows =
    limit === 0 ? [] : await query.select(USER_COLUMNS).orderBy('u.id').offset(offset).limit(limit).execute();
  return { rows, total: Number(total.n) };
}

export async function groupsOfUsers(db: Kysely<Database>, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('scim_group_members as m')
    .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
    .select(['m.user_id', 'g.id', 'g.display_name'])
    .where('m.user_id', 'in', userIds)
    .orderBy('g.display_name')
    .execute();
}

export const findGroup = (
  db: Kysely<Database>,
  orgId: string,
  id: string,
): Promise<ScimGroupRow | undefined> =>
  db
    .selectFrom('scim_groups')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function listGroups(
  db: Kysely<Database>,
  orgId: string,
  filter: { displayName?: string; externalId?: string },
  offset: number,
  limit: number,
): Promise<{ rows: ScimGroupRow[]; total: number }> {
  let query = db.selectFrom('scim_groups').where('org_id', '=', orgId);
  if (filter.displayName !== undefined) query = query.where('display_name', '=', filter.displayName);
  if (filter.externalId !== undefined) query = query.where('external_id', '=', filter.externalId);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = limit === 0 ? [] : await query.selectAll().orderBy('id').offset(offset).limit(limit).execute();
  return { rows, total: Number(total.n) };
}

export const insertGroup = (db: Kysely<Database>, row: ScimGroupRow) =>
  db.insertInto('scim_groups').values(row).execute();

export const updateGroup = (db: Kysely<Database>, id: string, changes: Partial<ScimGroupRow>) =>
  db.updateTable('scim_groups').set(changes).where('id', '=', id).execute();

export const deleteGroup = (db: Kysely<Database>, id: string) =>
  db.deleteFrom('scim_groups').where('id', '=', id).execute();

export async function membersOf(db: Kysely<Database>, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('scim_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.group_id', 'u.id', 'u.email'])
    .where('m.group_id', 'in', groupIds)
    .orderBy('u.id')
    .execute();
}

/** Of `userIds`, those that are users of the organisation (members may only be its own users). */
export async function usersInOrg(
  db: Kysely<Database>,
  orgId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function addMembers(db: Kysely<Database>, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .insertInto('scim_group_members')
    .values(userIds.map((user_id) => ({ group_id: groupId, user_id })))
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
}

export async function removeMembers(db: Kysely<Database>, groupId: string, userIds: string[] | 'all') {
  let query = db.deleteFrom('scim_group_members').where('group_id', '=', groupId);
  if (userIds !== 'all') {
    if (userIds.length === 0) return;
    query = query.where('user_id', 'in', userIds);
  }
  await query.execute();
}

/** The names of the groups a user is in (the role mapping's input). */
export async function groupNamesOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('scim_group_members as m')
    .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
    .select('g.display_name')
    .where('m.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.display_name);
}

/** Revokes every live API token of a user at once (the principal caches drop them on the change stamp). */
export const revokeUserTokens = (db: Kysely<Database>, userId: string, at: string) =>
  db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
