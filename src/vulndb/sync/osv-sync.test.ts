import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../../../test/support/store.ts';
import { makeZip } from '../zip-fixture.ts';
import { failures, OsvMirror } from './osv-mirror.fixture.ts';
import { listFindings, snapshot, suiteScope, syncEnv, uploadPurls, type SyncEnv } from './sync-test-kit.ts';

/** Small generated advisories: pkg-N below 1.0.1 is affected; each names a CVE alias. */
const advisory = (n: number, over: Record<string, unknown> = {}) => ({
  schema_version: '1.6.0',
  id: `GHSA-gen0-0000-${String(n).padStart(4, '0')}`,
  modified: `2024-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`,
  aliases: [`CVE-2024-${String(1000 + n)}`],
  summary: `pkg-${n} is broken`,
  affected: [
    {
      package: { ecosystem: 'npm', name: `pkg-${n}` },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.0.1' }] }],
    },
  ],
  ...over,
});

const RECORDS = 20;
const PURLS = [0, 1, 2, 3, 4].map((n) => `pkg:npm/pkg-${n}@1.0.0`);

for (const dialect of DIALECTS) {
  describe(`${dialect}: vulndb sync from osv.dev's layout`, () => {
    let env: SyncEnv;
    const mirror = new OsvMirror();
    const suite = suiteScope();
    let closedPort = '';
    before(async () => {
      for (let n = 0; n < RECORDS; n++) mirror.setRecord('npm', advisory(n));
      mirror.setRecord('PyPI', {
        ...advisory(99),
        affected: [{ package: { ecosystem: 'PyPI', name: 'pyx' }, versions: ['1.0'] }],
      });
      await mirror.start();
      env = await syncEnv(suite.scope, dialect);
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      closedPort = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
      await new Promise((resolve) => probe.close(resolve));
    });
    after(async () => {
      await suite.close();
      await mirror.stop();
    });

    it('first sync reads all.zip; the store holds exactly the source; components are matched', async () => {
      const upload = await uploadPurls(env.app, env.org, PURLS);
      assert.equal(upload.data.findingCount, 0);
      assert.deepEqual(upload.meta.coverage, [{ ecosystem: 'npm', components: 5, advisories: 0 }]);
      const from = mirror.requests.length;
      // Ecosystems default to those of the stored components: npm only.
      const report = await env.sync.sync({ source: mirror.url });
      assert.deepEqual(mirror.since(from), ['/npm/all.zip']);
      assert.equal(report.skipped, false);
      assert.equal(report.failed, 0);
      assert.deepEqual(
        report.osv.map((r) => [r.ecosystem, r.mode, r.added, r.rematch?.created]),
        [['npm', 'full', RECORDS, 5]],
      );
      const ids = await env.store.db.selectFrom('vuln_advisories').select('id').orderBy('id').execute();
      assert.deepEqual(
        ids.map((r) => r.id),
        mirror.ids('npm'),
      );
      assert.deepEqual(
        (await listFindings(env.app, env.org)).map((f) => f.vulnerabilityId).sort(),
        [0, 1, 2, 3, 4].map((n) => `CVE-2024-${1000 + n}`),
      );
      const status = await env.sync.status();
      assert.deepEqual(status.osv, [
        {
          ecosystem: 'npm',
          advisories: RECORDS,
          lastSyncAt: status.osv[0]!.lastSyncAt,
          lastError: null,
          source: mirror.url,
        },
      ]);
      assert.match(status.osv[0]!.lastSyncAt!, /^\d{4}-\d\d-\d\dT/);
      const second = await uploadPurls(env.app, env.org, ['pkg:npm/pkg-9@1.0.0', 'pkg:pypi/pyx@1.0']);
      assert.deepEqual(second.meta.coverage, [
        { ecosystem: 'PyPI', components: 1, advisories: 0 },
        { ecosystem: 'npm', components: 1, advisories: RECORDS },
      ]);
      assert.deepEqual(status.ecosystemsWithoutAdvisories, []);
      assert.deepEqual((await env.sync.status()).ecosystemsWithoutAdvisories, ['PyPI']);
    });

    it('later syncs fetch only records modified after the high-water mark; withdrawn retracts', async () => {
      mirror.setRecord(
        'npm',
        advisory(1, { modified: '2024-06-01T00:00:00Z', withdrawn: '2024-06-01T00:00:00Z' }),
      );
      mirror.setRecord(
        'npm',
        advisory(30, { modified: '2024-06-02T00:00:00.5Z', affected: advisory(2).affected }),
      );
      const from = mirror.requests.length;
      const report = await env.sync.sync({ source: mirror.url, ecosystems: ['npm'] });
      assert.deepEqual(mirror.since(from).sort(), [
        '/npm/GHSA-gen0-0000-0001.json',
        '/npm/GHSA-gen0-0000-0030.json',
        '/npm/modified_id.csv',
      ]);
      assert.deepEqual(
        report.osv.map((r) => [r.mode, r.fetched, r.added, r.updated, r.withdrawn]),
        [['incremental', 2, 1, 1, 1]],
      );
      assert.deepEqual((await listFindings(env.app, env.org)).map((f) => f.vulnerabilityId).sort(), [
        'CVE-2024-1000',
        'CVE-2024-1002',
        'CVE-2024-1003',
        'CVE-2024-1004',
        'CVE-2024-1009',
        'CVE-2024-1030',
      ]);
      // Nothing new: the CSV's ETag answers 304 and no record is fetched.
      const again = mirror.requests.length;
      const quiet = await env.sync.sync({ source: mirror.url, ecosystems: ['npm'] });
      assert.deepEqual(mirror.since(again), ['/npm/modified_id.csv']);
      assert.deepEqual(
        quiet.osv.map((r) => [r.mode, r.fetched, r.added]),
        [['unchanged', 0, 0]],
      );
    });

    const changeRecord = () => {
      const n = 5 + Math.floor(Math.random() * 10);
      mirror.setRecord(
        'npm',
        advisory(n, { modified: new Date().toISOString(), summary: `edited ${Date.now()}` }),
      );
      mirror.setRecord('npm', advisory(40, { modified: new Date().toISOString() }));
      return '/npm/GHSA-gen0-0000-0040.json';
    };
    const zip = () => mirror.zip('PyPI');
    const cases: [string, (() => { path?: string; source?: string; eco?: string }) | undefined, RegExp][] = [
      ['source unreachable', () => ({ source: closedPort }), /ECONNREFUSED/],
      [
        'modified_id.csv 500',
        () => (mirror.override('/npm/modified_id.csv', failures.status(500)), {}),
        /HTTP 500/,
      ],
      [
        'modified_id.csv 404',
        () => (mirror.override('/npm/modified_id.csv', failures.status(404)), {}),
        /HTTP 404/,
      ],
      [
        'a CSV line names a record that 404s',
        () => (mirror.override(changeRecord(), failures.status(404)), {}),
        /GHSA-gen0-0000-0040\.json: HTTP 404/,
      ],
      [
        'a record that is not JSON',
        () => (mirror.override(changeRecord(), failures.body('{"id": "GHSA-')), {}),
        /not JSON/,
      ],
      [
        'a stalled record download',
        () => (mirror.override(changeRecord(), failures.stalled()), {}),
        /stalled for 300 ms/,
      ],
      [
        'a malformed CSV line',
        () => (mirror.override('/npm/modified_id.csv', failures.body('yesterday,GHSA-x\n')), {}),
        /not '<modified>,<id>'/,
      ],
      [
        'all.zip 404',
        () => (mirror.override('/PyPI/all.zip', failures.status(404)), { eco: 'PyPI' }),
        /all\.zip: HTTP 404/,
      ],
      [
        'all.zip 500',
        () => (mirror.override('/PyPI/all.zip', failures.status(500)), { eco: 'PyPI' }),
        /all\.zip: HTTP 500/,
      ],
      [
        'a truncated all.zip',
        () => (mirror.override('/PyPI/all.zip', failures.truncated(zip())), { eco: 'PyPI' }),
        /all\.zip: (terminated|truncated|other side closed)/,
      ],
      [
        'a corrupt all.zip',
        () => (
          mirror.override('/PyPI/all.zip', failures.body(zip().subarray(0, zip().length - 30))),
          { eco: 'PyPI' }
        ),
        /unreadable zip/,
      ],
      [
        'a zip entry that is not JSON',
        () => (
          mirror.override(
            '/PyPI/all.zip',
            failures.body(
              makeZip([
                { name: 'A.json', data: Buffer.from(JSON.stringify(advisory(77))) },
                { name: 'B.json', data: Buffer.from('{') },
              ]),
            ),
          ),
          { eco: 'PyPI' }
        ),
        /B\.json: unparsable JSON/,
      ],
      [
        'a stalled all.zip',
        () => (mirror.override('/PyPI/all.zip', failures.stalled()), { eco: 'PyPI' }),
        /stalled for 300 ms/,
      ],
    ];
    for (const [name, arrange, expected] of cases) {
      it(`fails without changing anything: ${name}; the next sync retries`, async () => {
        const before = await snapshot(env);
        const { source, eco } = arrange!();
        const ecosystem = eco ?? 'npm';
        const report = await env.sync.sync({ source: source ?? mirror.url, ecosystems: [ecosystem] });
        mirror.clear();
        assert.equal(report.failed, 1);
        assert.equal(report.osv[0]!.mode, 'failed');
        assert.match(report.osv[0]!.error!, expected);
        const afterwards = await snapshot(env);
        for (const table of Object.keys(before))
          assert.deepEqual(afterwards[table], before[table], `${table} unchanged`);
        const status = (await env.sync.status()).osv.find((e) => e.ecosystem === ecosystem)!;
        assert.equal(status.lastError, report.osv[0]!.error);
        const retry = await env.sync.sync({ source: mirror.url, ecosystems: [ecosystem] });
        assert.equal(retry.failed, 0, JSON.stringify(retry.osv));
        assert.equal((await env.sync.status()).osv.find((e) => e.ecosystem === ecosystem)!.lastError, null);
        if (ecosystem === 'PyPI') {
          // Back to "never synced" so the next case fails on a first (full) sync again.
          await env.store.db.deleteFrom('vuln_sync_state').where('source', '=', 'osv:PyPI').execute();
        }
      });
    }
  });
}
