import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storeWithBareSbom } from '../../test/support/bare-sbom.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { insertPolicy } from './policy.repository.ts';
import type { PolicyViolationRow } from './policy.table.ts';
import { insertViolations, VIOLATION_COLUMNS } from './violation.repository.ts';

// An upload's batch of violations (≈ 950 under the bench's policies): on PostgreSQL over the size from which they
// go by COPY, under insertRows' default; reasons carry a component's raw license text, so any character.
const ROWS = 950;
const TRICKY = ['tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', '\\.', 'ünïcødé ✓', ''];

for (const dialect of DIALECTS) {
  describe(`${dialect}: insertViolations`, () => {
    it("stores an upload batch's new violations exactly, and the others beside them", async (t) => {
      const { store, orgId } = await storeWithBareSbom(dialect, 'violation-insert');
      t.after(() => store.close());
      const now = new Date().toISOString();
      for (const id of ['pol_a', 'pol_b'])
        await insertPolicy(store.db, {
          ...{ id, org_id: orgId, name: id, description: null, kind: 'license', operator: 'any' },
          ...{ violation_state: 'fail', conditions: '[]', asset_names: null, tags: null, enabled: 1 },
          ...{ created_at: now, updated_at: now },
        });
      const rows: PolicyViolationRow[] = Array.from({ length: ROWS }, (_, i) => ({
        id: `pvl_${String(i).padStart(5, '0')}`,
        org_id: orgId,
        policy_id: i % 2 ? 'pol_a' : 'pol_b',
        sbom_id: 'sbom_1',
        component_id: `cmp_${i}`,
        finding_id: i % 3 ? '' : `fnd_${i}`,
        kind: i % 2 ? 'license' : 'security',
        state: ['info', 'warn', 'fail'][i % 3]!,
        reason: `license ${TRICKY[i % TRICKY.length]!} is in group copyleft`,
        // A few already suppressed (a re-evaluation's rows carry no other status, but the writer takes any).
        status: i % 100 === 7 ? 'suppressed' : 'open',
        comment: i % 100 === 7 ? `said\t${i}` : null,
        created_at: now,
        updated_at: now,
      }));
      await store.db.transaction().execute((trx) => insertViolations(trx, rows));
      const stored = await store.db
        .selectFrom('policy_violations')
        .select(VIOLATION_COLUMNS)
        .orderBy('id')
        .execute();
      assert.equal(stored.length, ROWS);
      assert.deepEqual(stored, rows);
    });
  });
}
