import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { openStore } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

// A PostgreSQL restart ends every backend, also one serving a transaction between two of its statements. The
// soak benchmark (docs/resilience.md) found a server that died of it: the pg client emitted 'error' with no
// query to receive it. The transaction must fail with DB_ERROR and the process go on.
const url = process.env.TEST_DATABASE_URL;

describe(
  'postgres: a connection lost inside a transaction',
  { skip: url ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    it('fails that transaction with DB_ERROR; the store serves the next request', async (t) => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      t.after(async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      });
      const store = openStore(url!, undefined, { schema, poolSize: 2 });
      t.after(() => store.close());
      await migrateToLatest(store.db);

      await assert.rejects(
        store.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          // Between statements: the client hears of the end while no query of its own is running.
          await sleep(200);
          await sql`select 1`.execute(trx);
        }),
        (error: Error) => {
          assert.equal(error.name, 'StoreError');
          return true;
        },
      );
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(store.db);
      assert.equal(rows[0]!.one, 1);
    });
  },
);
