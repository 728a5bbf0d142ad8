/** Test helpers: the dialects to run and a fresh migrated store per test. */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openSqlite, openStore, type DialectName, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { writerInTransaction } from '../../src/db/sqlite-driver.ts';
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
  if (dialect === 'sqlite') return openSqlite(await migratedSqliteImage());
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

let sqliteImage: Promise<Buffer> | undefined;

/**
 * One migrated in-memory database per test process, serialized: each SQLite store opens a copy of it (under 1 ms
 * of CPU) instead of running every migration again (about 75 ms), hundreds of times per suite.
 */
function migratedSqliteImage(): Promise<Buffer> {
  sqliteImage ??= (async () => {
    const store = openSqlite(':memory:');
    await migrateToLatest(store.db);
    const image = await store.db
      .transaction()
      .execute(async (trx) => writerInTransaction(trx as unknown as Kysely<never>)!.serialize());
    await store.close();
    return image;
  })();
  return sqliteImage;
}
