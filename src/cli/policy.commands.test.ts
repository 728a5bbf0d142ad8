// `bulwark policy`, `bulwark license-group` and `bulwark scan --fail-on policy` as an operator and a CI job run
// them, on a fresh store of each dialect: in process through `main(argv, io)`, with one spawned run of each
// command group (`license-group list`, `policy list`) for the binary itself.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runCli, runMain } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { policySbom } from '../policies/policy-fixture.ts';

const POLICY_FILE = `
licenseGroups:
  - name: approved
    licenses: [MIT, Apache-2.0]
policies:
  - name: Approved licenses only
    kind: license
    violationState: warn
    conditions:
      - { subject: license_group, operator: is_not, value: approved }
  - name: No event-stream
    kind: operational
    conditions:
      - { subject: purl, operator: matches, value: "pkg:npm/event-stream" }
`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark policy and license-group`, () => {
    it('create, list, apply a file, gate a scan, delete', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-policy-'));
      t.after(async () => {
        rmSync(dir, { recursive: true });
        await db.cleanup();
      });
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, BULWARK_URL: '', BULWARK_TOKEN: '' };
      const cli = (args: string[], extra: Record<string, string> = {}) => runMain(args, { ...env, ...extra });
      assert.equal((await cli(['org', 'create', 'acme', '--json'])).code, 0);

      const groups = await runCli(['license-group', 'list', '--org', 'acme', '--json'], env);
      assert.equal(groups.code, 0, groups.stderr);
      assert.deepEqual(
        JSON.parse(groups.stdout).licenseGroups.map((g: { name: string }) => g.name),
        ['copyleft', 'permissive', 'weak-copyleft'],
      );

      const bad = await cli([
        'policy',
        'create',
        '--org',
        'acme',
        '--name',
        'x',
        '--kind',
        'license',
        '--condition',
        'license_group is nope',
      ]);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /conditions\.0\.value: 'nope' is not a license group of this organisation/);
      const created = await cli([
        'policy',
        'create',
        '--org',
        'acme',
        '--name',
        'No copyleft',
        '--kind',
        'license',
        '--condition',
        'license_group is copyleft',
        '--json',
      ]);
      assert.equal(created.code, 0, created.stderr);
      const policy = JSON.parse(created.stdout);
      assert.match(policy.id, /^pol_/);
      assert.deepEqual(policy.conditions, [{ subject: 'license_group', operator: 'is', value: 'copyleft' }]);

      writeFileSync(join(dir, 'policies.yaml'), POLICY_FILE);
      const applied = await cli(['policy', 'apply', join(dir, 'policies.yaml'), '--org', 'acme', '--json']);
      assert.equal(applied.code, 0, applied.stderr);
      assert.deepEqual(JSON.parse(applied.stdout), {
        licenseGroups: { created: ['approved'], updated: [] },
        policies: { created: ['Approved licenses only', 'No event-stream'], updated: [], deleted: [] },
      });
      const again = await cli([
        'policy',
        'apply',
        join(dir, 'policies.yaml'),
        '--org',
        'acme',
        '--prune',
        '--json',
      ]);
      assert.deepEqual(JSON.parse(again.stdout), {
        licenseGroups: { created: [], updated: ['approved'] },
        policies: {
          created: [],
          updated: ['Approved licenses only', 'No event-stream'],
          deleted: ['No copyleft'],
        },
      });
      writeFileSync(
        join(dir, 'broken.yaml'),
        'policies:\n  - name: y\n    kind: license\n    conditions: [{ subject: colour, operator: is, value: red }]\n',
      );
      const broken = await cli(['policy', 'apply', join(dir, 'broken.yaml'), '--org', 'acme']);
      assert.equal(broken.code, 2);
      assert.match(broken.stderr, /policies\.0\.conditions\.0\.subject: 'colour' is not one of/);
      const list = JSON.parse(
        (await runCli(['policy', 'list', '--org', 'acme', '--json'], env)).stdout,
      ).policies;
      assert.deepEqual(
        list.map((p: { name: string }) => p.name),
        ['Approved licenses only', 'No event-stream'],
        'the broken file changed nothing',
      );

      // The gate: the token names the organisation whose policies apply.
      assert.equal((await cli(['user', 'create', '--org', 'acme', '--email', 'ci@acme.example'])).code, 0);
      const token = JSON.parse(
        (await cli(['token', 'create', '--org', 'acme', '--scopes', 'sbom:read', '--json'])).stdout,
      ).token;
      writeFileSync(join(dir, 'shop.cdx.json'), policySbom());
      const bom = join(dir, 'shop.cdx.json');
      // Only warn violations so far (gpl-lib and nolicense are not approved; dual may be MIT): --fail-on policy passes.
      const warnOnly = await cli(['scan', bom, '--fail-on', 'policy', '--format', 'json'], {
        BULWARK_TOKEN: token,
      });
      assert.equal(warnOnly.code, 0, warnOnly.stderr);
      assert.deepEqual(
        JSON.parse(warnOnly.stdout).violations.map(
          (v: { component: { name: string }; state: string }) => `${v.component.name}|${v.state}`,
        ),
        ['gpl-lib|warn', 'nolicense|warn'],
      );
      assert.equal(
        (
          await cli([
            'policy',
            'create',
            '--org',
            'acme',
            '--name',
            'No GPL',
            '--kind',
            'license',
            '--condition',
            'license_group is copyleft',
          ])
        ).code,
        0,
      );
      const failing = await cli(['scan', bom, '--fail-on', 'policy'], { BULWARK_TOKEN: token });
      assert.equal(failing.code, 1, failing.stderr);
      assert.match(failing.stdout, /3 open policy violations \(1 fail, 2 warn, 0 info\)/);
      assert.match(failing.stderr, /1 open fail violations of 3/);
      // No advisories are loaded: a severity gate checked nothing, so it passes only when told to accept that.
      assert.equal((await cli(['scan', bom, '--fail-on', 'high'], { BULWARK_TOKEN: token })).code, 2);
      assert.equal(
        (await cli(['scan', bom, '--fail-on', 'high', '--allow-unchecked'], { BULWARK_TOKEN: token })).code,
        0,
      );
      assert.equal((await cli(['scan', bom, '--fail-on', 'high,policy'], { BULWARK_TOKEN: token })).code, 1);
      const usage = await cli(['scan', bom, '--fail-on', 'policies']);
      assert.equal(usage.code, 2);
      assert.match(
        usage.stderr,
        /--fail-on must be one of critical, high, medium, low, kev, none, or policy/,
      );

      const noGpl = JSON.parse(
        (await cli(['policy', 'list', '--org', 'acme', '--json'])).stdout,
      ).policies.find((p: { name: string }) => p.name === 'No GPL');
      const deleted = await cli(['policy', 'delete', noGpl.id, '--org', 'acme', '--json']);
      assert.deepEqual(JSON.parse(deleted.stdout), { id: noGpl.id, deleted: true });
      assert.equal((await cli(['scan', bom, '--fail-on', 'policy'], { BULWARK_TOKEN: token })).code, 0);
    });
  });
}
