import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabaseUrl, runMain } from '../../test/support/cli.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { makeZip } from '../vulndb/zip-fixture.ts';

const doc = (id: string, modified: string, cve: string) => ({
  schema_version: '1.6.0',
  id,
  modified,
  aliases: [cve],
  affected: [{ package: { ecosystem: 'npm', name: id.toLowerCase() }, versions: ['1.0.0'] }],
});

const KEV = {
  title: 'CISA Catalog of Known Exploited Vulnerabilities',
  catalogVersion: '2025.08.25',
  dateReleased: '2025-08-25T17:04:19.9796Z',
  count: 1,
  vulnerabilities: [
    {
      cveID: 'CVE-2024-0001',
      vendorProject: 'Example',
      product: 'a',
      vulnerabilityName: 'Example A',
      dateAdded: '2025-01-02',
      shortDescription: '',
      requiredAction: '',
      dueDate: '2025-01-23',
      knownRansomwareCampaignUse: 'Known',
      notes: '',
      cwes: [],
    },
  ],
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulwark vulndb sync / import of KEV and EPSS / status`, () => {
    it('syncs a mirror directory, imports KEV and EPSS files by content, reports status', async (t) => {
      const db = await freshDatabaseUrl(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'vulndb-sync-cli-'));
      t.after(async () => {
        rmSync(dir, { recursive: true });
        await db.cleanup();
      });
      const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
      const mirror = join(dir, 'mirror');
      mkdirSync(join(mirror, 'npm'), { recursive: true });
      const a = doc('A', '2024-01-01T00:00:00Z', 'CVE-2024-0001');
      writeFileSync(
        join(mirror, 'npm', 'all.zip'),
        makeZip([{ name: 'A.json', data: Buffer.from(JSON.stringify(a)) }]),
      );

      const first = await runMain(
        ['vulndb', 'sync', '--source', mirror, '--ecosystems', 'npm', '--json'],
        env,
      );
      assert.equal(first.code, 0, first.stderr);
      assert.equal(first.stderr, 'syncing OSV npm…\n');
      const report = JSON.parse(first.stdout);
      assert.deepEqual([report.skipped, report.failed, report.kev, report.epss], [false, 0, null, null]);
      assert.deepEqual(
        report.osv.map((r: { ecosystem: string; mode: string; added: number }) => [
          r.ecosystem,
          r.mode,
          r.added,
        ]),
        [['npm', 'full', 1]],
      );

      // The mirror publishes a new record: only it is read (modified_id.csv, newest first).
      const b = doc('B', '2024-02-01T00:00:00Z', 'CVE-2024-0002');
      writeFileSync(join(mirror, 'npm', 'B.json'), JSON.stringify(b));
      writeFileSync(
        join(mirror, 'npm', 'modified_id.csv'),
        '2024-02-01T00:00:00Z,B\n2024-01-01T00:00:00Z,A\n',
      );
      const second = await runMain(['vulndb', 'sync', '--source', mirror, '--ecosystems', 'npm'], env);
      assert.equal(second.code, 0, second.stderr);
      assert.match(
        second.stdout,
        /^OSV npm: incremental \(1 records fetched\), 1 added, 0 updated, 0 withdrawn, 0 rejected; re-matched 0 components \(0 findings created, 0 retracted\)\nDone in \d+\.\d s\.\n$/,
      );

      // A failing source: exit 1, reason printed, store unchanged.
      const broken = await runMain(
        ['vulndb', 'sync', '--source', join(dir, 'nowhere'), '--ecosystems', 'npm'],
        env,
      );
      assert.equal(broken.code, 1);
      assert.match(
        broken.stdout,
        /^OSV npm: FAILED, nothing changed: .*nowhere\/npm\/modified_id\.csv: ENOENT\n/,
      );

      writeFileSync(join(dir, 'kev.json'), JSON.stringify(KEV, null, 2));
      writeFileSync(
        join(dir, 'scores.csv'),
        '#model_version:v2025.03.14,score_date:2025-08-25T00:00:00+0000\ncve,epss,percentile\nCVE-2024-0002,0.5,0.9\nCVE-2024-0009,0.1,0.2\n',
      );
      const imported = await runMain(
        ['vulndb', 'import', join(dir, 'kev.json'), join(dir, 'scores.csv'), '--json'],
        env,
      );
      assert.equal(imported.code, 0, imported.stderr);
      assert.deepEqual(
        JSON.parse(imported.stdout).feeds.map(
          (f: { source: string; mode: string; entries: number; version: string }) => [
            f.source,
            f.mode,
            f.entries,
            f.version,
          ],
        ),
        [
          ['kev', 'updated', 1, '2025.08.25'],
          ['epss', 'updated', 2, '2025-08-25'],
        ],
      );

      const status = await runMain(['vulndb', 'status', '--json'], env);
      assert.equal(status.code, 0, status.stderr);
      const s = JSON.parse(status.stdout);
      assert.deepEqual(Object.keys(s), ['osv', 'kev', 'epss']);
      assert.deepEqual(s.osv, [
        {
          ecosystem: 'npm',
          advisories: 2,
          lastSyncAt: s.osv[0].lastSyncAt,
          lastError: `${join(dir, 'nowhere')}/npm/modified_id.csv: ENOENT`,
          source: join(dir, 'nowhere'),
        },
      ]);
      assert.match(s.osv[0].lastSyncAt, /^\d{4}-\d\d-\d\dT/);
      assert.deepEqual(
        [s.kev.entries, s.kev.catalogVersion, s.epss.entries, s.epss.scoreDate],
        [1, '2025.08.25', 2, '2025-08-25'],
      );
      assert.match(s.kev.lastSyncAt, /^\d{4}-\d\d-\d\dT/);

      const misuse = await runMain(['vulndb', 'import', '--kev', 'x.json'], env);
      assert.equal(misuse.code, 2);
      assert.match(misuse.stderr, /--kev is an option of 'sync' only/);
    });
  });
}
