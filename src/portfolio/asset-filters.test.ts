// The asset and tag filters of the findings list and summary, the SBOM list and the asset export
// (docs/portfolio.md); both dialects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { upload } from '../pipeline/pipeline-fixture.ts';
import { loadFeed, policySbom } from '../policies/policy-fixture.ts';

const get = (app: App, org: TestOrg, url: string) =>
  app.inject({ method: 'GET', url: `/api/v1/sscs${url}`, headers: org.bearer() });

for (const dialect of DIALECTS) {
  describe(`${dialect}: filters by asset and tag`, () => {
    it('narrow findings, the summary, the SBOM list and exports; unknown asset 404, unused tag empty', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const up = async (assetName: string) =>
        (await upload(app, org, policySbom(), [['assetName', assetName]])).json().data as { id: string };
      // Each upload: one open HIGH finding (vuln 1.0.0).
      const api1 = await up('api');
      const api2 = await up('api');
      const web = await up('web');
      const cli = await up('cli');
      const assets = (await get(app, org, '/assets')).json().data as { id: string; name: string }[];
      const id = Object.fromEntries(assets.map((a) => [a.name, a.id])) as Record<string, string>;
      const patch = (assetId: string, payload: object) =>
        app.inject({
          method: 'PATCH',
          url: `/api/v1/sscs/assets/${assetId}`,
          headers: org.bearer(),
          payload,
        });
      await patch(id.api!, { tags: ['backend'] });
      // cli is below web: a tag on web reaches cli too.
      await patch(id.web!, { tags: ['frontend'] });
      await patch(id.cli!, { parentId: id.web });

      const sbomIds = async (url: string) =>
        ((await get(app, org, url)).json().data as { sbomId?: string; id: string }[])
          .map((f) => f.sbomId ?? f.id)
          .sort();
      assert.deepEqual(await sbomIds('/findings?tag=backend'), [api1.id, api2.id].sort());
      assert.deepEqual(await sbomIds('/findings?tag=frontend'), [web.id, cli.id].sort());
      assert.deepEqual(await sbomIds(`/findings?assetId=${id.cli}`), [cli.id]);
      assert.deepEqual(await sbomIds(`/findings?assetId=${id.cli}&tag=backend`), []);
      assert.deepEqual(await sbomIds('/findings?tag=unused'), []);
      assert.deepEqual(await sbomIds(`/findings?tag=backend&limit=1`), [api2.id]);
      assert.deepEqual(await sbomIds('/sboms?tag=backend'), [api1.id, api2.id].sort());
      assert.deepEqual(await sbomIds(`/sboms?assetId=${id.web}`), [web.id]);
      assert.deepEqual(
        ((await get(app, org, `/sboms?assetId=${id.web}`)).json().data as { assetId: string }[]).map(
          (s) => s.assetId,
        ),
        [id.web],
      );

      const summary = async (query: string) => (await get(app, org, `/findings/summary${query}`)).json().data;
      const high = (n: number) => ({ CRITICAL: 0, HIGH: n, MEDIUM: 0, LOW: 0, total: n, kev: 0 });
      assert.deepEqual(await summary(''), high(4));
      // Every version of the tagged assets (as the organisation's summary counts every SBOM).
      assert.deepEqual(await summary('?tag=backend'), high(2));
      assert.deepEqual(await summary('?tag=frontend'), high(2));
      // An asset: its latest SBOM, as assetName.
      assert.deepEqual(await summary(`?assetId=${id.api}`), high(1));
      assert.deepEqual(await summary('?assetName=api'), high(1));
      assert.deepEqual(await summary(`?assetId=${id.api}&tag=frontend`), high(0));

      for (const url of [
        `/findings?assetId=ast_unknown`,
        `/findings?assetId=ast_unknown&limit=5`,
        `/findings/summary?assetId=ast_unknown`,
        `/sboms?assetId=ast_unknown`,
        `/assets/ast_unknown/export?format=csv`,
      ]) {
        const res = await get(app, org, url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().error.code, 'NOT_FOUND', url);
        // Another organisation's asset is unknown there too.
        const cross = await get(app, other, url.replace('ast_unknown', id.api!));
        assert.equal(cross.statusCode, 404, `cross-org ${url}`);
      }
      for (const url of [
        '/findings?tag=Not%20A%20Tag',
        '/sboms?tag=%21',
        '/findings/summary?tag=',
        '/sboms?owner=x',
      ]) {
        const res = await get(app, org, url);
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.json().error.code, 'VALIDATION_FAILED', url);
      }

      const exported = await get(app, org, `/assets/${id.api}/export?format=csv`);
      assert.equal(exported.statusCode, 200);
      const bySbom = await get(app, org, `/sboms/${api2.id}/export?format=csv`);
      assert.equal(exported.body, bySbom.body);
      const empty = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/assets',
        headers: org.bearer(),
        payload: { name: 'empty' },
      });
      const none = await get(app, org, `/assets/${empty.json().data.id}/export?format=csv`);
      assert.equal(none.statusCode, 404);
      assert.match(none.json().error.message, /'empty' has no SBOM/);
    });

    it('policies scoped by tags apply to the assets carrying them', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/assets',
        headers: org.bearer(),
        payload: { name: 'prod-app', tags: ['prod'] },
      });
      const policy = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: org.bearer(),
        payload: {
          name: 'No copyleft in prod',
          kind: 'license',
          tags: ['prod'],
          conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
        },
      });
      assert.equal(policy.statusCode, 201, policy.body);
      const prod = (await upload(app, org, policySbom(), [['assetName', 'prod-app']])).json().data;
      await upload(app, org, policySbom(), [['assetName', 'dev-app']]);
      const violations = (await get(app, org, '/violations')).json().data as { sbomId: string }[];
      assert.deepEqual(
        violations.map((v) => v.sbomId),
        [prod.id],
      );
    });
  });
}
