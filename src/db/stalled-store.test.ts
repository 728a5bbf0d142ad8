import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { build, createOrg } from '../../test/support/app.ts';
import { faultProxy } from '../../test/support/fault-proxy.ts';
import { eventually } from '../../test/support/poll.ts';
import { openStore } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

// PostgreSQL behind a proxy that stops forwarding: the statement and connect timeouts turn the stall into
// DB_ERROR, and /readyz answers 503 within its 1.5 s deadline instead of hanging.
const url = process.env.TEST_DATABASE_URL;

describe('postgres: a stalled database', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, () => {
  it('requests answer 500 DB_ERROR after the statement timeout, readyz 503 within 2 s', async (t) => {
    const target = new URL(url!);
    const proxy = await faultProxy(Number(target.port || 5432), target.hostname);
    t.after(() => proxy.close());
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    t.after(async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    });
    const proxied = new URL(url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // Migrated directly, so the short timeouts below only meet the test's own small queries.
    const direct = openStore(url, undefined, { schema });
    await migrateToLatest(direct.db);
    await direct.close();
    const store = openStore(proxied.toString(), undefined, {
      schema,
      statementTimeoutMs: 1_000,
      connectTimeoutMs: 1_000,
      poolSize: 2,
    });
    t.after(() => store.close().catch(() => {}));
    const env = await build(t, 'postgres', { store });
    const org = await createOrg(env.services);
    const vendors = () => env.app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer() });
    assert.equal((await vendors()).statusCode, 200);
    // A slow statement is cancelled by the server (query_canceled) and surfaces as a store failure.
    await assert.rejects(sql`select pg_sleep(5)`.execute(store.db), (error: Error) => {
      assert.equal(error.name, 'StoreError');
      assert.equal((error.cause as { code?: string }).code, '57014');
      return true;
    });

    proxy.freeze();
    let started = Date.now();
    const stalled = await vendors();
    // The statement timeout plus the client's 1 s of grace, not the minutes a client would wait otherwise.
    assert.ok(Date.now() - started < 5_000, `stalled request took ${Date.now() - started} ms`);
    assert.equal(stalled.statusCode, 500);
    assert.deepEqual(stalled.json(), {
      data: null,
      error: { code: 'DB_ERROR', message: 'The data store failed to complete the request' },
      meta: null,
    });
    started = Date.now();
    const ready = await env.app.inject({ url: '/readyz' });
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.json().error.code, 'DB_ERROR');
    assert.ok(Date.now() - started < 2_000, `readyz took ${Date.now() - started} ms`);

    // Back to normal once the database answers again (fresh connections replace the stalled ones).
    proxy.thaw();
    const recovered = await eventually(vendors, (res) => res.statusCode === 200, 5_000);
    assert.equal(recovered.statusCode, 200);
  });
});
