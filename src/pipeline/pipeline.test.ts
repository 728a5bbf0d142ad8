import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { formRequest, loadAdvisories, shopSbom, upload } from './pipeline-fixture.ts';

const get = (app: App, org: TestOrg, url: string, token = 'all') =>
  app.inject({ method: 'GET', url, headers: org.bearer(token) });

const TAG_VALUE = `SPDXVersion: SPDX-2.3
DataLicense: CC0-1.0
SPDXID: SPDXRef-DOCUMENT
DocumentName: shop
PackageName: Jinja2
SPDXID: SPDXRef-jinja
PackageVersion: 2.10
ExternalRef: PACKAGE-MANAGER purl pkg:pypi/Jinja2@2.10
PackageName: text
SPDXID: SPDXRef-text
PackageVersion: v0.3.7
ExternalRef: PACKAGE-MANAGER purl pkg:golang/golang.org/x/text@v0.3.7
`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: scan`, () => {
    it('matches a file read from stdin (name "-") without storing anything', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const res = await formRequest(app, org, '/api/v1/sscs/scan', [['file', TAG_VALUE, '-']], 'read');
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.error, null);
      assert.deepEqual(body.meta, {
        coverage: [
          { ecosystem: 'Go', components: 1, advisories: 1 },
          { ecosystem: 'PyPI', components: 1, advisories: 2 },
        ],
      });
      const { findings, ...rest } = body.data;
      assert.deepEqual(rest, {
        format: 'spdx',
        specVersion: '2.3',
        componentCount: 2,
        summary: { CRITICAL: 1, HIGH: 1, MEDIUM: 1, LOW: 0, total: 3, kev: 0 },
        violations: [],
      });
      assert.deepEqual(
        findings.map(
          (f: { vulnerabilityId: string; severity: string; status: string; component: object }) => [
            f.vulnerabilityId,
            f.severity,
            f.status,
            f.component,
          ],
        ),
        [
          [
            'CVE-2019-10906',
            'CRITICAL',
            'open',
            { name: 'Jinja2', version: '2.10', purl: 'pkg:pypi/jinja2@2.10' },
          ],
          [
            'CVE-2022-32149',
            'HIGH',
            'open',
            { name: 'text', version: 'v0.3.7', purl: 'pkg:golang/golang.org/x/text@v0.3.7' },
          ],
          [
            'PYSEC-2020-0002',
            'MEDIUM',
            'open',
            { name: 'Jinja2', version: '2.10', purl: 'pkg:pypi/jinja2@2.10' },
          ],
        ],
      );
      assert.deepEqual(findings[0].aliases, ['GHSA-jinja-0001']);
      assert.equal(findings[0].summary, 'GHSA-jinja-0001 summary');
      assert.deepEqual((await get(app, org, '/api/v1/sscs/sboms')).json().data, []);
    });

    it('applies the triage of an asset; checks scope, format and query', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const up = await upload(app, org, shopSbom('2.10', 'v0.3.7'), [['assetName', 'shop']]);
      const sbomId = up.json().data.id;
      const list = (await get(app, org, `/api/v1/sscs/findings?sbomId=${sbomId}`)).json().data;
      const critical = list.find((f: { severity: string }) => f.severity === 'CRITICAL');
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${critical.id}/status`,
        headers: org.bearer(),
        payload: { status: 'accepted_risk', remediationNotes: 'behind the WAF' },
      });
      const scan = async (parts: [string, string][]) =>
        (
          await formRequest(app, org, '/api/v1/sscs/scan', [
            ['file', shopSbom('2.10', 'v0.3.7'), 'x.json'],
            ...parts,
          ])
        ).json().data;
      const withAsset = await scan([['assetName', 'shop']]);
      assert.deepEqual(
        withAsset.findings.map((f: { status: string; remediationNotes: string | null }) => [
          f.status,
          f.remediationNotes,
        ]),
        [
          ['accepted_risk', 'behind the WAF'],
          ['open', null],
          ['open', null],
        ],
      );
      assert.equal(withAsset.summary.total, 2);
      assert.equal((await scan([])).summary.total, 3);

      const noScope = await formRequest(app, org, '/api/v1/sscs/scan', [['file', TAG_VALUE, '-']], 'write');
      assert.equal(noScope.json().error.code, 'INSUFFICIENT_SCOPE');
      const bad = await formRequest(app, org, '/api/v1/sscs/scan', [['file', 'name,version\n', '-']]);
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error.code, 'UNSUPPORTED_FORMAT');
      const query = await formRequest(app, org, '/api/v1/sscs/scan?foo=1', [['file', TAG_VALUE, '-']]);
      assert.equal(query.json().error.code, 'VALIDATION_FAILED');
    });
  });

  describe(`${dialect}: assets and triage carried over`, () => {
    it('groups versions, counts the latest only, carries triage to the next version', async (t) => {
      const { app, services, store } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const v1 = (
        await upload(app, org, shopSbom('2.10', 'v0.3.7'), [
          ['assetName', 'shop'],
          ['version', '1.0'],
        ])
      ).json().data;
      const findings = (await get(app, org, `/api/v1/sscs/findings?sbomId=${v1.id}`)).json().data;
      const pysec = findings.find(
        (f: { vulnerabilityId: string }) => f.vulnerabilityId === 'PYSEC-2020-0002',
      );
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${pysec.id}/status`,
        headers: org.bearer(),
        payload: { status: 'false_positive', remediationNotes: 'not our code path' },
      });
      // v2: jinja2 moves to 2.10.1 (CVE fixed, PYSEC still applies), x/text unchanged.
      const v2 = (
        await upload(app, org, shopSbom('2.10.1', 'v0.3.7'), [
          ['assetName', 'shop'],
          ['version', '2.0'],
        ])
      ).json().data;
      await upload(app, org, shopSbom('3.0.0', 'v0.3.8'), [['assetName', 'other']]);
      const v2Findings = (
        await get(app, org, `/api/v1/sscs/findings?sbomId=${v2.id}&status=false_positive`)
      ).json().data;
      assert.equal(v2Findings.length, 1);
      assert.equal(v2Findings[0].vulnerabilityId, 'PYSEC-2020-0002');
      assert.equal(v2Findings[0].remediationNotes, 'not our code path');
      const detail = (await get(app, org, `/api/v1/sscs/findings/${v2Findings[0].id}`)).json().data;
      assert.deepEqual(
        detail.history.map((h: { event: string; fromStatus: string; toStatus: string; notes: string }) => [
          h.event,
          h.fromStatus,
          h.toStatus,
          h.notes,
        ]),
        [
          ['created', null, 'open', null],
          ['status_change', 'open', 'false_positive', `carried over from ${v1.id}`],
        ],
      );
      const assets = await get(app, org, '/api/v1/sscs/assets');
      assert.equal(assets.statusCode, 200, assets.body);
      const shop = assets.json().data.find((a: { assetName: string }) => a.assetName === 'shop');
      // The section 12 shape, within the asset record (docs/portfolio.md).
      const { assetName, versions, latestSbomId, openFindings } = shop;
      assert.match(shop.id, /^ast_/);
      assert.deepEqual([shop.tags, shop.parentId], [[], null]);
      assert.deepEqual(
        { assetName, versions, latestSbomId, openFindings },
        {
          assetName: 'shop',
          versions: [
            { version: '2.0', sbomId: v2.id, createdAt: v2.createdAt },
            { version: '1.0', sbomId: v1.id, createdAt: v1.createdAt },
          ],
          latestSbomId: v2.id,
          openFindings: { CRITICAL: 0, HIGH: 1, MEDIUM: 0, LOW: 0, total: 1 },
        },
      );
      assert.deepEqual(
        assets.json().data.map((a: { assetName: string }) => a.assetName),
        ['other', 'shop'],
      );
      const audit = await store.db
        .selectFrom('audit_log')
        .select(['actor_id', 'details'])
        .where('org_id', '=', org.id)
        .where('action', '=', 'finding.status_change')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        audit.map((a) => [a.actor_id, JSON.parse(a.details!).source ?? 'person']),
        [
          [org.userId, 'person'],
          ['system', 'carry_over'],
        ],
      );
      assert.equal(
        (await get(app, org, '/api/v1/sscs/assets?sbomId=shop')).json().error.code,
        'VALIDATION_FAILED',
      );
    });
  });

  describe(`${dialect}: diff`, () => {
    it('describes the change from the older SBOM to the newer one', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const older = (await upload(app, org, shopSbom('2.10', 'v0.3.7', [['left-pad', '1.0.0']]))).json().data;
      const newer = (await upload(app, org, shopSbom('2.11.3', 'v0.3.7', [['lodash', '4.17.21']]))).json()
        .data;
      const res = await get(app, org, `/api/v1/sscs/sboms/${newer.id}/diff?against=${older.id}`);
      assert.equal(res.statusCode, 200, res.body);
      const diff = res.json().data;
      assert.deepEqual(diff.added, [{ name: 'lodash', version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21' }]);
      assert.deepEqual(diff.removed, [
        { name: 'left-pad', version: '1.0.0', purl: 'pkg:npm/left-pad@1.0.0' },
      ]);
      assert.deepEqual(diff.changed, [
        { name: 'Jinja2', purl: 'pkg:pypi/jinja2@2.11.3', from: '2.10', to: '2.11.3' },
      ]);
      assert.deepEqual(diff.findingsIntroduced, []);
      assert.deepEqual(
        diff.findingsResolved.map((f: { vulnerabilityId: string }) => f.vulnerabilityId).sort(),
        ['CVE-2019-10906', 'PYSEC-2020-0002'],
      );
      const reverse = (await get(app, org, `/api/v1/sscs/sboms/${older.id}/diff?against=${newer.id}`)).json()
        .data;
      assert.deepEqual(
        reverse.findingsIntroduced.map((f: { vulnerabilityId: string }) => f.vulnerabilityId).sort(),
        ['CVE-2019-10906', 'PYSEC-2020-0002'],
      );
      assert.deepEqual(reverse.added, diff.removed);
      const foreign = await get(app, other, `/api/v1/sscs/sboms/${newer.id}/diff?against=${older.id}`);
      assert.equal(foreign.statusCode, 404);
      const missing = await get(app, org, `/api/v1/sscs/sboms/${newer.id}/diff`);
      assert.equal(missing.json().error.code, 'VALIDATION_FAILED');
    });
  });
}
