import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runCli, runMain } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { makeZip } from '../vulndb/zip-fixture.ts';

const doc = (id: string, name: string, fixed: string) =>
  JSON.stringify({
    schema_version: '1.6.0',
    id,
    modified: '2024-05-01T00:00:00Z',
    aliases: [`CVE-2024-${id.slice(-4)}`],
    summary: `${name} is broken`,
    affected: [
      {
        package: { ecosystem: 'npm', name },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed }] }],
      },
    ],
  });

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark vulndb`, () => {
    it('imports a zip, jsonl and broken files with a summary, reports status, checks a purl', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'vulndb-cli-'));
      t.after(async () => {
        rmSync(dir, { recursive: true });
        await db.cleanup();
      });
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      writeFileSync(
        join(dir, 'npm-all.zip'),
        makeZip([
          { name: 'GHSA-aaaa-0001.json', data: Buffer.from(doc('GHSA-aaaa-0001', 'left-pad', '1.3.1')) },
        ]),
      );
      writeFileSync(
        join(dir, 'more.jsonl'),
        `${doc('GHSA-aaaa-0002', 'lodash', '4.17.21')}\n{"id": "GHSA-broken"\n`,
      );
      writeFileSync(join(dir, 'broken.json'), '{');

      const first = await runMain(['vulndb', 'import', dir, '--json'], env);
      assert.equal(first.code, 0, first.stderr);
      const summary = JSON.parse(first.stdout);
      assert.deepEqual(
        { ...summary, durationMs: 0 },
        {
          files: 3,
          documents: 2,
          added: 2,
          updated: 0,
          unchanged: 0,
          withdrawn: 0,
          rejected: [
            {
              source: join(dir, 'broken.json'),
              reason:
                "unparsable JSON: Expected property name or '}' in JSON at position 1 (line 1 column 2)",
            },
            {
              source: `${join(dir, 'more.jsonl')}:2`,
              reason:
                "unparsable JSON: Expected ',' or '}' after property value in JSON at position 20 (line 1 column 21)",
            },
          ],
          warnings: [],
          rematch: { components: 0, created: 0, updated: 0, retracted: 0, reinstated: 0 },
          durationMs: 0,
        },
      );

      const again = await runMain(
        ['vulndb', 'import', join(dir, 'npm-all.zip'), join(dir, 'more.jsonl')],
        env,
      );
      assert.equal(again.code, 0, again.stderr);
      assert.match(
        again.stdout,
        /^Imported 2 documents from 2 files in \d+\.\d s: 0 added, 0 updated, 2 unchanged, 0 withdrawn, 1 rejected, 0 warnings\.\nRejected:\n  .*more\.jsonl:2: unparsable JSON/,
      );
      assert.equal(again.stderr, '', 'no progress bar when stderr is not a terminal');

      const status = await runMain(['vulndb', 'status', '--json'], env);
      assert.deepEqual(JSON.parse(status.stdout), {
        osv: [{ ecosystem: 'npm', advisories: 2, lastSyncAt: null, lastError: null, source: null }],
        kev: { entries: 0, catalogVersion: null, lastSyncAt: null },
        epss: { entries: 0, scoreDate: null, lastSyncAt: null },
      });

      const check = await runMain(['vulndb', 'check', 'pkg:npm/left-pad@1.3.0'], env);
      assert.equal(check.code, 0, check.stderr);
      assert.equal(
        check.stdout,
        'npm left-pad 1.3.0: 1 advisory\n  GHSA-aaaa-0001 (CVE-2024-0001): SEMVER range #0: introduced 0 (all earlier versions), fixed 1.3.1\n      left-pad is broken\n',
      );
      const fixed = JSON.parse(
        (await runMain(['vulndb', 'check', 'pkg:npm/left-pad@1.3.1', '--json'], env)).stdout,
      );
      assert.deepEqual(
        [fixed.ecosystem, fixed.name, fixed.version, fixed.advisories],
        ['npm', 'left-pad', '1.3.1', []],
      );

      const badPurl = await runMain(['vulndb', 'check', 'left-pad'], env);
      assert.equal(badPurl.code, 2);
      assert.match(badPurl.stderr, /error: 'left-pad' is not a valid package URL/);
      const nothing = await runMain(['vulndb', 'import', join(dir, 'broken.json')], env);
      assert.equal(nothing.code, 1, 'nothing usable at all is a failure');
      // A path that is not there: said in one line, exit 2, before the store is touched (it used to crash).
      const absent = await runMain(['vulndb', 'import', join(dir, 'npm-all.zip'), '/nope.zip'], env);
      assert.deepEqual(absent, { code: 2, stdout: '', stderr: 'error: cannot read /nope.zip: ENOENT\n' });
      assert.equal((await runMain(['vulndb', 'import'], env)).code, 2);
    });
  });
}

describe('bulwark vulndb as a process (smoke)', () => {
  it('a missing file is one line on stderr and exit 2, never a stack trace', async (t) => {
    const db = await freshDatabaseUrl('sqlite');
    t.after(() => db.cleanup());
    const res = await runCli(['vulndb', 'import', '/nope.zip'], {
      DATABASE_URL: db.url,
      DATA_DIR: db.dataDir,
    });
    assert.deepEqual(res, { code: 2, stdout: '', stderr: 'error: cannot read /nope.zip: ENOENT\n' });
  });
});
