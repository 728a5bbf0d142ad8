import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { freshDatabaseUrl, runCli, runMain, startServe } from '../../test/support/cli.ts';
import { schemaErrors, schemasSkip } from '../../test/support/json-schemas.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { DialectName } from '../db/connect.ts';
import { ADVISORIES, shopSbom } from '../pipeline/pipeline-fixture.ts';

/**
 * The gate as a CI job runs it: exit codes, the report on stdout or in a file. In process through `main`
 * (test/support/cli.ts), with one spawned run of the binary at the end.
 */
async function gate(t: TestContext, dialect: DialectName) {
  const db = await freshDatabaseUrl(dialect);
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-scan-'));
  t.after(async () => {
    rmSync(dir, { recursive: true });
    await db.cleanup();
  });
  const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, BULWARK_URL: '', BULWARK_TOKEN: '' };
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(ADVISORIES));
  assert.equal((await runMain(['vulndb', 'import', join(dir, 'feed.json')], env)).code, 0);
  // CRITICAL + HIGH + MEDIUM; and an SBOM with only a MEDIUM finding (jinja2 2.10.1, x/text fixed).
  const bom = join(dir, 'shop.cdx.json');
  writeFileSync(bom, shopSbom('2.10', 'v0.3.7'));
  const medium = join(dir, 'medium.json');
  writeFileSync(medium, shopSbom('2.10.1', 'v0.3.8'));
  const scan = (args: string[], extra: Record<string, string | undefined> = {}) =>
    runMain(['scan', ...args], { ...env, ...extra });
  return { db, dir, env, bom, medium, scan };
}

/** A CycloneDX 1.5 file of `components`, written into `dir`. */
function sbomFile(dir: string, name: string, components: object[]): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components }));
  return path;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark scan`, () => {
    it('exit codes per threshold, formats, the server and the local store agree with the upload', async (t) => {
      const { db, dir, env, bom, medium, scan } = await gate(t, dialect);

      const table = await scan([bom]);
      assert.equal(table.code, 0, table.stderr);
      assert.match(
        table.stdout,
        /^CycloneDX 1\.5, 3 components: 3 open findings \(1 critical, 1 high, 1 medium, 0 low, 0 in KEV\)/,
      );
      assert.match(table.stdout, /CRITICAL  CVE-2019-10906   Jinja2/);
      assert.doesNotMatch(table.stdout, /\u001b\[/, 'no colours when stdout is not a terminal');
      assert.match(table.stderr, /Scanning .*shop\.cdx\.json against the local store/);
      assert.match(table.stderr, /3 findings \(not failing: --fail-on none\)/);

      const expected: [string, string, number][] = [
        [bom, 'critical', 1],
        [bom, 'low', 1],
        [bom, 'kev', 0],
        [bom, 'none', 0],
        [medium, 'high', 0],
        [medium, 'medium', 1],
        [medium, 'low', 1],
      ];
      for (const [file, failOn, code] of expected) {
        const res = await scan([file, '--fail-on', failOn, '--format', 'json']);
        assert.equal(res.code, code, `${file} --fail-on ${failOn}: ${res.stderr}`);
      }

      const sarifFile = join(dir, 'out.sarif');
      const sarif = await scan([bom, '--format', 'sarif', '--output', sarifFile, '--fail-on', 'high']);
      assert.equal(sarif.code, 1);
      assert.equal(sarif.stdout, '');
      assert.equal(JSON.parse(readFileSync(sarifFile, 'utf8')).runs[0].results.length, 3);

      const server = await startServe(env);
      t.after(() => server.child.kill());
      const token = readFileSync(join(db.dataDir, 'bootstrap-token'), 'utf8').trim();
      const form = new FormData();
      form.append('file', new Blob([readFileSync(bom)]), 'shop.cdx.json');
      form.append('assetName', 'shop');
      const auth = { authorization: `Bearer ${token}` };
      const uploaded = await fetch(`${server.baseUrl}/api/v1/sscs/sboms/upload`, {
        method: 'POST',
        body: form,
        headers: auth,
      });
      const sbomId = ((await uploaded.json()) as { data: { id: string } }).data.id;
      const stored = (await (
        await fetch(`${server.baseUrl}/api/v1/sscs/findings?sbomId=${sbomId}`, { headers: auth })
      ).json()) as {
        data: { id: string; vulnerabilityId: string; component: object; severity: string }[];
      };
      const local = JSON.parse((await scan([bom, '--format', 'json'])).stdout);
      const remote = await scan([bom, '--format', 'json', '--server', server.baseUrl], {
        BULWARK_TOKEN: token,
      });
      assert.equal(remote.code, 0, remote.stderr);
      assert.deepEqual(JSON.parse(remote.stdout), local);
      const key = (f: { vulnerabilityId: string; component: object; severity: string }) =>
        JSON.stringify([f.vulnerabilityId, f.component, f.severity]);
      assert.deepEqual(local.findings.map(key).sort(), stored.data.map(key).sort());

      // Triage on the asset: an accepted CRITICAL no longer fails a critical gate, locally or through the server.
      const critical = stored.data.find((f) => f.severity === 'CRITICAL')!;
      await fetch(`${server.baseUrl}/api/v1/sscs/findings/${critical.id}/status`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'accepted_risk' }),
      });
      assert.equal((await scan([bom, '--fail-on', 'critical'])).code, 1);
      assert.equal(
        (await scan([bom, '--fail-on', 'critical', '--asset', 'shop'], { BULWARK_TOKEN: token })).code,
        0,
      );
      assert.equal(
        (await scan([bom, '--fail-on', 'critical', '--asset', 'shop'])).code,
        0,
        'default organisation',
      );
      const viaServer = await scan([bom, '--fail-on', 'critical', '--asset', 'shop'], {
        BULWARK_URL: server.baseUrl,
        BULWARK_TOKEN: token,
      });
      assert.equal(viaServer.code, 0, viaServer.stderr);
      assert.equal(
        (await scan([bom, '--fail-on', 'high', '--asset', 'shop'], { BULWARK_TOKEN: token })).code,
        1,
      );

      const usage: [string[], RegExp][] = [
        [[join(dir, 'missing.json')], /cannot read .*missing\.json: ENOENT/],
        [[bom, '--fail-on', 'severe'], /--fail-on must be one of critical, high, medium, low, kev, none/],
        [[bom, '--format', 'xml'], /--format must be one of table, json, sarif, cyclonedx, openvex/],
        [[], /exactly one SBOM file/],
        [[join(dir, 'feed.json')], /'feed\.json': the JSON document is not an SBOM/],
        [[bom, '--server', server.baseUrl], /BULWARK_TOKEN must hold an API token/],
        [[bom, '--server', server.baseUrl], /INVALID_TOKEN/],
      ];
      for (const [i, [args, message]] of usage.entries()) {
        const res = await scan(args, i === usage.length - 1 ? { BULWARK_TOKEN: 'bwk_nope' } : {});
        assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
        assert.match(res.stderr, message);
      }
    });

    it(
      'the SARIF, CycloneDX and OpenVEX reports meet their published schemas',
      { skip: schemasSkip() },
      async (t) => {
        const { dir, bom, scan } = await gate(t, dialect);
        const sarifFile = join(dir, 'out.sarif');
        assert.equal((await scan([bom, '--format', 'sarif', '--output', sarifFile])).code, 0);
        assert.equal(schemaErrors('sarif', JSON.parse(readFileSync(sarifFile, 'utf8'))), '');
        for (const format of ['cyclonedx', 'openvex'] as const) {
          const res = await scan([bom, '--format', format]);
          assert.equal(schemaErrors(format, JSON.parse(res.stdout)), '', format);
        }
      },
    );

    it('--json, counts in the singular, and an --output it cannot write exits 2', async (t) => {
      const { dir, bom, scan } = await gate(t, dialect);
      const json = await scan([bom, '--json']);
      assert.equal(json.code, 0, json.stderr);
      assert.deepEqual(JSON.parse(json.stdout), JSON.parse((await scan([bom, '--format', 'json'])).stdout));
      const both = await scan([bom, '--json', '--format', 'sarif']);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /--json and --format sarif ask for different reports/);

      // jinja2 2.10.1: only PYSEC-2020-0002 (MODERATE) applies.
      const one = sbomFile(dir, 'one.cdx.json', [
        { type: 'library', name: 'Jinja2', version: '2.10.1', purl: 'pkg:pypi/jinja2@2.10.1' },
      ]);
      const single = await scan([one]);
      assert.equal(single.code, 0, single.stderr);
      assert.match(
        single.stdout,
        /^CycloneDX 1\.5, 1 component: 1 open finding \(0 critical, 0 high, 1 medium, 0 low, 0 in KEV\)\n/,
      );
      assert.match(single.stderr, /\n1 finding \(not failing: --fail-on none\)\n$/);
      assert.match((await scan([one, '--fail-on', 'medium'])).stderr, /\n1 of 1 finding at or above/);

      const unwritable = await scan([
        bom,
        '--output',
        join(dir, 'no-such-dir', 'out.sarif'),
        '--fail-on',
        'high',
      ]);
      assert.equal(unwritable.code, 2, 'could not write is not "found something"');
      assert.match(unwritable.stderr, /error: cannot write --output .*no-such-dir\/out\.sarif: ENOENT/);
      const aDirectory = await scan([bom, '--output', dir]);
      assert.equal(aDirectory.code, 2);
      assert.match(aDirectory.stderr, /error: cannot write --output .*: EISDIR/);
    });

    it('a gate that checked nothing exits 2 unless --allow-unchecked', async (t) => {
      const { dir, scan } = await gate(t, dialect);
      const noPurls = sbomFile(dir, 'nopurl.cdx.json', [
        { type: 'library', name: 'a', version: '1' },
        { type: 'library', name: 'b', version: '2' },
      ]);
      const res = await scan([noPurls]);
      assert.equal(res.code, 2);
      assert.match(res.stderr, /warning: 2 components without a purl of a known ecosystem \(not checked\)/);
      assert.match(
        res.stderr,
        /error: no component could be checked \(2 components: no purl, or no advisories for its ecosystem\); pass --allow-unchecked to accept that/,
      );
      assert.equal((await scan([noPurls, '--allow-unchecked'])).code, 0);

      // npm has no advisory in this store; one npm component and one without purl: still nothing checked.
      const npm = sbomFile(dir, 'npm.cdx.json', [
        { type: 'library', name: 'left-pad', version: '1.0.0', purl: 'pkg:npm/left-pad@1.0.0' },
        { type: 'library', name: 'c', version: '3' },
      ]);
      const uncovered = await scan([npm, '--format', 'json']);
      assert.equal(uncovered.code, 2);
      assert.match(uncovered.stderr, /warning: no advisories loaded for npm \(1 component not checked\)/);
      assert.match(uncovered.stderr, /warning: 1 component without a purl/);
      assert.match(uncovered.stderr, /no component could be checked \(2 components:/);
      assert.equal((await scan([npm, '--allow-unchecked'])).code, 0);
      const empty = sbomFile(dir, 'empty.cdx.json', []);
      assert.equal((await scan([empty])).code, 2, 'an SBOM of no components checks nothing');
    });

    it('never creates a store it was not given: BULWARK_URL forgotten and no DATABASE_URL exits 2', async (t) => {
      const { bom } = await gate(t, dialect);
      const workspace = mkdtempSync(join(tmpdir(), 'bulwark-ci-workspace-'));
      t.after(() => rmSync(workspace, { recursive: true }));
      const res = await runMain(['scan', bom], {
        DATABASE_URL: undefined,
        DATA_DIR: join(workspace, 'data'),
        BULWARK_URL: undefined,
        BULWARK_TOKEN: undefined,
      });
      assert.equal(res.code, 2);
      assert.match(
        res.stderr,
        /error: no store to scan against: .*bulwark-ci-workspace-.*\/data\/bulwark\.sqlite does not exist \(set BULWARK_URL or --server/,
      );
      assert.equal(existsSync(join(workspace, 'data')), false, 'nothing created in the workspace');
      const named = await runMain(['scan', bom], { DATABASE_URL: `sqlite:${join(workspace, 'x.sqlite')}` });
      assert.equal(named.code, 2);
      assert.equal(existsSync(join(workspace, 'x.sqlite')), false);
    });
  });
}

describe('bulwark scan as a process (smoke)', () => {
  it('the binary reads stdin, prints the table and exits 1 at the threshold', async (t) => {
    const { env } = await gate(t, 'sqlite');
    const res = await runCli(['scan', '-', '--fail-on', 'critical'], env, shopSbom('2.10', 'v0.3.7'));
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stdout, /^CycloneDX 1\.5, 3 components: 3 open findings/);
    assert.match(res.stderr, /Scanning stdin against the local store/);
    assert.match(res.stderr, /1 of 3 findings at or above --fail-on critical/);
  });
});
