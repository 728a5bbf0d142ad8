// Open violations per SBOM on both dialects (GET /sscs/violations/summary/sboms, the console's SBOM list): one
// entry per SBOM with open violations, newest first; a suppression leaves the count; another organisation sees none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { loadFeed, policySbom } from './policy-fixture.ts';

const POLICIES = [
  {
    name: 'No copyleft',
    kind: 'license',
    violationState: 'fail',
    conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
  },
  {
    name: 'License known',
    kind: 'operational',
    violationState: 'info',
    conditions: [{ subject: 'missing', operator: 'is', value: 'license' }],
  },
];

for (const dialect of DIALECTS) {
  describe(`${dialect}: violations per SBOM`, () => {
    it('counts open violations by state for each SBOM that has any', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      const other = await createOrg(services);
      for (const payload of POLICIES) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/policies',
          headers: org.bearer(),
          payload,
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      await services.policies.reevaluation.idle();
      const shop = (await uploadFile(app, org, policySbom('web-shop'), 'a.cdx.json')).json().data.id;
      const office = (await uploadFile(app, org, policySbom('back-office'), 'b.cdx.json')).json().data.id;
      const summary = async (headers = org.bearer('read')) => {
        const res = await app.inject({ url: '/api/v1/sscs/violations/summary/sboms', headers });
        assert.equal(res.statusCode, 200, res.body);
        return res.json().data;
      };
      // Each: gpl-lib is copyleft (fail), nolicense has no license (info).
      assert.deepEqual(await summary(), [
        { sbomId: office, fail: 1, warn: 0, info: 1, total: 2 },
        { sbomId: shop, fail: 1, warn: 0, info: 1, total: 2 },
      ]);

      const [copyleft] = (
        await app.inject({ url: `/api/v1/sscs/violations?sbomId=${shop}&state=fail`, headers: org.bearer() })
      ).json().data;
      const patched = await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/violations/${copyleft.id}`,
        headers: org.bearer(),
        payload: { status: 'suppressed', comment: 'approved' },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.deepEqual(await summary(), [
        { sbomId: office, fail: 1, warn: 0, info: 1, total: 2 },
        { sbomId: shop, fail: 0, warn: 0, info: 1, total: 1 },
      ]);

      assert.deepEqual(await summary(other.bearer()), []);
      const unknown = await app.inject({
        url: '/api/v1/sscs/violations/summary/sboms?sbomId=x',
        headers: org.bearer(),
      });
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().error.code, 'VALIDATION_FAILED');
    });
  });
}
