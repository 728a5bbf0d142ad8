import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runMain } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { openStore } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertAsset, replaceTags } from '../portfolio/asset.repository.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark team, org --portfolio-access, token --asset-tags`, () => {
    it('creates, lists, updates and deletes teams; bad grants exit 2 naming the tag', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(() => db.cleanup());
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      const org = JSON.parse((await runMain(['org', 'create', 'acme', '--json'], env)).stdout);
      const ada = JSON.parse(
        (await runMain(['user', 'create', '--org', 'acme', '--email', 'ada@acme.example', '--json'], env))
          .stdout,
      );
      const store = openStore(db.url, db.dataDir);
      try {
        await migrateToLatest(store.db);
        const now = new Date().toISOString();
        await insertAsset(store.db, {
          id: 'ast_pay',
          org_id: org.id,
          name: 'pay-api',
          parent_id: null,
          classifier: 'application',
          active: 1,
          retention: null,
          last_upload_at: null,
          created_at: now,
          updated_at: now,
        });
        await replaceTags(store.db, org.id, 'ast_pay', ['pay']);
      } finally {
        await store.close();
      }

      const created = await runMain(
        [
          'team',
          'create',
          '--org',
          'acme',
          '--name',
          'Payments',
          '--members',
          'ada@acme.example',
          '--grant',
          'tags=pay;role=viewer',
          '--json',
        ],
        env,
      );
      assert.equal(created.code, 0, created.stderr);
      const team = JSON.parse(created.stdout);
      assert.deepEqual(
        [
          team.name,
          team.members,
          team.grants.map((g: { assetTags: string[]; assetIds: string[]; role: string }) => [
            g.assetTags,
            g.assetIds,
            g.role,
          ]),
        ],
        ['Payments', [ada.id], [[['pay'], [], 'viewer']]],
      );
      const human = await runMain(['team', 'list', '--org', 'acme'], env);
      assert.equal(human.stdout, `${team.id}  Payments  members 1  grants [tags=pay;role=viewer]\n`);

      const bad = await runMain(['team', 'update', 'Payments', '--org', 'acme', '--grant', 'tags=web'], env);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /grants\[0\]\.assetTags: no asset carries the tag 'web'/);
      const unknownKey = await runMain(
        ['team', 'update', 'Payments', '--org', 'acme', '--grant', 'colour=red'],
        env,
      );
      assert.equal(unknownKey.code, 2);
      assert.match(unknownKey.stderr, /'colour' is not tags, ids or role/);

      const updated = await runMain(
        [
          'team',
          'update',
          'Payments',
          '--org',
          'acme',
          '--name',
          'Pay',
          '--grant',
          'ids=ast_pay',
          '--members',
          '',
          '--json',
        ],
        env,
      );
      assert.equal(updated.code, 0, updated.stderr);
      assert.deepEqual(
        [
          JSON.parse(updated.stdout).name,
          JSON.parse(updated.stdout).members,
          JSON.parse(updated.stdout).grants[0].assetIds,
        ],
        ['Pay', [], ['ast_pay']],
      );
      const cleared = await runMain(
        ['team', 'update', team.id, '--org', 'acme', '--clear-grants', '--json'],
        env,
      );
      assert.deepEqual(JSON.parse(cleared.stdout).grants, []);

      const on = await runMain(['org', 'update', 'acme', '--portfolio-access', '--json'], env);
      assert.equal(JSON.parse(on.stdout).portfolioAccess, true);
      const token = await runMain(
        ['token', 'create', '--org', 'acme', '--scopes', 'sbom:read', '--asset-tags', 'pay, web', '--json'],
        env,
      );
      assert.deepEqual(JSON.parse(token.stdout).assetTags, ['pay', 'web']);
      const tokens = await runMain(['token', 'list', '--org', 'acme'], env);
      assert.match(tokens.stdout, /sbom:read {2}tags pay,web {2}no expiry/);

      const deleted = await runMain(['team', 'delete', 'Pay', '--org', 'acme', '--json'], env);
      assert.deepEqual(JSON.parse(deleted.stdout), { id: team.id, deleted: true });
      const gone = await runMain(['team', 'delete', 'Pay', '--org', 'acme'], env);
      assert.deepEqual([gone.code, gone.stderr], [1, "error: Team 'Pay' was not found\n"]);
    });
  });
}
