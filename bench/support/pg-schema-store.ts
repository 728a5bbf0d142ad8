/** Benchmark helper: a PostgreSQL store in a throw-away schema of its own, dropped when the store closes. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openStore, type Store } from '../../src/db/connect.ts';

/** Opens `url` (TEST_DATABASE_URL, else DATABASE_URL) in a new schema `bench_<random>`; `close()` drops it. */
export async function openThrowawaySchemaStore(
  url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL,
): Promise<Store> {
  if (!url) throw new Error('set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL database');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const store = openStore(url, undefined, { schema });
  return {
    ...store,
    close: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(store.db);
      await store.close();
    },
  };
}
