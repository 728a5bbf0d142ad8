/**
 * One holder at a time of a named background job (the feed sync, the evidence collectors). On PostgreSQL a
 * session advisory lock keyed by the name and the schema (separate deployments in one database do not exclude
 * each other) spans instances; SQLite has one server per file, so a flag in the process suffices there.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from './connect.ts';
import type { Database } from './database.ts';

const running = new WeakMap<object, Set<string>>();

/** Runs `work` holding the lock `name`, or returns null at once when another holder has it. */
export async function withAdvisoryLock<T>(
  db: Kysely<Database>,
  name: string,
  work: () => Promise<T>,
): Promise<T | null> {
  if (dialectOf(db) !== 'postgres') {
    const held = running.get(db) ?? new Set<string>();
    running.set(db, held);
    if (held.has(name)) return null;
    held.add(name);
    try {
      return await work();
    } finally {
      held.delete(name);
    }
  }
  // The lock belongs to one session: hold a connection of the pool for the whole job.
  return db.connection().execute(async (conn) => {
    const key = sql`hashtext(${`bulwark.${name}:`} || current_schema())`;
    const got = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
    if (!got.rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
