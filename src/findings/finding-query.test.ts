import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { loadAdvisories, shopSbom, upload } from '../pipeline/pipeline-fixture.ts';

const get = (app: App, org: TestOrg, url: string) =>
  app.inject({ method: 'GET', url, headers: org.bearer() });
const ids = (res: { json: () => { data: { vulnerabilityId: string }[] } }) =>
  res.json().data.map((f) => f.vulnerabilityId);

for (const dialect of DIALECTS) {
  describe(`${dialect}: findings queries`, () => {
    it('filters by severity list, vulnerability id or alias, component text; sorts; pages with a cursor', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const a = (await upload(app, org, shopSbom('2.10', 'v0.3.7'), [['assetName', 'shop']])).json().data;
      const b = (await upload(app, org, shopSbom('2.10.1', 'v0.3.7'), [['assetName', 'shop']])).json().data;
      const url = '/api/v1/sscs/findings';

      const all = await get(app, org, url);
      assert.equal(all.json().meta, null, 'no paging unless asked');
      assert.equal(all.json().data.length, 5);
      assert.deepEqual(ids(await get(app, org, `${url}?sbomId=${a.id}&severity=CRITICAL,MEDIUM`)).sort(), [
        'CVE-2019-10906',
        'PYSEC-2020-0002',
      ]);
      assert.deepEqual(ids(await get(app, org, `${url}?severity=HIGH`)), [
        'CVE-2022-32149',
        'CVE-2022-32149',
      ]);
      // An alias finds the vulnerability under its preferred id.
      assert.deepEqual(ids(await get(app, org, `${url}?vulnerabilityId=GHSA-jinja-0001`)), [
        'CVE-2019-10906',
      ]);
      assert.deepEqual(ids(await get(app, org, `${url}?vulnerabilityId=GO-2022-0001&sbomId=${b.id}`)), [
        'CVE-2022-32149',
      ]);
      assert.deepEqual(ids(await get(app, org, `${url}?q=X%2FTEXT`)), ['CVE-2022-32149', 'CVE-2022-32149']);
      assert.deepEqual(ids(await get(app, org, `${url}?q=pkg:pypi/jinja2@2.10.1`)), ['PYSEC-2020-0002']);

      const bySeverity = (await get(app, org, `${url}?sort=severity`)).json().data;
      assert.deepEqual(
        bySeverity.map((f: { severity: string }) => f.severity),
        ['CRITICAL', 'HIGH', 'HIGH', 'MEDIUM', 'MEDIUM'],
      );
      const newest = (await get(app, org, `${url}?sort=-createdAt`)).json().data;
      assert.deepEqual(
        newest.map((f: { createdAt: string }) => f.createdAt),
        newest
          .map((f: { createdAt: string }) => f.createdAt)
          .sort()
          .reverse(),
      );

      // Pages of 2 in severity order walk the whole list exactly once.
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await get(app, org, `${url}?sort=severity&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        assert.equal(res.statusCode, 200, res.body);
        seen.push(...res.json().data.map((f: { id: string }) => f.id));
        cursor = res.json().meta.nextCursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.deepEqual(
        seen,
        bySeverity.map((f: { id: string }) => f.id),
      );
      const last = await get(app, org, `${url}?limit=5`);
      assert.deepEqual(last.json().meta, { nextCursor: null, total: 5 });

      for (const bad of [
        'severity=SEVERE',
        'severity=high',
        'severity=HIGH,,LOW',
        'sort=name',
        'limit=0',
        'limit=x',
        'cursor=abc&limit=1',
        'foo=bar',
      ]) {
        const res = await get(app, org, `${url}?${bad}`);
        assert.equal(res.statusCode, 400, bad);
        assert.equal(res.json().error.code, 'VALIDATION_FAILED', bad);
      }

      const summary = (q: string, as = org) => get(app, as, `/api/v1/sscs/findings/summary${q}`);
      assert.deepEqual((await summary('')).json().data, {
        CRITICAL: 1,
        HIGH: 2,
        MEDIUM: 2,
        LOW: 0,
        total: 5,
        kev: 0,
      });
      assert.deepEqual((await summary(`?sbomId=${a.id}`)).json().data, {
        CRITICAL: 1,
        HIGH: 1,
        MEDIUM: 1,
        LOW: 0,
        total: 3,
        kev: 0,
      });
      assert.deepEqual((await summary('?assetName=shop')).json().data, {
        CRITICAL: 0,
        HIGH: 1,
        MEDIUM: 1,
        LOW: 0,
        total: 2,
        kev: 0,
      });
      assert.equal((await summary('?foo=bar')).json().error.code, 'VALIDATION_FAILED');
      assert.equal((await summary('?assetName=nope')).statusCode, 404);
      assert.equal((await summary(`?sbomId=${a.id}`, other)).statusCode, 404);
    });

    it('rejects unknown query parameters on every endpoint', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const sbom = (await upload(app, org, shopSbom('2.10', 'v0.3.7'))).json().data;
      for (const path of [
        '/api/v1/sscs/sboms',
        `/api/v1/sscs/sboms/${sbom.id}`,
        `/api/v1/sscs/sboms/${sbom.id}/components`,
        '/api/v1/sscs/vendors',
        '/api/v1/sscs/vendors/risk-summary',
        '/api/v1/sscs/assets',
      ]) {
        const res = await get(app, org, `${path}?foo=bar`);
        assert.equal(res.statusCode, 400, `${path}: ${res.body}`);
        assert.deepEqual(res.json().error.details, [
          { path: 'querystring', message: "unexpected field 'foo'" },
        ]);
        assert.equal((await get(app, org, path)).statusCode, 200, path);
      }
      // Unauthenticated endpoints too: the probes, the OpenAPI document, signing in.
      const unexpected = { path: 'querystring', message: "unexpected field 'foo'" };
      for (const path of ['/healthz', '/readyz', '/metrics', '/api/v1/openapi.json']) {
        const res = await app.inject({ method: 'GET', url: `${path}?foo=bar` });
        assert.equal(res.statusCode, 400, `${path}: ${res.body}`);
        assert.deepEqual(res.json().error.details, [unexpected], path);
        assert.equal((await app.inject({ method: 'GET', url: path })).statusCode, 200, path);
      }
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/v1/session?foo=bar',
        payload: { email: 'nobody@example.com', password: 'not the password' },
      });
      assert.equal(signIn.statusCode, 400, signIn.body);
      assert.deepEqual(signIn.json().error.details, [unexpected]);
      // The console's pages keep their own query (a deep link with a filter is a page, not an endpoint).
      assert.notEqual((await app.inject({ method: 'GET', url: '/findings?severity=HIGH' })).statusCode, 400);
    });
  });
}
