// policy.violation events of a re-evaluation that creates more violations than one chunk of events (500): each new
// violation announced once, with its component, on both dialects; and the component lookup behind them stays in
// its organisation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { componentsById } from './facts.repository.ts';

const COMPONENTS = 1_201;

const sbom = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { type: 'application', name: 'big-shop', version: '1' } },
  components: Array.from({ length: COMPONENTS }, (_, i) => ({
    type: 'library',
    'bom-ref': `c${i}`,
    name: `c${i}`,
    version: '1.0.0',
    purl: `pkg:npm/c${i}@1.0.0`,
    licenses: [{ license: { id: 'GPL-3.0-only' } }],
  })),
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: policy.violation events of a re-evaluation`, () => {
    it('announce each of 1,201 new violations once, with its component', async (t) => {
      const { app, services, store } = await build(t, dialect, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
      const org = await createOrg(services);
      const other = await createOrg(services);
      await services.webhooks.create(org.id, org.userId, {
        url: 'http://127.0.0.1:9/hook',
        events: ['policy.violation'],
      });
      assert.equal((await uploadFile(app, org, sbom, 'big-shop.cdx.json')).statusCode, 201);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: org.bearer(),
        payload: {
          name: 'No copyleft',
          kind: 'license',
          violationState: 'fail',
          conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      await services.policies.reevaluation.idle();

      const violations = await store.db
        .selectFrom('policy_violations')
        .select(['id', 'component_id'])
        .where('org_id', '=', org.id)
        .execute();
      assert.equal(violations.length, COMPONENTS);
      const events = await store.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('org_id', '=', org.id)
        .execute();
      assert.equal(events.length, COMPONENTS);
      assert.ok(events.every((e) => e.type === 'policy.violation'));
      const announced = events.map(
        (e) => JSON.parse(e.payload).data.violation as { id: string; component: { name: string } },
      );
      assert.deepEqual(
        announced.map((v) => v.id).sort(),
        violations.map((v) => v.id).sort(),
        'each violation once',
      );
      assert.deepEqual(
        announced.map((v) => v.component.name).sort(),
        Array.from({ length: COMPONENTS }, (_, i) => `c${i}`).sort(),
      );

      const ids = violations.map((v) => v.component_id);
      assert.equal((await componentsById(store.db, org.id, ids)).size, COMPONENTS);
      assert.equal((await componentsById(store.db, other.id, ids)).size, 0, 'not another organisation’s');
    });
  });
}
