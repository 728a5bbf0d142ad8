/**
 * One sync at a time. On PostgreSQL a session advisory lock (keyed by the schema, so separate deployments in
 * one database do not exclude each other) spans instances; SQLite has one server per file, so a flag in the
 * process suffices there.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';

const running = new WeakSet<object>();

/** Runs `work` holding the lock, or returns null at once when another sync holds it. */
export async function withSyncLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T | null> {
  if (dialectOf(db) !== 'postgres') {
    if (running.has(db)) return null;
    running.add(db);
    try {
      return await work();
    } finally {
      running.delete(db);
    }
  }
  // The lock belongs to one session: hold a connection of the pool for the whole sync.
  return db.connection().execute(async (conn) => {
    const key = sql`hashtext('bulwark.vulndb.sync:' || current_schema())`;
    const got = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
    if (!got.rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
