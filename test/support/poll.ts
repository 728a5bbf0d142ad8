import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';

/**
 * Probes every 20 ms until `accept` holds or `ms` have passed, and returns the last value (the caller asserts
 * on it, so a timeout fails with what was actually seen). For effects that arrive asynchronously, such as
 * PostgreSQL notifications.
 */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  accept: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await probe();
  }
  return value;
}

/**
 * Resolves once one PostgreSQL session waits on a lock with a statement starting `statement` (a deletion behind a
 * writer's transaction); on SQLite, whose one writer serialises them, after a pause.
 */
export async function waitingOnLock(db: Kysely<Database>, statement: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return new Promise((resolve) => setTimeout(resolve, 50));
  const waiting = await eventually(
    async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database() and query like ${`${statement}%`}`.execute(
          db,
        )
      ).rows[0]!.n,
    (n) => n > 0,
  );
  assert.equal(waiting, 1);
}
