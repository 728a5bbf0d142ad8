// selectSingleRows: several single-row selects read in one statement, each part's row under its own name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Store } from './connect.ts';
import { recorded } from '../../test/support/statement-recorders.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { selectSingleRows, singleRow } from './single-rows.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: selectSingleRows`, () => {
    let store: Store;
    before(async () => {
      store = await createTestStore(dialect);
    });
    after(() => store.close());

    it('reads every part in one statement, same column names apart, a null part left out', async () => {
      const { db, statements } = recorded(store.db);
      const rows = await selectSingleRows(db, {
        two: singleRow(sql`select 1 + ${1} as n, ${'a'} as label`, 'n', 'label'),
        // An aggregate over no rows is still one row: count 0, sum null.
        none: singleRow(
          sql`select count(*) as n, sum(1) as total from (select 1 as x) t where t.x = ${2}`,
          'n',
          'total',
        ),
        skipped: null,
      });
      assert.equal(statements.length, 1);
      assert.deepEqual(
        {
          two: { n: Number(rows.two.n), label: rows.two.label },
          none: { n: Number(rows.none.n), total: rows.none.total },
        },
        { two: { n: 2, label: 'a' }, none: { n: 0, total: null } },
      );
      assert.equal(rows.skipped, undefined);
    });
  });
}
