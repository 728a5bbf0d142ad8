// New findings as matching makes them are written with only their differing columns bound (new-finding-columns.ts):
// every column must read back as the insert of every column would have stored it, on each path of insertRows
// (SQLite's prepared statement and multi-row VALUES, PostgreSQL's COPY and unnest), beside a triaged row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storeWithBareSbom } from '../../test/support/bare-sbom.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { insertRows } from '../db/helpers.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../sboms/sbom.table.ts';
import { newFindingRow } from './finding-rows.ts';
import { insertFindings, type NewFindingRow } from './finding.repository.ts';

const NOW = '2026-11-27T10:00:00.000Z';
// 2,500: over the sizes from which SQLite prepares one statement (200) and PostgreSQL takes COPY (2,000).
const MANY = 2_500;

const vulnerability = (i: number) =>
  ({
    vulnerabilityId: `GHSA-it's-${i}`,
    aliases: [`CVE-2026-${i}`],
    advisoryIds: [`GHSA-it's-${i}`],
    fixedVersions: ['1.0.1'],
    severity: { severity: 'HIGH', source: 'cvss_v3', cvssScore: 7.5, cvssVector: 'CVSS:3.1/AV:N' },
  }) as never;

for (const dialect of DIALECTS) {
  describe(`${dialect}: insertFindings`, () => {
    async function setup(components: number) {
      const { store, orgId } = await storeWithBareSbom(dialect, 'lean', NOW);
      const ids = Array.from({ length: components }, (_, i) => `cmp_${String(i).padStart(5, '0')}`);
      const values = ids.map((id) => [
        id,
        orgId,
        'sbom_1',
        null,
        'library',
        null,
        'lib',
        '1.0.0',
        null,
        null,
      ]);
      await insertRows(
        store.db,
        'sbom_components',
        COMPONENT_COLUMNS,
        values.map((v, i) => [...v, 'npm', 'lib', '[]', '[]', null, null, '[]', i, null]),
        COMPONENT_PG_TYPES,
      );
      const rows = ids.map((id, i) => ({
        ...newFindingRow(orgId, 'sbom_1', id, vulnerability(i), NOW),
        id: `fnd_${String(i).padStart(5, '0')}`,
      }));
      // The last one as a triage rule sets it at creation (rules-at-creation.ts).
      Object.assign(rows[components - 1]!, {
        status: 'not_affected',
        justification: 'code_not_reachable',
        response: '["will_not_fix"]',
        detail: 'd',
        triage_source: 'rule',
        triage_rule_id: 'trl_1',
      } satisfies Partial<NewFindingRow>);
      return { store, orgId, rows };
    }

    const expected = (orgId: string, i: number, triaged: boolean) => ({
      id: `fnd_${String(i).padStart(5, '0')}`,
      org_id: orgId,
      sbom_id: 'sbom_1',
      component_id: `cmp_${String(i).padStart(5, '0')}`,
      vulnerability_id: `GHSA-it's-${i}`,
      aliases: `["CVE-2026-${i}"]`,
      advisory_ids: `["GHSA-it's-${i}"]`,
      summary: null,
      severity: 'HIGH',
      severity_source: 'cvss_v3',
      cvss_score: 7.5,
      cvss_vector: 'CVSS:3.1/AV:N',
      fixed_versions: '["1.0.1"]',
      refs: '[]',
      match_reasons: '[]',
      status: triaged ? 'not_affected' : 'open',
      remediation_notes: null,
      created_at: NOW,
      updated_at: NOW,
      status_changed_at: NOW,
      retracted_at: null,
      retraction_reason: null,
      justification: triaged ? 'code_not_reachable' : null,
      response: triaged ? '["will_not_fix"]' : null,
      detail: triaged ? 'd' : null,
      triage_source: triaged ? 'rule' : null,
      triage_rule_id: triaged ? 'trl_1' : null,
    });

    async function stored(store: Awaited<ReturnType<typeof setup>>['store']) {
      const rows = await store.db.selectFrom('findings').selectAll().orderBy('id').execute();
      return rows.map((r) => ({ ...r, cvss_score: r.cvss_score === null ? null : Number(r.cvss_score) }));
    }

    it('stores a large batch in a transaction exactly, the triaged row too', async (t) => {
      const { store, orgId, rows } = await setup(MANY);
      t.after(() => store.close());
      await store.db.transaction().execute((trx) => insertFindings(trx, rows, []));
      const read = await stored(store);
      assert.equal(read.length, MANY);
      assert.deepEqual(read[0], expected(orgId, 0, false));
      assert.deepEqual(read[1_234], expected(orgId, 1_234, false));
      assert.deepEqual(read[MANY - 1], expected(orgId, MANY - 1, true));
      assert.equal(
        read.filter((r) => r.status === 'open' && r.refs === '[]' && r.summary === null).length,
        MANY - 1,
      );
    });

    it('stores a small batch outside a transaction exactly (multi-row statements)', async (t) => {
      const { store, orgId, rows } = await setup(3);
      t.after(() => store.close());
      await insertFindings(store.db, rows, []);
      assert.deepEqual(await stored(store), [
        expected(orgId, 0, false),
        expected(orgId, 1, false),
        expected(orgId, 2, true),
      ]);
    });
  });
}
