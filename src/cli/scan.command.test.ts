import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runCli, startServe } from '../../test/support/cli.ts';
import { schemaErrors, schemasSkip } from '../../test/support/json-schemas.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { ADVISORIES, shopSbom } from '../pipeline/pipeline-fixture.ts';

/** The gate as a CI job runs it: a separate process, exit codes, the report on stdout or in a file. */
for (const dialect of DIALECTS) {
  // Its one test validates the SARIF, CycloneDX and OpenVEX outputs against the shared data's schemas.
  describe(`${dialect}: bulwark scan`, { skip: schemasSkip() }, () => {
    it('exit codes per threshold, formats, the server and the local store agree with the upload', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-scan-'));
      t.after(async () => {
        rmSync(dir, { recursive: true });
        await db.cleanup();
      });
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, BULWARK_URL: '', BULWARK_TOKEN: '' };
      writeFileSync(join(dir, 'feed.json'), JSON.stringify(ADVISORIES));
      assert.equal((await runCli(['vulndb', 'import', join(dir, 'feed.json')], env)).code, 0);
      // CRITICAL + HIGH + MEDIUM; and an SBOM with only a MEDIUM finding (jinja2 2.10.1, x/text fixed).
      const bom = join(dir, 'shop.cdx.json');
      writeFileSync(bom, shopSbom('2.10', 'v0.3.7'));
      const medium = join(dir, 'medium.json');
      writeFileSync(medium, shopSbom('2.10.1', 'v0.3.8'));
      const scan = (args: string[], extra: Record<string, string> = {}) =>
        runCli(['scan', ...args], { ...env, ...extra });

      const table = await scan([bom]);
      assert.equal(table.code, 0, table.stderr);
      assert.match(
        table.stdout,
        /^CycloneDX 1\.5, 3 components: 3 open findings \(1 critical, 1 high, 1 medium, 0 low, 0 in KEV\)/,
      );
      assert.match(table.stdout, /CRITICAL  CVE-2019-10906   Jinja2/);
      assert.doesNotMatch(table.stdout, /\u001b\[/, 'no colours when stdout is not a terminal');
      assert.match(table.stderr, /Scanning .*shop\.cdx\.json against the local store/);

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
      const log = JSON.parse(readFileSync(sarifFile, 'utf8'));
      assert.equal(schemaErrors('sarif', log), '');
      assert.equal(log.runs[0].results.length, 3);
      for (const format of ['cyclonedx', 'openvex'] as const) {
        const res = await scan([bom, '--format', format]);
        assert.equal(schemaErrors(format, JSON.parse(res.stdout)), '', format);
      }

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
        [[feedAsSbom(dir)], /'feed\.json': the JSON document is not an SBOM/],
        [[bom, '--server', server.baseUrl], /BULWARK_TOKEN must hold an API token/],
        [[bom, '--server', server.baseUrl], /INVALID_TOKEN/],
      ];
      for (const [i, [args, message]] of usage.entries()) {
        const res = await scan(args, i === usage.length - 1 ? { BULWARK_TOKEN: 'bwk_nope' } : {});
        assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
        assert.match(res.stderr, message);
      }
    });
  });
}

function feedAsSbom(dir: string): string {
  return join(dir, 'feed.json');
}
