// The reached SBOM ids a cached reach remembers (reach-filter.ts): read once while the change stamp stands,
// read again as soon as it moves or cannot be told, never remembered for a reach no cache handed out, nor for
// another organisation; both dialects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { addAsset, addSbom } from '../../test/support/portfolio-rows.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { reachedSbomIds, rememberSbomIdsOf } from './reach-filter.ts';

const sorted = (ids: ReadonlySet<string> | null) => (ids === null ? null : [...ids].sort());

for (const dialect of DIALECTS) {
  describe(`${dialect}: remembered SBOM ids`, () => {
    it('are read again exactly when the change stamp moves', async (t) => {
      const { services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      await addAsset(store.db, org.id, 'ast_a');
      await addSbom(store.db, org.id, 'ast_a', 'sbom_1', []);
      let stamp: number | undefined = 1;
      const reach = new Set(['ast_a']);
      rememberSbomIdsOf(reach, org.id, () => stamp);
      const scope = { orgId: org.id, reach };
      assert.deepEqual(sorted(await reachedSbomIds(store.db, scope)), ['sbom_1']);

      // Written without the stamp moving (no store does that; here it proves the ids are remembered).
      await addSbom(store.db, org.id, 'ast_a', 'sbom_2', []);
      assert.deepEqual(sorted(await reachedSbomIds(store.db, scope)), ['sbom_1'], 'remembered');
      // A reach no cache handed out, even one equal to it, is always read.
      const unremembered = { orgId: org.id, reach: new Set(['ast_a']) };
      assert.deepEqual(sorted(await reachedSbomIds(store.db, unremembered)), ['sbom_1', 'sbom_2']);
      // Another organisation's scope with the same set reads its own (none).
      assert.deepEqual(sorted(await reachedSbomIds(store.db, { orgId: other.id, reach })), []);

      stamp = 2;
      assert.deepEqual(sorted(await reachedSbomIds(store.db, scope)), ['sbom_1', 'sbom_2'], 'stamp moved');

      // While the store cannot tell (PostgreSQL's listener down), every call reads and nothing is remembered.
      stamp = undefined;
      await addSbom(store.db, org.id, 'ast_a', 'sbom_3', []);
      assert.deepEqual(sorted(await reachedSbomIds(store.db, scope)), ['sbom_1', 'sbom_2', 'sbom_3']);
      stamp = 3;
      assert.deepEqual(sorted(await reachedSbomIds(store.db, scope)), ['sbom_1', 'sbom_2', 'sbom_3']);
    });
  });
}
