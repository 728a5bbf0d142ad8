/** Queries of the Idempotency-Key records. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { IdempotencyKeyRow } from './idempotency.table.ts';

/** Inserts a pending record; false when the organisation already has one under this key. */
export async function reserveKey(
  db: Kysely<Database>,
  row: { org_id: string; key: string; fingerprint: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ ...row, status: null, response: null })
    .onConflict((oc) => oc.columns(['org_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const findKey = (
  db: Kysely<Database>,
  orgId: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> =>
  db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('key', '=', key)
    .executeTakeFirst();

export const completeKey = (
  db: Kysely<Database>,
  orgId: string,
  key: string,
  status: number,
  response: string,
) =>
  db
    .updateTable('idempotency_keys')
    .set({ status, response })
    .where('org_id', '=', orgId)
    .where('key', '=', key)
    .execute();

export const deleteKey = (db: Kysely<Database>, orgId: string, key: string) =>
  db.deleteFrom('idempotency_keys').where('org_id', '=', orgId).where('key', '=', key).execute();

export const deleteKeysBefore = (db: Kysely<Database>, cutoff: string) =>
  db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
