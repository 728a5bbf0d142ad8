import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storeWithBareSbom } from '../../test/support/bare-sbom.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { insertPendingComponents } from '../sboms/sbom.repository.ts';
import type { ComponentValues } from '../sboms/prepared-sbom.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../sboms/sbom.table.ts';
import { insertRows } from './helpers.ts';
import { StoreError } from './store-error.ts';

// 2,500 rows: over the size from which PostgreSQL takes COPY, and more than one COPY chunk.
const ROWS = 2_500;
// The second line: what PostgreSQL's array syntax (`unnest`'s parameters) must quote: the word NULL, braces, commas,
// quotes, white space.
const TRICKY = ['tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', '\\.', 'ünïcødé ✓', ''];
TRICKY.push('NULL', 'null', '{brace}', 'a,b', 'quo"te', '\\"', ' lead', 'trail ', 'in side', '\u00a0');

function row(orgId: string, sbomId: string, i: number): unknown[] {
  const tricky = TRICKY[i % TRICKY.length]!;
  return [
    `cmp_${String(i).padStart(5, '0')}`,
    orgId,
    sbomId,
    i % 3 === 0 ? null : `ref-${i}`,
    'library',
    null,
    `${tricky}-${i}`,
    i % 2 ? '1.0.0' : null,
    null,
    null,
    'npm',
    null,
    '["MIT"]',
    '[]',
    tricky,
    null,
    '[]',
    i,
    i % 4 === 0 ? null : JSON.stringify({ cdx: [{ name: tricky }] }),
  ];
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: insertRows`, () => {
    const setup = () => storeWithBareSbom(dialect, 'bulk');

    it('stores every value exactly, tabs, line breaks, backslashes and nulls included', async (t) => {
      const { store, orgId } = await setup();
      t.after(() => store.close());
      const rows = Array.from({ length: ROWS }, (_, i) => row(orgId, 'sbom_1', i));
      await store.db
        .transaction()
        .execute((trx) => insertRows(trx, 'sbom_components', COMPONENT_COLUMNS, rows, COMPONENT_PG_TYPES));
      const stored = await store.db
        .selectFrom('sbom_components')
        .select(COMPONENT_COLUMNS)
        .orderBy('position')
        .execute();
      assert.equal(stored.length, ROWS);
      assert.deepEqual(
        stored.map((r) => COMPONENT_COLUMNS.map((c) => r[c])),
        rows,
      );
    });

    // An upload's pending batch (≈ 1,900 rows a slice, under the COPY threshold) in its own short transaction.
    it('stores a small pending batch exactly, tabs, line breaks, backslashes, quotes, braces and nulls included', async (t) => {
      const { store, orgId } = await setup();
      t.after(() => store.close());
      const rows = Array.from({ length: 60 }, (_, i) => row(orgId, 'sbom_1', i)) as ComponentValues[];
      await insertPendingComponents(store.db, rows);
      const stored = await store.db
        .selectFrom('sbom_components')
        .select(COMPONENT_COLUMNS)
        .orderBy('position')
        .execute();
      assert.equal(stored.length, 60);
      assert.deepEqual(
        stored.map((r) => COMPONENT_COLUMNS.map((c) => r[c])),
        rows,
      );
    });

    it('writes nothing when a row fails: the transaction rolls back whole', async (t) => {
      const { store, orgId } = await setup();
      t.after(() => store.close());
      const rows = Array.from({ length: ROWS }, (_, i) => row(orgId, 'sbom_1', i));
      rows[ROWS - 1]![0] = rows[0]![0]; // a duplicate primary key in the last chunk
      await assert.rejects(
        store.db
          .transaction()
          .execute((trx) => insertRows(trx, 'sbom_components', COMPONENT_COLUMNS, rows, COMPONENT_PG_TYPES)),
        (error) => error instanceof StoreError,
      );
      const { n } = await store.db
        .selectFrom('sbom_components')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(n), 0);
    });
  });
}
