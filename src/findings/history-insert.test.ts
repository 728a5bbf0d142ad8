// insertHistory's grouped path (PostgreSQL: rows sharing all but id, finding and previous status go as one
// statement): every row comes back exactly as given, whatever mix of groups, nulls and awkward text a batch holds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { historyRow } from './finding-rows.ts';
import { insertHistory, type NewHistoryRow } from './finding.repository.ts';
import { loadTriageAdvisories, uploadAsset } from './triage/triage-fixture.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: finding history inserts`, () => {
    it('stores each row of a mixed batch exactly, groups and nulls included', async (t) => {
      const { app, services, store } = await build(t, dialect);
      await loadTriageAdvisories(t, services);
      const org = await createOrg(services, {});
      await uploadAsset(app, org, 'shop');
      const findings = await store.db
        .selectFrom('findings')
        .select('id')
        .where('org_id', '=', org.id)
        .orderBy('id')
        .execute();
      assert.equal(findings.length, 5);
      const at = '2026-11-27T15:00:00.000Z';
      const awkward = "quote \" back\\slash, {brace} 'single' NULL";
      const rows: NewHistoryRow[] = findings.map(({ id }, i) => ({
        ...historyRow(org.id, id, 'status_change', at, {
          from: i === 4 ? null : i % 2 ? 'open' : 'in_triage',
          to: i < 3 ? 'false_positive' : 'open',
          notes: i < 3 ? `rule trl_1 (${awkward})` : null,
          actor: 'system',
        }),
        justification: i < 3 ? 'code_not_reachable' : null,
        response: i < 3 ? '["will_not_fix"]' : null,
        detail: i === 1 ? awkward : i < 3 ? null : '',
        rule_id: i < 3 ? 'trl_1' : null,
      }));
      await insertHistory(store.db, rows);
      const stored = await store.db
        .selectFrom('finding_history')
        .selectAll()
        .where(
          'id',
          'in',
          rows.map((r) => r.id!),
        )
        .orderBy('finding_id')
        .execute();
      assert.deepEqual(stored, rows);
    });
  });
}
