/** Queries of per-user and per-organisation identity state (TOTP, deactivation, requireMfa, recovery codes). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { UserIdentityRow, UserIdentityTable } from './identity.table.ts';

export const findUserIdentity = (
  db: Kysely<Database>,
  userId: string,
): Promise<UserIdentityRow | undefined> =>
  db.selectFrom('user_identity').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Creates the user's row on first use and applies `changes`. */
export async function upsertUserIdentity(
  db: Kysely<Database>,
  userId: string,
  orgId: string,
  changes: Partial<Omit<UserIdentityTable, 'user_id' | 'org_id'>>,
): Promise<void> {
  await db
    .insertInto('user_identity')
    .values({
      user_id: userId,
      org_id: orgId,
      mfa_secret: null,
      mfa_pending_secret: null,
      mfa_last_step: null,
      deactivated_at: null,
      external_id: null,
      sso_subject: null,
      ...changes,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

/** Accepts a TOTP time step once: true when it is later than every step accepted before (atomic). */
export async function claimTotpStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_identity')
    .set({ mfa_last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Kysely<Database>, userId: string, hashes: string[]) {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length > 0)
    await db
      .insertInto('mfa_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
}

/** Uses a recovery code once: true when it existed unused (atomic, so two requests cannot both use it). */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  hash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function orgRequiresMfa(db: Kysely<Database>, orgId: string): Promise<boolean> {
  const row = await db
    .selectFrom('org_identity')
    .select('require_mfa')
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return Number(row?.require_mfa ?? 0) === 1;
}

export const setOrgRequiresMfa = (db: Kysely<Database>, orgId: string, required: boolean) =>
  db
    .insertInto('org_identity')
    .values({ org_id: orgId, require_mfa: required ? 1 : 0 })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ require_mfa: required ? 1 : 0 }))
    .execute();
