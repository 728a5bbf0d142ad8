// `bulwark scan --remediation` in process: the plan as a table, as JSON and in SARIF, from the local store and
// from a server (the spawned gate is smoke-tested in scan.command.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { freshDatabaseUrl } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { openStore } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadAdvisories, SHOP } from '../remediation/remediation-fixture.ts';
import { VulnDbService } from '../vulndb/index.ts';
import { scanCommand } from './scan.command.ts';

/** Sets environment variables for the test, restoring them after. */
function withEnv(t: TestContext, env: Record<string, string>) {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  t.after(() => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

async function scan(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await scanCommand.run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const TABLE = `Upgrade plan: 3 packages, 9 findings fixed by the upgrades below

PACKAGE                       CURRENT  UPGRADE TO  FIXES                          KEV  REMAINING  INTRODUCED BY
pkg:npm/lodash                4.17.15  4.17.21     6 (2 critical, 2 high, 2 low)  0    0          pkg:npm/app-kit@2.0.0, pkg:npm/build-tools@1.0.0
pkg:pypi/jinja2               2.10     2.11.3      2 (1 critical, 1 medium)       0    0          pkg:pypi/jinja2@2.10
pkg:golang/golang.org/x/text  v0.3.7   0.3.8       1 (1 high)                     0    0          pkg:npm/app-kit@2.0.0, pkg:npm/build-tools@1.0.0`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark scan --remediation`, () => {
    it('prints the plan after the findings, in JSON and in SARIF, from the local store', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-scan-plan-'));
      t.after(async () => {
        rmSync(dir, { recursive: true });
        await db.cleanup();
      });
      const store = openStore(db.url, db.dataDir);
      await migrateToLatest(store.db);
      await loadAdvisories(t, { vulndb: new VulnDbService(store.db) });
      await store.close();
      withEnv(t, { DATABASE_URL: db.url, DATA_DIR: db.dataDir, BULWARK_URL: '', BULWARK_TOKEN: '' });
      const bom = join(dir, 'shop.cdx.json');
      writeFileSync(bom, SHOP);

      const table = await scan([bom, '--remediation']);
      assert.equal(table.code, 0, table.stderr);
      assert.equal(table.stdout.slice(table.stdout.indexOf('Upgrade plan')), TABLE);
      assert.doesNotMatch((await scan([bom])).stdout, /Upgrade plan/);

      const json = JSON.parse((await scan([bom, '--remediation', '--format', 'json'])).stdout);
      assert.deepEqual(
        json.remediation.map((i: { purl: string; targetVersion: string; introducedBy: string[] }) => [
          i.purl,
          i.targetVersion,
          i.introducedBy.length,
        ]),
        [
          ['pkg:npm/lodash', '4.17.21', 2],
          ['pkg:pypi/jinja2', '2.11.3', 1],
          ['pkg:golang/golang.org/x/text', '0.3.8', 2],
        ],
      );

      const sarif = JSON.parse((await scan([bom, '--remediation', '--format', 'sarif'])).stdout);
      const text = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'GO-tx-0001');
      assert.deepEqual(text.properties, {
        status: 'open',
        severity: 'HIGH',
        severitySource: 'advisory',
        direct: false,
        paths: [
          ['pkg:npm/app-kit@2.0.0', 'pkg:golang/golang.org/x/text@v0.3.7'],
          ['pkg:npm/build-tools@1.0.0', 'pkg:npm/app-kit@2.0.0', 'pkg:golang/golang.org/x/text@v0.3.7'],
        ],
        upgradeTo: '0.3.8',
      });
    });

    it('asks the server for the plan (?remediation=true) with --server', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-scan-plan-'));
      t.after(() => rmSync(dir, { recursive: true }));
      withEnv(t, { BULWARK_URL: '', BULWARK_TOKEN: org.tokens.read! });
      const bom = join(dir, 'shop.cdx.json');
      writeFileSync(bom, SHOP);
      const res = await scan([bom, '--remediation', '--server', baseUrl]);
      assert.equal(res.code, 0, res.stderr);
      assert.equal(res.stdout.slice(res.stdout.indexOf('Upgrade plan')), TABLE);
    });
  });
}
