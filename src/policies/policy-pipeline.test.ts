// Policies in the pipeline on both dialects: the scan answer's violations (suppressions of the asset carried),
// SARIF results per policy, the violations CSV export, and the --fail-on rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { schemaErrors, schemasSkip } from '../../test/support/json-schemas.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import type { App } from '../http/app-type.ts';
import { findingsFailing, parseFailOn, violationsFailing } from '../pipeline/threshold.ts';
import { loadFeed, policySbom } from './policy-fixture.ts';

const DENY = {
  name: 'No copyleft',
  kind: 'license',
  conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
};
const HIGH = {
  name: 'High severity',
  kind: 'security',
  violationState: 'warn',
  conditions: [{ subject: 'severity', operator: 'at_least', value: 'HIGH' }],
};

async function scan(app: App, org: TestOrg, assetName?: string) {
  const form = new FormData();
  form.append('file', new Blob([policySbom()]), 'web-shop.cdx.json');
  if (assetName) form.append('assetName', assetName);
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/v1/sscs/scan',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer('read') },
  });
}

describe('--fail-on', () => {
  it('reads severities and policy, alone or combined', () => {
    assert.deepEqual(parseFailOn('policy'), { levels: [], policy: true });
    assert.deepEqual(parseFailOn('high,policy'), { levels: ['high'], policy: true });
    assert.deepEqual(parseFailOn('none'), { levels: [], policy: false });
    assert.deepEqual(parseFailOn('kev, HIGH'), { levels: ['kev', 'high'], policy: false });
    assert.equal(parseFailOn('high,policies'), null);
    assert.equal(parseFailOn(''), null);
  });
  it('fails on open violations in state fail only', () => {
    const v = (state: string, status: string) => ({ state, status });
    const all = [v('fail', 'open'), v('fail', 'suppressed'), v('warn', 'open'), v('info', 'open')];
    assert.deepEqual(violationsFailing(all, parseFailOn('policy')!), [v('fail', 'open')]);
    assert.deepEqual(violationsFailing(all, parseFailOn('high')!), []);
    assert.deepEqual(findingsFailing([], parseFailOn('high,policy')!), []);
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: policies in the pipeline`, () => {
    it('the scan answer carries violations; suppressions on the asset carry over', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      for (const p of [DENY, HIGH, { ...DENY, name: 'Scoped', assetNames: ['other-asset'] }])
        assert.equal(
          (
            await app.inject({
              method: 'POST',
              url: '/api/v1/sscs/policies',
              headers: org.bearer(),
              payload: p,
            })
          ).statusCode,
          201,
        );
      const res = await scan(app, org);
      assert.equal(res.statusCode, 200, res.body);
      // Without an asset name the scoped policy does not apply.
      assert.deepEqual(res.json().data.violations, [
        {
          policyId: res.json().data.violations[0].policyId,
          policyName: 'No copyleft',
          kind: 'license',
          state: 'fail',
          component: { name: 'gpl-lib', version: '2.0.0', purl: 'pkg:npm/gpl-lib@2.0.0' },
          vulnerabilityId: null,
          reason: 'license GPL-2.0-or-later is in group copyleft',
          status: 'open',
        },
        {
          policyId: res.json().data.violations[1].policyId,
          policyName: 'High severity',
          kind: 'security',
          state: 'warn',
          component: { name: 'vuln', version: '1.0.0', purl: 'pkg:npm/vuln@1.0.0' },
          vulnerabilityId: 'CVE-2026-0001',
          reason: 'CVE-2026-0001 has severity HIGH (at least HIGH)',
          status: 'open',
        },
      ]);
      assert.equal(
        (await app.inject({ url: '/api/v1/sscs/sboms', headers: org.bearer() })).json().data.length,
        0,
        'nothing stored',
      );

      // An older version of the asset whose copyleft violation was suppressed: the scan keeps it suppressed.
      const older = policySbom().replace(
        '"gpl-lib","version":"2.0.0","purl":"pkg:npm/gpl-lib@2.0.0"',
        '"gpl-lib","version":"1.9.0","purl":"pkg:npm/gpl-lib@1.9.0"',
      );
      assert.notEqual(older, policySbom());
      await uploadFile(app, org, older, 'web-shop.cdx.json');
      const stored = (
        await app.inject({ url: '/api/v1/sscs/violations?kind=license', headers: org.bearer() })
      ).json().data;
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/violations/${stored[0].id}`,
        headers: org.bearer(),
        payload: { status: 'suppressed', comment: 'approved' },
      });
      // The upload's asset is the SBOM's subject (metadata.component web-shop), as the scan names it.
      const again = (await scan(app, org, 'web-shop')).json().data.violations;
      assert.deepEqual(
        again.map((v: { policyName: string; status: string }) => `${v.policyName}|${v.status}`),
        ['No copyleft|suppressed', 'High severity|open'],
      );
      const otherOrg = await createOrg(services);
      assert.deepEqual(
        (await scan(app, otherOrg)).json().data.violations,
        [],
        'another organisation has no policies',
      );
    });

    it(
      'SARIF carries violations (rule = policy, level from state); the violations CSV lists them',
      { skip: schemasSkip() },
      async (t) => {
        const { app, services } = await build(t, dialect);
        await loadFeed(t, services);
        const org = await createOrg(services);
        const deny = (
          await app.inject({
            method: 'POST',
            url: '/api/v1/sscs/policies',
            headers: org.bearer(),
            payload: DENY,
          })
        ).json().data;
        const high = (
          await app.inject({
            method: 'POST',
            url: '/api/v1/sscs/policies',
            headers: org.bearer(),
            payload: HIGH,
          })
        ).json().data;
        const sbomId = (await uploadFile(app, org, policySbom(), 'web-shop.cdx.json')).json().data.id;
        const sarif = await app.inject({
          url: `/api/v1/sscs/sboms/${sbomId}/export?format=sarif`,
          headers: org.bearer('read'),
        });
        assert.equal(sarif.statusCode, 200);
        const log = JSON.parse(sarif.body);
        assert.equal(schemaErrors('sarif', log), '');
        const run = log.runs[0];
        const policyResults = run.results.filter((r: { ruleId: string }) => r.ruleId.startsWith('pol_'));
        assert.deepEqual(
          policyResults
            .map((r: { ruleId: string; level: string; ruleIndex: number }) => [
              r.ruleId,
              r.level,
              run.tool.driver.rules[r.ruleIndex].id,
            ])
            .sort(),
          [
            [deny.id, 'error', deny.id],
            [high.id, 'warning', high.id],
          ].sort(),
        );
        assert.equal(run.results.length, 3, 'one finding and two violations');

        const csv = await app.inject({
          url: `/api/v1/sscs/sboms/${sbomId}/export?format=violations-csv`,
          headers: org.bearer('read'),
        });
        assert.equal(csv.statusCode, 200);
        assert.match(String(csv.headers['content-type']), /^text\/csv/);
        assert.match(String(csv.headers['content-disposition']), /web-shop-1\.violations\.csv/);
        const lines = csv.body.trimEnd().split('\r\n');
        assert.equal(
          lines[0],
          'id,policyId,policyName,kind,state,status,component,version,purl,findingId,reason,comment,createdAt',
        );
        const rows = lines.slice(1).map((l) => l.split(','));
        assert.deepEqual(
          rows
            .map((r) => [r[2], r[4], r[5], r[6], r[7], r[8], r[9]!.startsWith('fnd_') ? 'fnd' : r[9], r[10]])
            .sort(),
          [
            [
              'High severity',
              'warn',
              'open',
              'vuln',
              '1.0.0',
              'pkg:npm/vuln@1.0.0',
              'fnd',
              'CVE-2026-0001 has severity HIGH (at least HIGH)',
            ],
            [
              'No copyleft',
              'fail',
              'open',
              'gpl-lib',
              '2.0.0',
              'pkg:npm/gpl-lib@2.0.0',
              '',
              'license GPL-2.0-or-later is in group copyleft',
            ],
          ],
        );
        const other = await createOrg(services);
        assert.equal(
          (
            await app.inject({
              url: `/api/v1/sscs/sboms/${sbomId}/export?format=violations-csv`,
              headers: other.bearer(),
            })
          ).statusCode,
          404,
        );
      },
    );

    it('a cwe condition meets the CWEs of the advisories behind a finding, stored and scanned', async (t) => {
      const { app, services, store } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      const cwe = (value: string) => ({
        name: `Weakness ${value}`,
        kind: 'security',
        conditions: [{ subject: 'cwe', operator: 'is', value }],
      });
      for (const p of [cwe('CWE-400'), cwe('CWE-79')])
        assert.equal(
          (
            await app.inject({
              method: 'POST',
              url: '/api/v1/sscs/policies',
              headers: org.bearer(),
              payload: p,
            })
          ).statusCode,
          201,
        );
      const scanned = (await scan(app, org)).json().data.violations;
      assert.deepEqual(
        scanned.map((v: { policyName: string; reason: string }) => [v.policyName, v.reason]),
        [['Weakness CWE-400', 'CVE-2026-0001 is CWE-400']],
      );
      const sbomId = (await uploadFile(app, org, policySbom(), 'web-shop.cdx.json')).json().data.id;
      const stored = await app.inject({
        url: `/api/v1/sscs/violations?sbomId=${sbomId}`,
        headers: org.bearer('read'),
      });
      assert.deepEqual(
        stored.json().data.map((v: { policyName: string; reason: string }) => [v.policyName, v.reason]),
        [['Weakness CWE-400', 'CVE-2026-0001 is CWE-400']],
      );
      // An advisory stored before CWEs were read gets them from the same document again, as no change.
      await store.db.updateTable('vuln_advisories').set({ cwes: null }).execute();
      const again = (await loadFeed(t, services)) as { added: number; updated: number; unchanged: number };
      assert.deepEqual([again.added, again.updated, again.unchanged], [0, 0, 1]);
      const row = await store.db.selectFrom('vuln_advisories').select('cwes').executeTakeFirstOrThrow();
      assert.equal(row.cwes, '["CWE-400"]');
    });
  });
}
