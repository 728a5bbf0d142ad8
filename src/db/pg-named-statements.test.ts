import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { StatementNames } from './pg-named-statements.ts';

describe('statement names', () => {
  it('names a text the second time it comes, up to the limit; long texts never', () => {
    const names = new StatementNames(2);
    assert.equal(names.nameOf('select 1'), null, 'first time: unnamed');
    assert.equal(names.nameOf('select 1'), 'bulwark_0');
    assert.equal(names.nameOf('select 1'), 'bulwark_0');
    assert.equal(names.nameOf(`select '${'x'.repeat(9_000)}'`), null);
    assert.equal(names.nameOf(`select '${'x'.repeat(9_000)}'`), null);
    names.nameOf('select 2');
    assert.equal(names.nameOf('select 2'), 'bulwark_1');
    names.nameOf('select 3');
    assert.equal(names.nameOf('select 3'), null, 'over the limit');
    names.refuse('select 1');
    assert.equal(names.nameOf('select 1'), null, 'refused: unnamed from then on');
  });
});

// Named statements are PostgreSQL's; SQLite's driver prepares its statements itself.
for (const _ of DIALECTS.filter((dialect) => dialect === 'postgres')) {
  describe('postgres: named statements', () => {
    it('prepares a repeated statement once per connection and answers as before', async (t) => {
      const store = await createTestStore('postgres', { poolSize: 1 });
      t.after(() => store.close());
      const read = (n: number) =>
        sql<{ n: number; prepared: number }>`select ${n}::int as n,
          (select count(*) from pg_prepared_statements where name like 'bulwark_%') as prepared`.execute(
          store.db,
        );
      const answers = [];
      for (let i = 1; i <= 3; i++) answers.push((await read(i)).rows[0]);
      // Migrations and the first run: unnamed; the second run prepares it; the third reuses it.
      const before = answers[0]!.prepared;
      assert.deepEqual(
        answers.map((a) => [a!.n, a!.prepared - before]),
        [
          [1, 0],
          [2, 1],
          [3, 1],
        ],
      );
    });

    it('sends a statement unnamed once a migration has changed the columns its prepared form returns', async (t) => {
      const store = await createTestStore('postgres', { poolSize: 1 });
      t.after(() => store.close());
      await sql`create table named_probe (id int)`.execute(store.db);
      await sql`insert into named_probe values (1)`.execute(store.db);
      const all = () =>
        sql<Record<string, number>>`select * from named_probe where id = ${1}`.execute(store.db);
      await all();
      assert.deepEqual((await all()).rows, [{ id: 1 }], 'prepared on the second run');
      await sql`alter table named_probe add column extra int default 7`.execute(store.db);
      assert.deepEqual((await all()).rows, [{ id: 1, extra: 7 }], 'the stale statement is retried unnamed');
      assert.deepEqual((await all()).rows, [{ id: 1, extra: 7 }]);
    });
  });
}
