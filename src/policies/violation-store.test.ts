import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bareSbomRow, storeWithBareSbom } from '../../test/support/bare-sbom.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { Store } from '../db/connect.ts';
import { insertSbom } from '../sboms/sbom.repository.ts';
import { insertPolicy } from './policy.repository.ts';
import type { PolicyViolationRow } from './policy.table.ts';
import {
  insertViolations,
  VIOLATION_COLUMNS,
  violationPageOfSbom,
  type ViolationKey,
} from './violation.repository.ts';

// An upload's batch of violations (≈ 950 under the bench's policies): on PostgreSQL over the size from which they
// go by COPY, under insertRows' default; reasons carry a component's raw license text, so any character.
const ROWS = 950;
const TRICKY = ['tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', '\\.', 'ünïcødé ✓', ''];

async function withPolicies(store: Store, orgId: string, now: string, ids: readonly string[]) {
  for (const id of ids)
    await insertPolicy(store.db, {
      ...{ id, org_id: orgId, name: id, description: null, kind: 'license', operator: 'any' },
      ...{ violation_state: 'fail', conditions: '[]', asset_names: null, tags: null, enabled: 1 },
      ...{ created_at: now, updated_at: now },
    });
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: insertViolations`, () => {
    it("stores an upload batch's new violations exactly, and the others beside them", async (t) => {
      const { store, orgId } = await storeWithBareSbom(dialect, 'violation-insert');
      t.after(() => store.close());
      const now = new Date().toISOString();
      await withPolicies(store, orgId, now, ['pol_a', 'pol_b']);
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

for (const dialect of DIALECTS) {
  describe(`${dialect}: violationPageOfSbom`, () => {
    it("reads every violation of one SBOM once, page by page, none of another's", async (t) => {
      const { store, orgId } = await storeWithBareSbom(dialect, 'violation-pages');
      t.after(() => store.close());
      const now = new Date().toISOString();
      await insertSbom(store.db, bareSbomRow('sbom_2', orgId, now, { asset_id: 'ast_1' }));
      await withPolicies(store, orgId, now, ['pol_a', 'pol_b']);
      // Ids interleave the two SBOMs; a component has several violations (policies, findings), so pages end
      // between rows of one policy and one component.
      const rows: PolicyViolationRow[] = [];
      for (let i = 0; i < 120; i++)
        for (const policyId of ['pol_b', 'pol_a'])
          for (const findingId of ['', 'fnd_2', 'fnd_1'])
            rows.push({
              ...{ id: `pvl_${String(rows.length).padStart(5, '0')}`, org_id: orgId, policy_id: policyId },
              ...{
                sbom_id: i % 2 ? 'sbom_1' : 'sbom_2',
                component_id: `cmp_${(i * 37) % 120}`,
                finding_id: findingId,
              },
              ...{ kind: 'license', state: 'fail', reason: 'r', status: 'open', comment: null },
              ...{ created_at: now, updated_at: now },
            });
      await store.db.transaction().execute((trx) => insertViolations(trx, rows));
      const read: string[] = [];
      let pages = 0;
      for (let after: ViolationKey | null = null; ; pages++) {
        const page = await violationPageOfSbom(store.db, orgId, 'sbom_2', after, 7);
        for (const v of page) read.push(v.id);
        if (page.length < 7) break;
        const last = page[page.length - 1]!;
        after = [last.policy_id, last.component_id, last.finding_id];
      }
      const expected = rows.filter((r) => r.sbom_id === 'sbom_2').map((r) => r.id);
      assert.equal(read.length, expected.length);
      assert.deepEqual([...read].sort(), expected.sort());
      assert.equal(pages, Math.floor(expected.length / 7));
    });
  });
}
