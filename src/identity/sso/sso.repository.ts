/** Queries of the organisations' OpenID Connect configuration and of pending SSO sign-ins. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SsoConfigRow } from '../identity.table.ts';

export const findSsoConfig = (db: Kysely<Database>, orgId: string): Promise<SsoConfigRow | undefined> =>
  db.selectFrom('sso_configs').selectAll().where('org_id', '=', orgId).executeTakeFirst();

export const upsertSsoConfig = (db: Kysely<Database>, row: SsoConfigRow) => {
  const { org_id: _org, created_at: _created, ...changes } = row;
  return db
    .insertInto('sso_configs')
    .values(row)
    .onConflict((oc) => oc.column('org_id').doUpdateSet(changes))
    .execute();
};

export const deleteSsoConfig = (db: Kysely<Database>, orgId: string) =>
  db.deleteFrom('sso_configs').where('org_id', '=', orgId).executeTakeFirst();

export const insertSsoState = (
  db: Kysely<Database>,
  row: {
    state_hash: string;
    org_id: string;
    nonce: string;
    code_verifier: string;
    return_to: string;
    expires_at: string;
  },
) => db.insertInto('sso_states').values(row).execute();

/**
 * Takes a pending sign-in by its state: the row is deleted in the same step, so a state works once (a replayed
 * callback finds nothing). On PostgreSQL `delete … returning` is atomic; SQLite has one writer.
 */
export async function takeSsoState(db: Kysely<Database>, stateHash: string) {
  return db.deleteFrom('sso_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

export const deleteExpiredSsoStates = (db: Kysely<Database>, now: string) =>
  db.deleteFrom('sso_states').where('expires_at', '<=', now).execute();

/** The user with this e-mail in any organisation but `orgId` (an e-mail of another organisation is refused). */
export const findUserElsewhere = (db: Kysely<Database>, orgId: string, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'org_id'])
    .where('email', '=', email)
    .where('org_id', '!=', orgId)
    .executeTakeFirst();
