import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';

const acme = {
  name: 'Acme Cloud',
  type: 'commercial',
  riskTier: 1,
  assessmentStatus: 'in_progress',
  website: 'https://acme.example',
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: vendors`, () => {
    it('creates, lists, replaces and summarises vendors', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);

      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: org.bearer(),
        payload: acme,
      });
      assert.equal(created.statusCode, 201);
      const vendor = created.json().data;
      assert.match(vendor.id, /^vnd_[0-9a-z]{26}$/);
      assert.deepEqual(
        { ...vendor, id: undefined, createdAt: undefined, updatedAt: undefined },
        { ...acme, id: undefined, notes: null, createdAt: undefined, updatedAt: undefined },
      );
      assert.equal(created.json().error, null);

      await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: org.bearer(),
        payload: { name: 'left-pad', type: 'oss', riskTier: 3, assessmentStatus: 'completed' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: org.bearer(),
        payload: { name: 'Payroll team', type: 'internal', riskTier: 2, assessmentStatus: 'not_started' },
      });

      const replaced = await app.inject({
        method: 'PUT',
        url: `/api/v1/sscs/vendors/${vendor.id}`,
        headers: org.bearer(),
        payload: { name: 'Acme Cloud EU', type: 'commercial', riskTier: 1, assessmentStatus: 'not_started' },
      });
      assert.equal(replaced.statusCode, 200);
      assert.equal(replaced.json().data.name, 'Acme Cloud EU');
      assert.equal(replaced.json().data.website, null, 'full replacement clears optional fields left out');
      assert.equal(replaced.json().data.createdAt, vendor.createdAt);

      const roundTrip = replaced.json().data;
      const resent = await app.inject({
        method: 'PUT',
        url: `/api/v1/sscs/vendors/${vendor.id}`,
        headers: org.bearer(),
        payload: {
          name: roundTrip.name,
          type: roundTrip.type,
          riskTier: roundTrip.riskTier,
          assessmentStatus: roundTrip.assessmentStatus,
          website: roundTrip.website,
          notes: roundTrip.notes,
        },
      });
      assert.equal(resent.statusCode, 200, 'a vendor as returned (nulls included) can be sent back');
      assert.equal(resent.json().data.website, null);

      const list = await app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer('read') });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(
        list.json().data.map((v: { name: string }) => v.name),
        ['Acme Cloud EU', 'left-pad', 'Payroll team'],
      );
      assert.equal(list.json().meta, null);

      const summary = await app.inject({
        url: '/api/v1/sscs/vendors/risk-summary',
        headers: org.bearer('read'),
      });
      // weights: tier1 not_started 3×1, tier3 completed 1×0, tier2 not_started 2×1 → 5 / 6 = 83.3
      assert.deepEqual(summary.json().data, {
        total: 3,
        byTier: { '1': 1, '2': 1, '3': 1 },
        byAssessmentStatus: { not_started: 2, in_progress: 0, completed: 1 },
        unassessedCritical: 1,
        score: 83.3,
      });
    });

    it('rejects invalid bodies with VALIDATION_FAILED and details', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const cases: Array<[unknown, string]> = [
        [{ ...acme, extra: 1 }, "body: unexpected field 'extra'"],
        [{ ...acme, riskTier: 4 }, 'body.riskTier'],
        [{ ...acme, type: 'saas' }, 'body.type'],
        [{ ...acme, name: '' }, 'body.name'],
        [{ type: 'oss', riskTier: 1, assessmentStatus: 'completed' }, 'body.name'],
        [{ ...acme, assessmentStatus: 'done' }, 'body.assessmentStatus'],
      ];
      for (const [payload, where] of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/vendors',
          headers: org.bearer(),
          payload: payload as object,
        });
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        const body = res.json();
        assert.equal(body.data, null);
        assert.equal(body.error.code, 'VALIDATION_FAILED');
        const details = body.error.details
          .map((d: { path: string; message: string }) => `${d.path}: ${d.message}`)
          .join(' | ');
        assert.ok(details.includes(where), `${details} should name ${where}`);
      }
      const partial = await app.inject({
        method: 'PUT',
        url: '/api/v1/sscs/vendors/vnd_x',
        headers: org.bearer(),
        payload: { name: 'only a name' },
      });
      assert.equal(partial.statusCode, 400, 'PUT is a full replacement');
      assert.equal(partial.json().error.code, 'VALIDATION_FAILED');
      const list = await app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer() });
      assert.deepEqual(list.json().data, [], 'nothing was written');
    });

    it('keeps organisations apart: another organisation’s vendor is 404 and invisible', async (t) => {
      const { app, services } = await build(t, dialect);
      const a = await createOrg(services);
      const b = await createOrg(services);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: a.bearer(),
        payload: acme,
      });
      const id = created.json().data.id;
      const put = await app.inject({
        method: 'PUT',
        url: `/api/v1/sscs/vendors/${id}`,
        headers: b.bearer(),
        payload: acme,
      });
      assert.equal(put.statusCode, 404);
      assert.deepEqual(put.json(), {
        data: null,
        error: { code: 'NOT_FOUND', message: `Vendor '${id}' was not found` },
        meta: null,
      });
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/vendors', headers: b.bearer() })).json().data,
        [],
      );
      const unknown = await app.inject({
        method: 'PUT',
        url: '/api/v1/sscs/vendors/vnd_unknown',
        headers: a.bearer(),
        payload: acme,
      });
      assert.equal(unknown.statusCode, 404, 'PUT never upserts');
    });

    it('gates on scope and plan', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const readOnly = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/vendors',
        headers: org.bearer('read'),
        payload: acme,
      });
      assert.equal(readOnly.statusCode, 403);
      assert.equal(readOnly.json().error.code, 'INSUFFICIENT_SCOPE');
      const mcpOnly = await app.inject({ url: '/api/v1/sscs/vendors', headers: org.bearer('mcp') });
      assert.equal(mcpOnly.json().error.code, 'INSUFFICIENT_SCOPE');
      const essentials = await createOrg(services, { plan: 'essentials' });
      const gated = await app.inject({ url: '/api/v1/sscs/vendors', headers: essentials.bearer() });
      assert.equal(gated.statusCode, 403);
      assert.equal(gated.json().error.code, 'FORBIDDEN');
    });
  });
}
