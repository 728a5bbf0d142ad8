// `bulwark asset …` and `bulwark org update --keep-versions …` in process on a fresh store of each dialect
// (docs/portfolio.md): list as a tree, show, update (tags, parent, classifier, activity, retention), retention run,
// delete, and usage errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultConfig } from '../config.ts';
import { openStore } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createServices } from '../services.ts';
import { freshDatabaseUrl, runMain } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';

const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  components: [{ type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark asset`, () => {
    it('lists, shows, updates, applies retention and deletes assets', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      t.after(() => db.cleanup());
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, BULWARK_URL: '', BULWARK_TOKEN: '' };
      const cli = (args: string[]) => runMain(args, env);
      assert.equal((await cli(['org', 'create', 'acme', '--owner-email', 'ada@acme.example'])).code, 0);
      // Uploads (the CLI has no upload command): api has 4 versions, web 1.
      const store = openStore(db.url, db.dataDir);
      try {
        await migrateToLatest(store.db);
        const services = createServices(store, defaultConfig());
        const org = await services.organisations.requireBySlug('acme');
        const owner = (await services.users.list(org.id))[0]!;
        for (const [asset, version] of [
          ['api', '1'],
          ['api', '2'],
          ['api', '3'],
          ['api', '4'],
          ['web', '1'],
        ])
          await services.sboms.upload(
            org.id,
            owner.id,
            { fileName: 'x.cdx.json', bytes: new TextEncoder().encode(SBOM) },
            { assetName: asset!, version: version! },
          );
      } finally {
        await store.close();
      }

      const update = await cli([
        'asset',
        'update',
        'api',
        '--org',
        'acme',
        '--tags',
        'Backend,prod',
        '--parent',
        'web',
        '--classifier',
        'service',
        '--keep-versions',
        '2',
        '--json',
      ]);
      assert.equal(update.code, 0, update.stderr);
      const api = JSON.parse(update.stdout);
      assert.deepEqual(
        [api.tags, api.classifier, api.retention, api.versions.length],
        [['backend', 'prod'], 'service', { keepVersions: 2 }, 4],
      );
      const list = await cli(['asset', 'list', '--org', 'acme']);
      assert.equal(list.code, 0, list.stderr);
      const web = JSON.parse((await cli(['asset', 'show', 'web', '--org', 'acme', '--json'])).stdout);
      assert.equal(
        list.stdout,
        `web  ${web.id}  application  1 version(s)  0 open (0 critical, 0 high)\n` +
          `  api  ${api.id}  service  4 version(s)  0 open (0 critical, 0 high)  [backend, prod]\n`,
      );
      assert.deepEqual(web.children, [{ id: api.id, name: 'api' }]);
      assert.equal(web.rollup.assets, 2);

      // The organisation's default, then the sweep: api keeps its own 2, web (1 version) keeps it.
      const org = await cli([
        'org',
        'update',
        'acme',
        '--keep-versions',
        '3',
        '--max-age-days',
        '90',
        '--json',
      ]);
      assert.equal(org.code, 0, org.stderr);
      assert.deepEqual(JSON.parse(org.stdout).retention, { keepVersions: 3, maxAgeDays: 90 });
      const run = await cli(['asset', 'retention', 'run', '--org', 'acme']);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(
        run.stdout,
        'Retention: 2 asset(s) with settings, 2 SBOM(s) deleted, 0 asset(s) marked inactive\n',
      );
      const shown = await cli(['asset', 'show', api.id, '--org', 'acme']);
      assert.match(shown.stdout, /retention: keep 2 versions, delete versions older than 90 days\n/);
      assert.deepEqual(
        JSON.parse((await cli(['asset', 'show', 'api', '--org', 'acme', '--json'])).stdout).versions.map(
          (v: { version: string }) => v.version,
        ),
        ['4', '3'],
      );

      await cli(['asset', 'update', 'web', '--org', 'acme', '--inactive']);
      // api stays listed: it is active itself.
      assert.deepEqual(
        JSON.parse((await cli(['asset', 'list', '--org', 'acme', '--json'])).stdout).assets.map(
          (a: { name: string }) => a.name,
        ),
        ['api'],
      );
      const all = JSON.parse((await cli(['asset', 'list', '--org', 'acme', '--all', '--json'])).stdout);
      assert.deepEqual(
        all.assets.map((a: { name: string; active: boolean }) => [a.name, a.active]),
        [
          ['api', true],
          ['web', false],
        ],
      );

      const refused = await cli(['asset', 'delete', 'web', '--org', 'acme']);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /has 1 child asset\(s\) \(api\)/);
      assert.equal((await cli(['asset', 'update', 'api', '--org', 'acme', '--top-level'])).code, 0);
      const deleted = await cli(['asset', 'delete', 'api', '--org', 'acme']);
      assert.equal(deleted.code, 0, deleted.stderr);
      assert.equal(deleted.stdout, `Deleted asset api (${api.id}) and 2 SBOM(s)\n`);

      for (const [args, message] of [
        [
          ['asset', 'update', 'web', '--org', 'acme', '--keep-versions', 'many'],
          /--keep-versions must be a whole number/,
        ],
        [['asset', 'update', 'web', '--org', 'acme', '--keep-versions', '0'], /--keep-versions: /],
        [['asset', 'update', 'web', '--org', 'acme'], /nothing to update/],
        [['asset', 'frobnicate', '--org', 'acme'], /unknown action 'frobnicate'/],
        [['asset', 'show', 'nope', '--org', 'acme'], /Asset 'nope' was not found/],
        [['asset', 'update', 'web', '--org', 'acme', '--tags', 'bad tag'], /tags\.0/],
      ] as const) {
        const res = await cli([...args]);
        assert.notEqual(res.code, 0, args.join(' '));
        assert.match(res.stderr, message, args.join(' '));
      }
    });
  });
}
