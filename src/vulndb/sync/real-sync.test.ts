import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SHARED_DATA, sharedDataSkip } from '../../../test/support/shared-data.ts';
import { DIALECTS } from '../../../test/support/store.ts';
import { failures, OsvMirror } from './osv-mirror.fixture.ts';
import { listFindings, snapshot, suiteScope, syncEnv, uploadPurls, type SyncEnv } from './sync-test-kit.ts';

const skip = sharedDataSkip('osv/PyPI-all.zip', 'kev/known_exploited_vulnerabilities.json');
const PYPI = fileURLToPath(new URL('osv/PyPI-all.zip', SHARED_DATA));
const KEV = fileURLToPath(new URL('kev/known_exploited_vulnerabilities.json', SHARED_DATA));

/** FIRST's format: a comment line with the model and score date, the header, then one CVE a line. */
const EPSS = [
  '#model_version:v2025.03.14,score_date:2025-08-25T00:00:00+0000',
  'cve,epss,percentile',
  'CVE-2020-11651,0.97543,0.99970',
  'CVE-2020-11652,0.97210,0.99890',
  'CVE-2019-10906,0.01120,0.77000',
  '',
].join('\n');

const SALT_IN_KEV = ['CVE-2020-11651', 'CVE-2020-11652', 'CVE-2020-16846'];
const SALT_KEV = { dateAdded: '2021-11-03', dueDate: '2022-05-03', knownRansomwareCampaignUse: 'Unknown' };

for (const dialect of DIALECTS) {
  describe(`${dialect}: sync of the real PyPI export, KEV catalog and EPSS scores`, { skip }, () => {
    let env: SyncEnv;
    const mirror = new OsvMirror();
    const suite = suiteScope();
    let ids: string[] = [];
    before(async () => {
      ids = await mirror.loadZip('PyPI', PYPI);
      mirror.setFile('/kev.json', readFileSync(KEV));
      mirror.setFile('/epss.csv.gz', gzipSync(EPSS));
      await mirror.start();
      env = await syncEnv(suite.scope, dialect);
    });
    after(async () => {
      await suite.close();
      await mirror.stop();
    });

    it('holds exactly the advisories of the source; salt findings carry kev and epss', async () => {
      await uploadPurls(env.app, env.org, ['pkg:pypi/salt@2019.2.3', 'pkg:pypi/jinja2@2.10']);
      const report = await env.sync.sync({
        source: mirror.url,
        kev: `${mirror.url}/kev.json`,
        epss: `${mirror.url}/epss.csv.gz`,
      });
      assert.equal(report.failed, 0, JSON.stringify(report));
      assert.deepEqual(
        report.osv.map((r) => [r.ecosystem, r.mode, r.added, r.rejected.length]),
        [['PyPI', 'full', ids.length, 0]],
      );
      assert.deepEqual(
        [report.kev?.entries, report.kev?.version, report.epss?.entries, report.epss?.version],
        [1404, '2025.08.25', 3, '2025-08-25'],
      );
      const stored = await env.store.db.selectFrom('vuln_advisories').select('id').orderBy('id').execute();
      assert.deepEqual(
        stored.map((r) => r.id),
        [...ids].sort(),
      );

      const all = await listFindings(env.app, env.org);
      const salt = all.find((f) => f.vulnerabilityId === 'CVE-2020-11651')!;
      assert.equal(salt.component.name, 'salt');
      assert.deepEqual(salt.kev, SALT_KEV);
      assert.deepEqual(salt.epss, { score: 0.97543, percentile: 0.9997, date: '2025-08-25' });
      const inKev = all.filter((f) => f.kev !== null).map((f) => f.vulnerabilityId);
      // Salt 2019.2.3 is hit by three catalogued CVEs (CVE-2020-16846 through PYSEC-2020-104).
      assert.deepEqual(inKev.sort(), SALT_IN_KEV);

      const kevOnly = await listFindings(env.app, env.org, '?kev=true');
      assert.deepEqual(kevOnly.map((f) => f.vulnerabilityId).sort(), SALT_IN_KEV);
      const notKev = await listFindings(env.app, env.org, '?kev=false');
      assert.equal(notKev.length, all.length - 3);
      const likely = await listFindings(env.app, env.org, '?epssMin=0.9725');
      assert.deepEqual(
        likely.map((f) => f.vulnerabilityId),
        ['CVE-2020-11651'],
      );
      const summary = (
        await env.app.inject({ url: '/api/v1/sscs/findings/summary', headers: env.org.bearer('read') })
      ).json().data;
      assert.equal(summary.kev, 3);
      assert.equal(summary.total, all.length);

      const prioritised = await listFindings(env.app, env.org, '?sort=priority');
      assert.deepEqual(
        prioritised.slice(0, 3).map((f) => f.vulnerabilityId),
        // KEV first; among them EPSS + severity decides (CVE-2020-16846 has no EPSS score here).
        ['CVE-2020-11651', 'CVE-2020-11652', 'CVE-2020-16846'],
      );
      assert.equal(prioritised.length, all.length);
      const bad = await env.app.inject({
        url: '/api/v1/sscs/findings?epssMin=2',
        headers: env.org.bearer('read'),
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error.code, 'VALIDATION_FAILED');
    });

    it('KEV and EPSS: unchanged answers 304; a broken feed changes nothing and is reported', async () => {
      const from = mirror.requests.length;
      const again = await env.sync.sync({
        source: mirror.url,
        ecosystems: ['PyPI'],
        kev: `${mirror.url}/kev.json`,
        epss: `${mirror.url}/epss.csv.gz`,
      });
      assert.deepEqual(mirror.since(from), ['/PyPI/modified_id.csv', '/kev.json', '/epss.csv.gz']);
      assert.deepEqual(
        [again.osv[0]!.mode, again.kev?.mode, again.epss?.mode],
        ['unchanged', 'unchanged', 'unchanged'],
      );

      const before = await snapshot(env);
      mirror.override(
        '/kev.json',
        failures.body('{"catalogVersion": "x", "vulnerabilities": [{"cveID": 1}]}'),
      );
      mirror.override('/epss.csv.gz', failures.body('cve,epss,percentile\nCVE-2020-11651,high,0.9\n'));
      const broken = {
        kev: await env.sync.importFeed('kev', `${mirror.url}/kev.json`),
        epss: await env.sync.importFeed('epss', `${mirror.url}/epss.csv.gz`),
      };
      mirror.clear();
      assert.deepEqual([broken.kev.mode, broken.epss.mode], ['failed', 'failed']);
      assert.match(broken.kev!.error!, /not a KEV catalog \(vulnerabilities\.0\.cveID:/);
      assert.match(broken.epss!.error!, /epss\.csv\.gz:2: not 'CVE-…,<0\.\.1>,<0\.\.1>'/);
      const afterwards = await snapshot(env);
      for (const table of Object.keys(before))
        assert.deepEqual(afterwards[table], before[table], `${table} unchanged`);
      const status = await env.sync.status();
      assert.deepEqual(
        [status.kev.entries, status.kev.catalogVersion, status.epss.entries, status.epss.scoreDate],
        [1404, '2025.08.25', 3, '2025-08-25'],
      );
      const salt = (await listFindings(env.app, env.org, '?kev=true')).find(
        (f) => f.vulnerabilityId === 'CVE-2020-11651',
      )!;
      assert.deepEqual(salt.kev, SALT_KEV);
    });
  });
}
