// The findings a triage rule set, through the findings list's `triageRuleId` filter (the console's rule page
// shows them): only the rule's own, not those a person triaged since, never another organisation's; paged too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../../test/support/app.ts';
import { DIALECTS } from '../../../test/support/store.ts';
import type { App } from '../../http/app-type.ts';
import { findingsByPackage, loadTriageAdvisories, patchStatus, uploadAsset } from './triage-fixture.ts';

const names = async (app: App, org: TestOrg, query: string) => {
  const res = await app.inject({ url: `/api/v1/sscs/findings?${query}`, headers: org.bearer('read') });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().data as { component: { name: string } }[]).map((f) => f.component.name).sort();
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: findings a triage rule set`, () => {
    it('are listed by triageRuleId, without those a person changed since', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const sbom = await uploadAsset(app, org, 'shop');
      await uploadAsset(app, other, 'shop');
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/triage-rules',
        headers: org.bearer(),
        payload: {
          name: 'test-only',
          match: { purls: ['pkg:npm/pkg-a', 'pkg:npm/pkg-b'] },
          analysis: { status: 'false_positive', detail: 'test tooling only' },
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      const ruleId = created.json().data.id as string;

      assert.deepEqual(await names(app, org, `status=false_positive&triageRuleId=${ruleId}`), [
        'pkg-a',
        'pkg-b',
      ]);
      const page = await app.inject({
        url: `/api/v1/sscs/findings?status=false_positive&triageRuleId=${ruleId}&limit=1`,
        headers: org.bearer('read'),
      });
      const next = await app.inject({
        url: `/api/v1/sscs/findings?status=false_positive&triageRuleId=${ruleId}&limit=1&cursor=${page.json().meta.nextCursor}`,
        headers: org.bearer('read'),
      });
      assert.deepEqual(
        [...page.json().data, ...next.json().data]
          .map((f: { component: { name: string } }) => f.component.name)
          .sort(),
        ['pkg-a', 'pkg-b'],
      );
      assert.equal(next.json().meta.nextCursor, null);
      assert.deepEqual(await names(app, org, `status=open&triageRuleId=${ruleId}`), []);
      assert.deepEqual(await names(app, org, 'status=false_positive&triageRuleId=trl_none'), []);
      assert.deepEqual(await names(app, other, `status=false_positive&triageRuleId=${ruleId}`), []);

      // A person's triage takes pkg-b from the rule.
      const byPackage = await findingsByPackage(app, org, sbom.id);
      const patched = await patchStatus(app, org, byPackage['pkg-b']!.id, { status: 'accepted_risk' });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.deepEqual(await names(app, org, `status=false_positive&triageRuleId=${ruleId}`), ['pkg-a']);
      assert.deepEqual(await names(app, org, `status=accepted_risk&triageRuleId=${ruleId}`), []);

      const empty = await app.inject({
        url: '/api/v1/sscs/findings?triageRuleId=',
        headers: org.bearer('read'),
      });
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().error.code, 'VALIDATION_FAILED');
    });
  });
}
