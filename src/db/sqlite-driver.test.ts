import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import { openSqlite } from './connect.ts';

async function openTemp(t: { after: (fn: () => Promise<void>) => void }) {
  const store = openSqlite(join(mkdtempSync(join(tmpdir(), 'bulwark-rw-')), 'rw.sqlite'));
  t.after(() => store.close());
  await sql`create table items (id integer primary key, name text not null)`.execute(store.db);
  return store;
}

describe('sqlite: one writer, one reader', () => {
  it('answers reads from committed state while a write transaction is open', async (t) => {
    const { db } = await openTemp(t);
    await sql`insert into items (name) values ('committed')`.execute(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into items (name) values ('pending')`.execute(trx);
      inside();
      await held;
    });
    await started;
    // The transaction is open and holds the writer; a read must neither wait nor see 'pending'.
    const rows = await sql<{ name: string }>`select name from items order by id`.execute(db);
    assert.deepEqual(
      rows.rows.map((r) => r.name),
      ['committed'],
    );
    release();
    await transaction;
    const after = await sql<{ name: string }>`select name from items order by id`.execute(db);
    assert.deepEqual(
      after.rows.map((r) => r.name),
      ['committed', 'pending'],
    );
  });

  it('makes writes outside the transaction wait for it, and keeps them out of a rollback', async (t) => {
    const { db } = await openTemp(t);
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (name) values ('rolled back')`.execute(trx);
        inside();
        await held;
        order.push('transaction fails');
        throw new Error('boom');
      })
      .catch((error: Error) => error.message);
    await started;
    const write = sql`insert into items (name) values ('independent')`
      .execute(db)
      .then(() => order.push('independent write'));
    // The query pipeline (Kysely, the driver, better-sqlite3) never waits on a timer or I/O: an unblocked
    // write finishes within microtasks. A macrotask runs only once they are all drained, so this is the
    // point at which an unblocked write would certainly have landed.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, [], 'the independent write waits for the writer');
    release();
    assert.equal(await transaction, 'boom');
    await write;
    assert.deepEqual(order, ['transaction fails', 'independent write']);
    const rows = await sql<{ name: string }>`select name from items order by id`.execute(db);
    assert.deepEqual(
      rows.rows.map((r) => r.name),
      ['independent'],
    );
  });

  it('runs concurrent transactions one after another', async (t) => {
    const { db } = await openTemp(t);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into items (name) values (${`a${i}`})`.execute(trx);
          await new Promise((resolve) => setImmediate(resolve));
          await sql`insert into items (name) values (${`b${i}`})`.execute(trx);
        }),
      ),
    );
    const rows = await sql<{ name: string }>`select name from items order by id`.execute(db);
    const names = rows.rows.map((r) => r.name);
    assert.equal(names.length, 40);
    for (let i = 0; i < 40; i += 2)
      assert.equal(names[i]!.slice(1), names[i + 1]!.slice(1), 'each pair stays together');
  });
});

describe('sqlite: migrations from several processes at once', () => {
  it('serialises concurrent `bulwark migrate` runs on one fresh file instead of creating tables twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-migrate-'));
    const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'fresh.sqlite')}`, DATA_DIR: dir };
    const bin = new URL('../../bin/bulwark.js', import.meta.url).pathname;
    const runs = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<{ code: number; out: string }>((resolve) => {
            execFile(process.execPath, [bin, 'migrate', '--json'], { env }, (error, stdout, stderr) =>
              resolve({ code: error ? 1 : 0, out: `${stdout}${stderr}` }),
            );
          }),
      ),
    );
    assert.deepEqual(
      runs.map((r) => r.code),
      [0, 0, 0, 0],
      runs.map((r) => r.out).join('\n'),
    );
    const applied = runs.map((r) => (JSON.parse(r.out) as { applied: string[] }).applied.length);
    assert.equal(
      applied.filter((n) => n > 0).length,
      1,
      `one run applied the migrations, the others found none pending: ${applied}`,
    );
  });
});

describe('sqlite: placeholders', () => {
  it('builder queries bind +? (plans never re-made per call), hand-written SQL binds ?', async (t) => {
    const { db } = await openTemp(t);
    const built = db
      .selectFrom('items' as never)
      .selectAll()
      .where('name' as never, '=', 'x' as never);
    assert.equal(built.compile().sql, 'select * from "items" where "name" = +?');
    assert.equal(
      sql`select * from items where name = ${'x'}`.compile(db).sql,
      'select * from items where name = ?',
    );
  });

  it('+? compares exactly as ? does, affinity included', async (t) => {
    const { db } = await openTemp(t);
    await sql`create table typed (n integer, s text)`.execute(db);
    await sql`insert into typed values (5, '5')`.execute(db);
    const count = async (column: 'n' | 's', value: string | number) =>
      Number(
        (
          await db
            .selectFrom('typed' as never)
            .select((eb) => eb.fn.countAll().as('c'))
            .where(column as never, '=', value as never)
            .executeTakeFirstOrThrow()
        ).c,
      );
    // Column affinity applies to +? as to ?: an integer column matches the text '5' too.
    assert.deepEqual([await count('n', '5'), await count('n', 5), await count('s', '5')], [1, 1, 1]);
    const raw = async (value: string | number) =>
      Number(
        (await sql<{ c: number }>`select count(*) as c from typed where n = ${value}`.execute(db)).rows[0]!.c,
      );
    assert.deepEqual([await raw('5'), await raw(5)], [1, 1]);
  });
});
