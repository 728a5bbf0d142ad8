import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { OrganisationService } from '../tenancy/organisation.service.ts';
import { preparedQuery } from './prepared-query.ts';

// Constants compiled into the query sit between the arguments, so the slot mapping is exercised.
const slugsOnPlan = preparedQuery((db, first: string, second: string) =>
  db
    .selectFrom('organizations')
    .select('slug')
    .where('slug', 'in', [first, 'never-an-org', second])
    .where('plan', '=', 'professional')
    .orderBy('slug'),
);

for (const dialect of DIALECTS) {
  describe(`${dialect}: prepared queries`, () => {
    it('compiles once and runs with each call’s values, also inside a transaction', async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const organisations = new OrganisationService(store.db);
      for (const slug of ['alpha', 'beta', 'gamma']) await organisations.create({ slug });
      await organisations.create({ slug: 'delta', plan: 'essentials' });
      const slugs = async (...args: [string, string]) =>
        (await slugsOnPlan(store.db, ...args)).map((row) => row.slug);
      assert.deepEqual(await slugs('gamma', 'alpha'), ['alpha', 'gamma']);
      assert.deepEqual(await slugs('beta', 'delta'), ['beta'], 'delta is on another plan');
      assert.deepEqual(await slugs('nobody', 'nothing'), []);
      const inTransaction = await store.db
        .transaction()
        .execute(async (trx) => (await slugsOnPlan(trx, 'beta', 'alpha')).map((row) => row.slug));
      assert.deepEqual(inTransaction, ['alpha', 'beta']);
    });

    it('refuses a builder that does not use an argument as a value', async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const misuse = preparedQuery((db, slug: string) =>
        db.selectFrom('organizations').select('slug').where('slug', '=', slug.toUpperCase()),
      );
      await assert.rejects(misuse(store.db, 'alpha'), /argument 0 is not used as a value/);
    });
  });
}
