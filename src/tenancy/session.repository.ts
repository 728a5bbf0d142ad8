/** Queries for sessions and sign-in failures; every session read joins its user and organisation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SessionRow } from './session.table.ts';

export const insertSession = (db: Kysely<Database>, row: SessionRow) =>
  db.insertInto('sessions').values(row).execute();

export interface SessionWithUser {
  id: string;
  secret_hash: string;
  org_id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  restriction: string | null;
  email: string;
  display_name: string | null;
  role: string;
  slug: string;
  org_name: string;
  plan: string;
  mcp_write_enabled: number | boolean;
}

export const findSessionByHash = (
  db: Kysely<Database>,
  secretHash: string,
): Promise<SessionWithUser | undefined> =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('organizations as o', 'o.id', 's.org_id')
    .select([
      's.id',
      's.secret_hash',
      's.org_id',
      's.user_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      's.restriction',
      'u.email',
      'u.display_name',
      'u.role',
      'o.slug',
      'o.name as org_name',
      'o.plan',
      'o.mcp_write_enabled',
    ])
    .where('s.secret_hash', '=', secretHash)
    .executeTakeFirst();

export const touchSession = (db: Kysely<Database>, id: string, at: string) =>
  db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();

export const deleteSession = (db: Kysely<Database>, id: string) =>
  db.deleteFrom('sessions').where('id', '=', id).execute();

/** Ends every session of a user (password change, removal). */
export const deleteUserSessions = (db: Kysely<Database>, userId: string) =>
  db.deleteFrom('sessions').where('user_id', '=', userId).execute();

/** Expired sessions are removed as new ones start, so the table holds live sessions only. */
export const deleteExpiredSessions = (db: Kysely<Database>, now: string, idleBefore: string) =>
  db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleBefore)]))
    .execute();

export async function countFailures(db: Kysely<Database>, key: string, since: string) {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest as string | null };
}

export const insertFailures = (db: Kysely<Database>, keys: string[], at: string) =>
  db
    .insertInto('sign_in_failures')
    .values(keys.map((key) => ({ key, at })))
    .execute();

export const deleteFailuresBefore = (db: Kysely<Database>, before: string) =>
  db.deleteFrom('sign_in_failures').where('at', '<=', before).execute();

/** Lifts a restriction from every session of a user (the second factor was enrolled). */
export const clearUserRestriction = (db: Kysely<Database>, userId: string) =>
  db.updateTable('sessions').set({ restriction: null }).where('user_id', '=', userId).execute();

/** Whether this client signed in to this account since `since` (key `<email>|<client>`). */
export async function isKnownClient(db: Kysely<Database>, key: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_clients')
    .select('at')
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

export const rememberClient = (db: Kysely<Database>, key: string, at: string) =>
  db
    .insertInto('sign_in_clients')
    .values({ key, at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ at }))
    .execute();
