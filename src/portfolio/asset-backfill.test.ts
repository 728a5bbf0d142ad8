// The portfolio migration's backfill: one asset per distinct (organisation, asset_name) of the existing SBOMs,
// every SBOM pointing at its asset; both dialects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import * as assetsMigration from '../db/migrations/2026-11-26-90-portfolio-assets.ts';
import * as memoryMigration from '../db/migrations/2026-11-26-92-asset-triage-memory.ts';
import { OrganisationService } from '../tenancy/organisation.service.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: the portfolio migration`, () => {
    it('makes one asset per asset name of each organisation and points every SBOM at it', async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const organisations = new OrganisationService(store.db);
      const a = await organisations.create({ slug: 'backfill-a' });
      const b = await organisations.create({ slug: 'backfill-b' });
      await memoryMigration.down(store.db);
      await assetsMigration.down(store.db);
      const sbom = (id: string, orgId: string, asset: string, at: string) =>
        sql`insert into sboms (id, org_id, name, asset_name, asset_id, component_count, created_at, updated_at)
          values (${id}, ${orgId}, ${asset}, ${asset}, ${id === 'sbom_4' ? 'ast_legacy' : null}, 0, ${at}, ${at})`.execute(
          store.db,
        );
      await sbom('sbom_1', a.id, 'shop', '2026-01-01T00:00:00.000Z');
      await sbom('sbom_2', a.id, 'shop', '2026-02-01T00:00:00.000Z');
      await sbom('sbom_3', a.id, 'api', '2026-01-15T00:00:00.000Z');
      // Same name in another organisation: another asset; an old free-form asset_id is replaced.
      await sbom('sbom_4', b.id, 'shop', '2026-03-01T00:00:00.000Z');

      await assetsMigration.up(store.db);
      await memoryMigration.up(store.db);
      const assets = await store.db
        .selectFrom('assets')
        .select(['id', 'org_id', 'name', 'active', 'last_upload_at', 'created_at', 'classifier'])
        .orderBy('org_id')
        .orderBy('name')
        .execute();
      const orgOf = (id: string) => (id === a.id ? 'a' : 'b');
      assert.deepEqual(
        assets.map((r) => [orgOf(r.org_id), r.name, r.active, r.classifier, r.created_at, r.last_upload_at]),
        [
          ['a', 'api', 1, 'application', '2026-01-15T00:00:00.000Z', '2026-01-15T00:00:00.000Z'],
          ['a', 'shop', 1, 'application', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
          ['b', 'shop', 1, 'application', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
        ],
      );
      for (const r of assets) assert.match(r.id, /^ast_/);
      const byName = new Map(assets.map((r) => [`${orgOf(r.org_id)}/${r.name}`, r.id]));
      const sboms = await store.db.selectFrom('sboms').select(['id', 'asset_id']).orderBy('id').execute();
      assert.deepEqual(sboms, [
        { id: 'sbom_1', asset_id: byName.get('a/shop') },
        { id: 'sbom_2', asset_id: byName.get('a/shop') },
        { id: 'sbom_3', asset_id: byName.get('a/api') },
        { id: 'sbom_4', asset_id: byName.get('b/shop') },
      ]);
      const orgs = await store.db.selectFrom('organizations').select('retention').execute();
      assert.deepEqual(orgs, [{ retention: null }, { retention: null }]);
    });
  });
}
