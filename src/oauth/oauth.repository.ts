/** Queries over oauth_records: the adapter's storage, and the connected applications of a user. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { OAuthRecordRow } from './oauth.table.ts';

type Db = Kysely<Database>;

export async function upsertRecord(db: Db, row: OAuthRecordRow): Promise<void> {
  await db
    .insertInto('oauth_records')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['model', 'id']).doUpdateSet({
        payload: row.payload,
        grant_id: row.grant_id,
        account_id: row.account_id,
        uid: row.uid,
        expires_at: row.expires_at,
        consumed_at: row.consumed_at,
      }),
    )
    .execute();
}

export const findRecord = (db: Db, model: string, id: string): Promise<OAuthRecordRow | undefined> =>
  db
    .selectFrom('oauth_records')
    .selectAll()
    .where('model', '=', model)
    .where('id', '=', id)
    .executeTakeFirst();

export const findRecordByUid = (db: Db, model: string, uid: string): Promise<OAuthRecordRow | undefined> =>
  db
    .selectFrom('oauth_records')
    .selectAll()
    .where('model', '=', model)
    .where('uid', '=', uid)
    .executeTakeFirst();

export async function consumeRecord(db: Db, model: string, id: string, at: string): Promise<void> {
  await db
    .updateTable('oauth_records')
    .set({ consumed_at: at })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute();
}

export async function deleteRecord(db: Db, model: string, id: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('model', '=', model).where('id', '=', id).execute();
}

/** The artefacts of one model issued under a grant (the library revokes model by model). */
export async function deleteModelByGrant(db: Db, model: string, grantId: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('model', '=', model).where('grant_id', '=', grantId).execute();
}

/** Every artefact issued under a grant (codes, access and refresh tokens), and the grant itself. */
export async function deleteByGrant(db: Db, grantId: string): Promise<number> {
  const result = await db
    .deleteFrom('oauth_records')
    .where((eb) =>
      eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Everything issued to a user's assistants (grants, codes, access and refresh tokens, the library's sessions): the
 * rows acting for the user, and any other row issued under one of the user's grants.
 */
export async function deleteOfAccount(db: Db, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('oauth_records')
    .where((eb) =>
      eb.or([
        eb('account_id', '=', userId),
        eb(
          'grant_id',
          'in',
          eb
            .selectFrom('oauth_records as g')
            .select('g.id')
            .where('g.model', '=', 'Grant')
            .where('g.account_id', '=', userId),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The grants of a user of the organisation (the join keeps another organisation's user out). */
export const listGrantsOfUser = (
  db: Db,
  orgId: string,
  userId: string,
  now: string,
): Promise<OAuthRecordRow[]> =>
  db
    .selectFrom('oauth_records')
    .innerJoin('users', 'users.id', 'oauth_records.account_id')
    .selectAll('oauth_records')
    .where('oauth_records.model', '=', 'Grant')
    .where('oauth_records.account_id', '=', userId)
    .where('users.org_id', '=', orgId)
    .where((eb) =>
      eb.or([eb('oauth_records.expires_at', 'is', null), eb('oauth_records.expires_at', '>', now)]),
    )
    .orderBy('oauth_records.created_at', 'desc')
    .execute();

/** When each grant was last used: the newest access token issued under it. */
export const lastIssuedUnder = (db: Db, grantIds: string[]) =>
  grantIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('oauth_records')
        .select(['grant_id', (eb) => eb.fn.max('created_at').as('last')])
        .where('model', '=', 'AccessToken')
        .where('grant_id', 'in', grantIds)
        .groupBy('grant_id')
        .execute();

/** Artefacts past their expiry (the library never asks for them again). */
export async function deleteExpired(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('oauth_records').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface AccountRow {
  user_id: string;
  org_id: string;
  role: string;
  email: string;
  plan: string;
  mcp_write_enabled: number | boolean;
}

/** The user an OAuth grant acts for, with what the principal needs of the organisation. */
export const findAccount = (db: Db, userId: string): Promise<AccountRow | undefined> =>
  db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.org_id')
    .select([
      'users.id as user_id',
      'users.org_id',
      'users.role',
      'users.email',
      'organizations.plan',
      'organizations.mcp_write_enabled',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();

/** Inserts the row unless one exists (another instance may race), then reads what is stored. */
export async function ensureRecord(db: Db, row: OAuthRecordRow): Promise<OAuthRecordRow> {
  await db
    .insertInto('oauth_records')
    .values(row)
    .onConflict((oc) => oc.columns(['model', 'id']).doNothing())
    .execute();
  return (await findRecord(db, row.model, row.id))!;
}
