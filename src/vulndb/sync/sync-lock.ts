/** One sync at a time, across instances on PostgreSQL (src/db/advisory-lock.ts). */
import type { Kysely } from 'kysely';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/database.ts';

/** Runs `work` holding the lock, or returns null at once when another sync holds it. */
export function withSyncLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T | null> {
  return withAdvisoryLock(db, 'vulndb.sync', work);
}
