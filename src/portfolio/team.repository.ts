/** The queries of teams, members and grants; always scoped by organisation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { TeamGrantRow, TeamRow } from './team.table.ts';

type Db = Kysely<Database>;

export const listTeams = (db: Db, orgId: string): Promise<TeamRow[]> =>
  db.selectFrom('teams').selectAll().where('org_id', '=', orgId).orderBy('name').execute();

export const findTeam = (db: Db, orgId: string, id: string): Promise<TeamRow | undefined> =>
  db.selectFrom('teams').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const findTeamByName = (db: Db, orgId: string, name: string): Promise<TeamRow | undefined> =>
  db.selectFrom('teams').selectAll().where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();

/** Members of the given teams, by team. */
export async function membersOf(db: Db, orgId: string, teamIds: string[]): Promise<Map<string, string[]>> {
  const byTeam = new Map<string, string[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .selectFrom('team_members')
    .select(['team_id', 'user_id'])
    .where('org_id', '=', orgId)
    .where('team_id', 'in', teamIds)
    .orderBy('user_id')
    .execute();
  for (const row of rows) byTeam.get(row.team_id)?.push(row.user_id);
  return byTeam;
}

/** Grants of the given teams, by team. */
export async function grantsOf(
  db: Db,
  orgId: string,
  teamIds: string[],
): Promise<Map<string, TeamGrantRow[]>> {
  const byTeam = new Map<string, TeamGrantRow[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .selectFrom('team_grants')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('team_id', 'in', teamIds)
    .orderBy('id')
    .execute();
  for (const row of rows) byTeam.get(row.team_id)?.push(row);
  return byTeam;
}

export const insertTeam = (db: Db, row: TeamRow) => db.insertInto('teams').values(row).execute();

export const updateTeam = (db: Db, id: string, changes: Partial<TeamRow>) =>
  db.updateTable('teams').set(changes).where('id', '=', id).execute();

export const deleteTeam = (db: Db, id: string) => db.deleteFrom('teams').where('id', '=', id).execute();

export async function replaceMembers(
  db: Db,
  orgId: string,
  teamId: string,
  userIds: string[],
): Promise<void> {
  await db.deleteFrom('team_members').where('team_id', '=', teamId).execute();
  if (userIds.length > 0)
    await db
      .insertInto('team_members')
      .values(userIds.map((user_id) => ({ team_id: teamId, user_id, org_id: orgId })))
      .execute();
}

export async function replaceGrants(db: Db, teamId: string, grants: TeamGrantRow[]): Promise<void> {
  await db.deleteFrom('team_grants').where('team_id', '=', teamId).execute();
  if (grants.length > 0) await db.insertInto('team_grants').values(grants).execute();
}

/** The given user ids that are users of the organisation. */
export async function existingUsers(db: Db, orgId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The grants of every team the user belongs to: the input of its reach. */
export const grantsOfUser = (db: Db, orgId: string, userId: string) =>
  db
    .selectFrom('team_grants as g')
    .innerJoin('team_members as m', 'm.team_id', 'g.team_id')
    .select(['g.asset_tags', 'g.asset_ids', 'g.role'])
    .where('m.org_id', '=', orgId)
    .where('m.user_id', '=', userId)
    .execute();
