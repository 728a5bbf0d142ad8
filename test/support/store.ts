/** Test helpers: the dialects to run and a fresh migrated store per test. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openSqlite, openStore, type DialectName, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { announcePostgresAbsent } from './services.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it); its absence is announced once. */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.TEST_DATABASE_URL) announcePostgresAbsent();

/**
 * A fresh, migrated store: an in-memory SQLite database, or a PostgreSQL schema of its own (dropped on close),
 * so concurrent test files never see each other's rows.
 */
export async function createTestStore(
  dialect: DialectName,
  options: { poolSize?: number } = {},
): Promise<Store> {
  if (dialect === 'sqlite') {
    const store = openSqlite(':memory:');
    await migrateToLatest(store.db);
    return store;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const store = openStore(url, undefined, {
    schema,
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
  });
  await migrateToLatest(store.db);
  return {
    ...store,
    close: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(store.db).catch(() => {});
      await store.close();
    },
  };
}
