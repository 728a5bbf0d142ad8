// Assets as records (docs/portfolio.md): find-or-create on upload (race-safe), the REST surface, hierarchy
// roll-ups (hand-computed), tags, renames, deletion, activity filters; both dialects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { upload } from '../pipeline/pipeline-fixture.ts';
import { loadFeed, policySbom } from '../policies/policy-fixture.ts';

type Json = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, asserted field by field
type Loose = any;

const call = async (app: App, org: TestOrg, method: string, url: string, payload?: Json) => {
  const res = await app.inject({
    method: method as 'GET',
    url: `/api/v1/sscs${url}`,
    headers: org.bearer(),
    ...(payload ? { payload } : {}),
  });
  const body = res.json();
  return { status: res.statusCode, body: body as { data: Loose; error: Loose } };
};

const uploadTo = async (app: App, org: TestOrg, assetName: string, version: string) => {
  const res = await upload(app, org, policySbom(), [
    ['assetName', assetName],
    ['version', version],
  ]);
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data as { id: string; assetName: string };
};

const none = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, total: 0 };
const high = (n: number) => ({ ...none, HIGH: n, total: n });
const fail = (n: number) => ({ fail: n, warn: 0, info: 0, total: n });

for (const dialect of DIALECTS) {
  describe(`${dialect}: assets as records`, () => {
    it('two concurrent uploads of a new asset name create one asset; a later upload re-activates it', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const [a, b] = await Promise.all([uploadTo(app, org, 'racer', '1'), uploadTo(app, org, 'racer', '2')]);
      const rows = await store.db
        .selectFrom('assets')
        .select(['id', 'name', 'active', 'last_upload_at'])
        .where('org_id', '=', org.id)
        .execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.name, 'racer');
      const sboms = await store.db
        .selectFrom('sboms')
        .select(['id', 'asset_id', 'asset_name'])
        .where('org_id', '=', org.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        sboms.map((s) => [s.asset_id, s.asset_name]),
        [
          [rows[0]!.id, 'racer'],
          [rows[0]!.id, 'racer'],
        ],
      );
      assert.deepEqual(sboms.map((s) => s.id).sort(), [a.id, b.id].sort());
      // Inactive, then an upload: active again, last upload stamped.
      await call(app, org, 'PATCH', `/assets/${rows[0]!.id}`, { active: false });
      assert.deepEqual((await call(app, org, 'GET', '/assets')).body.data, []);
      const c = await uploadTo(app, org, 'racer', '3');
      const after = (await call(app, org, 'GET', `/assets/${rows[0]!.id}`)).body.data;
      assert.equal(after.active, true);
      assert.equal(after.latestSbomId, c.id);
      assert.equal(after.versions.length, 3);
      assert.ok(after.lastUploadAt >= rows[0]!.last_upload_at!);
    });

    it('an upload named by its SBOM subject leaves no provisional asset of the file name behind', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const res = await upload(app, org, policySbom('subject-app'));
      assert.equal(res.json().data.assetName, 'subject-app');
      const names = await store.db.selectFrom('assets').select('name').where('org_id', '=', org.id).execute();
      assert.deepEqual(
        names.map((n) => n.name),
        ['subject-app'],
      );
    });

    it('rolls up open findings and violations of each latest SBOM over descendants (hand-computed)', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      const policy = await call(app, org, 'POST', '/policies', {
        name: 'No copyleft',
        kind: 'license',
        violationState: 'fail',
        conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
      });
      assert.equal(policy.status, 201, JSON.stringify(policy.body));
      // Each policySbom upload: one HIGH finding (vuln 1.0.0) and one fail violation (gpl-lib).
      const platform = (
        await call(app, org, 'POST', '/assets', { name: 'platform', tags: ['Team-A', 'prod'] })
      ).body.data;
      assert.deepEqual(platform.tags, ['prod', 'team-a']);
      await uploadTo(app, org, 'shop', '1');
      const shop2 = await uploadTo(app, org, 'shop', '2');
      const ui = await uploadTo(app, org, 'shop-ui', '1');
      await uploadTo(app, org, 'billing', '1');
      await uploadTo(app, org, 'lonely', '1');
      const ids = Object.fromEntries(
        ((await call(app, org, 'GET', '/assets')).body.data as { name: string; id: string }[]).map((a) => [
          a.name,
          a.id,
        ]),
      );
      for (const [child, parent] of [
        ['shop', 'platform'],
        ['shop-ui', 'shop'],
        ['billing', 'platform'],
      ] as const) {
        const res = await call(app, org, 'PATCH', `/assets/${ids[child]}`, { parentId: ids[parent] });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
      // One of shop-ui's findings triaged away: no longer open.
      const uiFinding = (await call(app, org, 'GET', `/findings?sbomId=${ui.id}`)).body.data[0];
      await call(app, org, 'PATCH', `/findings/${uiFinding.id}/status`, { status: 'false_positive' });

      const list = (await call(app, org, 'GET', '/assets')).body.data as Json[];
      const brief = list.map((a: Loose) => [
        a.name,
        a.parentId && list.find((p: Loose) => p.id === a.parentId)!.name,
        a.versions.length,
        a.openFindings.total,
        a.rollup.assets,
        a.rollup.openFindings,
        a.rollup.openViolations,
      ]);
      assert.deepEqual(brief, [
        ['billing', 'platform', 1, 1, 1, high(1), fail(1)],
        ['lonely', null, 1, 1, 1, high(1), fail(1)],
        // shop 1 + billing 1 + shop-ui 0 open findings; violations 1 + 1 + 1.
        ['platform', null, 0, 0, 4, high(2), fail(3)],
        ['shop', 'platform', 2, 1, 2, high(1), fail(2)],
        ['shop-ui', 'shop', 1, 0, 1, none, fail(1)],
      ]);
      const detail = (await call(app, org, 'GET', `/assets/${ids.platform}`)).body.data;
      assert.deepEqual(detail.children, [
        { id: ids.billing, name: 'billing' },
        { id: ids.shop, name: 'shop' },
      ]);
      assert.equal(detail.latestSbomId, null);
      const shop = (await call(app, org, 'GET', `/assets/${ids.shop}`)).body.data;
      assert.equal(shop.latestSbomId, shop2.id);
      assert.deepEqual(shop.openViolations, fail(1));

      // A parent that is the asset itself or a descendant: 400 naming parentId; unknown parent too.
      for (const [id, parentId, message] of [
        [ids.platform, ids.platform, 'an asset cannot be its own parent'],
        [ids.platform, ids['shop-ui'], `'${ids['shop-ui']}' is a descendant of '${ids.platform}'`],
        [ids.shop, 'ast_nope', "'ast_nope' is not an asset of this organisation"],
      ]) {
        const res = await call(app, org, 'PATCH', `/assets/${id}`, { parentId });
        assert.equal(res.status, 400);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.equal(res.body.error.details[0].path, 'body.parentId');
        assert.ok(res.body.error.details[0].message.startsWith(message), res.body.error.details[0].message);
      }
      // Tag filter.
      assert.deepEqual(
        ((await call(app, org, 'GET', '/assets?tag=team-a')).body.data as Json[]).map((a) => a.name),
        ['platform'],
      );
    });

    it('renames keep the SBOMs in step; tags, classifier and bodies are validated; unknown params are 400', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      await uploadTo(app, org, 'old-name', '1');
      const id = (await call(app, org, 'GET', '/assets')).body.data[0].id;
      const renamed = await call(app, org, 'PATCH', `/assets/${id}`, {
        name: 'new-name',
        classifier: 'container',
        tags: ['b', 'A', 'b'],
        retention: { keepVersions: 3 },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.deepEqual(
        [
          renamed.body.data.name,
          renamed.body.data.classifier,
          renamed.body.data.tags,
          renamed.body.data.retention,
        ],
        ['new-name', 'container', ['a', 'b'], { keepVersions: 3 }],
      );
      const sboms = await store.db
        .selectFrom('sboms')
        .select('asset_name')
        .where('org_id', '=', org.id)
        .execute();
      assert.deepEqual(sboms, [{ asset_name: 'new-name' }]);
      // A new upload under the new name joins the same asset.
      await uploadTo(app, org, 'new-name', '2');
      assert.equal((await call(app, org, 'GET', `/assets/${id}`)).body.data.versions.length, 2);

      const bad: [string, string, Json, number, string][] = [
        ['PATCH', `/assets/${id}`, { tags: ['no spaces'] }, 400, 'body.tags.0'],
        ['PATCH', `/assets/${id}`, { classifier: 'spaceship' }, 400, 'body.classifier'],
        ['PATCH', `/assets/${id}`, { retention: { keepVersions: 0 } }, 400, 'body.retention.keepVersions'],
        ['PATCH', `/assets/${id}`, { retention: { keep: 1 } }, 400, 'body.retention'],
        ['PATCH', `/assets/${id}`, { colour: 'red' }, 400, 'body'],
        ['POST', '/assets', { name: 'new-name' }, 409, ''],
        ['POST', '/assets', {}, 400, 'body.name'],
      ];
      for (const [method, url, payload, status, path] of bad) {
        const res = await call(app, org, method, url, payload);
        assert.equal(
          res.status,
          status,
          `${method} ${url} ${JSON.stringify(payload)}: ${JSON.stringify(res.body)}`,
        );
        if (status === 400)
          assert.equal(res.body.error.details[0].path, path, JSON.stringify(res.body.error));
        else assert.equal(res.body.error.code, 'CONFLICT');
      }
      for (const url of [
        '/assets?foo=1',
        `/assets/${id}?foo=1`,
        '/assets?active=maybe',
        '/assets?tag=Bad%20Tag',
      ]) {
        const res = await call(app, org, 'GET', url);
        assert.equal(res.status, 400, url);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
      }
    });

    it('inactive assets leave the default list but stay searchable; another organisation gets 404', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      await uploadTo(app, org, 'alpha', '1');
      await uploadTo(app, org, 'beta', '1');
      const beta = (await call(app, org, 'GET', '/assets?q=bet')).body.data[0];
      await call(app, org, 'PATCH', `/assets/${beta.id}`, { active: false });
      const names = async (url: string) =>
        ((await call(app, org, 'GET', url)).body.data as { name: string }[]).map((a) => a.name);
      assert.deepEqual(await names('/assets'), ['alpha']);
      assert.deepEqual(await names('/assets?active=false'), ['beta']);
      assert.deepEqual(await names('/assets?active=all'), ['alpha', 'beta']);
      assert.deepEqual(await names('/assets?q=BET'), ['beta']);
      assert.deepEqual(await names('/assets?q=bet&active=true'), []);
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', { name: 'mine' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(app, other, method, `/assets/${beta.id}`, payload);
        assert.equal(res.status, 404, method);
        assert.equal(res.body.error.code, 'NOT_FOUND');
      }
      assert.deepEqual((await call(app, other, 'GET', '/assets?active=all')).body.data, []);
      // Another organisation's asset as a parent: unknown here.
      const mine = (await call(app, other, 'POST', '/assets', { name: 'mine' })).body.data;
      const res = await call(app, other, 'PATCH', `/assets/${mine.id}`, { parentId: beta.id });
      assert.equal(res.status, 400);
    });

    it('deletes an asset with its SBOMs (each audited), or answers 409 while it has children', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const parent = (await call(app, org, 'POST', '/assets', { name: 'parent' })).body.data;
      const v1 = await uploadTo(app, org, 'child', '1');
      const v2 = await uploadTo(app, org, 'child', '2');
      const child = (await call(app, org, 'GET', '/assets?q=child')).body.data[0];
      await call(app, org, 'PATCH', `/assets/${child.id}`, { parentId: parent.id, tags: ['x'] });
      const refused = await call(app, org, 'DELETE', `/assets/${parent.id}`);
      assert.equal(refused.status, 409);
      assert.equal(refused.body.error.code, 'CONFLICT');
      assert.match(refused.body.error.message, /has 1 child asset\(s\) \(child\)/);
      const deleted = await call(app, org, 'DELETE', `/assets/${child.id}`);
      assert.deepEqual(deleted.body.data, { id: child.id, deleted: true, sbomsDeleted: 2 });
      assert.equal((await call(app, org, 'GET', `/sboms/${v1.id}`)).status, 404);
      assert.equal((await call(app, org, 'GET', `/assets/${child.id}`)).status, 404);
      const audit = await store.db
        .selectFrom('audit_log')
        .select(['action', 'entity_id', 'details'])
        .where('org_id', '=', org.id)
        .where('action', 'in', ['sbom.delete', 'asset.delete'])
        .orderBy('id')
        .execute();
      assert.deepEqual(
        audit.map((a) => [a.action, a.entity_id, JSON.parse(a.details!)]),
        [
          ['sbom.delete', v2.id, { name: 'child', reason: 'asset.delete', assetId: child.id }],
          ['sbom.delete', v1.id, { name: 'child', reason: 'asset.delete', assetId: child.id }],
          ['asset.delete', child.id, { name: 'child', sbomsDeleted: 2 }],
        ],
      );
      const tags = await store.db.selectFrom('asset_tags').selectAll().where('org_id', '=', org.id).execute();
      assert.deepEqual(tags, []);
      assert.equal((await call(app, org, 'DELETE', `/assets/${parent.id}`)).status, 200);
    });

    it('a record names its asset by id, else by name; an id another asset of the name holds is 400', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const existing = (await call(app, org, 'POST', '/assets', { name: 'app' })).body.data;
      const byId = await call(app, org, 'POST', '/sboms', { name: 'record-1', assetId: existing.id });
      assert.equal(byId.body.data.assetId, existing.id);
      assert.equal(byId.body.data.assetName, 'app');
      const byName = await call(app, org, 'POST', '/sboms', { name: 'app' });
      assert.equal(byName.body.data.assetId, existing.id);
      const taken = await call(app, org, 'POST', '/sboms', { name: 'app', assetId: 'ast_other' });
      assert.equal(taken.status, 400);
      assert.equal(taken.body.error.details[0].path, 'body.assetId');
      assert.equal((await call(app, org, 'GET', `/assets/${existing.id}`)).body.data.versions.length, 2);
    });
  });
}
