/** Test helpers: the dialects to run and a fresh migrated store per test. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { openSqlite, openStore, type DialectName, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { writerInTransaction } from '../../src/db/sqlite-driver.ts';
import { freshPostgresDatabase } from './pg-databases.ts';
import { announcePostgresAbsent } from './services.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it); its absence is announced once. */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.TEST_DATABASE_URL) announcePostgresAbsent();

/**
 * A fresh, migrated store: an in-memory SQLite database, or a PostgreSQL database of its own cloned from the
 * migrated template (pg-databases.ts; dropped on close), so concurrent test files never see each other's rows.
 */
export async function createTestStore(
  dialect: DialectName,
  options: { poolSize?: number } = {},
): Promise<Store> {
  if (dialect === 'sqlite') return openSqlite(await migratedSqliteImage());
  const database = await freshPostgresDatabase();
  const store = openStore(database.url, undefined, options.poolSize ? { poolSize: options.poolSize } : {});
  const wrapped: Store = {
    ...store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
  urls.set(wrapped, database.url);
  return wrapped;
}

const urls = new WeakMap<Store, string>();

/** The DATABASE_URL of a PostgreSQL test store: what a second instance (or a child process) opens to share it. */
export function testStoreUrl(store: Store): string {
  const url = urls.get(store);
  if (!url) throw new Error(`not a PostgreSQL test store: ${store.location}`);
  return url;
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

/**
 * Two handles on one store: `server` (whose caches are under test) and `other`, where changes are made as another
 * instance or the CLI in another process would make them.
 */
export async function twoHandles(
  t: TestContext,
  dialect: DialectName,
): Promise<{ server: Store; other: Store }> {
  if (dialect === 'sqlite') {
    const url = `sqlite:${join(mkdtempSync(join(tmpdir(), 'bulwark-two-')), 'store.sqlite')}`;
    const server = openStore(url);
    await migrateToLatest(server.db);
    const other = openStore(url);
    t.after(async () => {
      await other.close();
      await server.close();
    });
    return { server, other };
  }
  const server = await createTestStore(dialect);
  const other = openStore(testStoreUrl(server));
  t.after(async () => {
    await other.close();
    await server.close();
  });
  return { server, other };
}

/**
 * Makes the store refuse to delete any SBOM row (`sboms are kept`), so a test sees what a deletion did before
 * its row, or how a failed clean-up is reported.
 */
export async function refuseSbomDeletes(store: Store): Promise<void> {
  const statements =
    store.dialect === 'sqlite'
      ? [
          sql`create trigger keep_sboms before delete on sboms begin select raise(abort, 'sboms are kept'); end`,
        ]
      : [
          sql`create function keep_sboms() returns trigger language plpgsql as $$ begin raise exception 'sboms are kept'; end $$`,
          sql`create trigger keep_sboms before delete on sboms for each row execute function keep_sboms()`,
        ];
  for (const statement of statements) await statement.execute(store.db);
}
