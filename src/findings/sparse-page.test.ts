// A restricted member's newest-first pages taken SBOM by SBOM (findings/sparse-page.ts) are exactly the pages of
// the list's own walk: same ids, same order, same cursors, fixed and retracted findings left out; both dialects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { insertRows } from '../db/helpers.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../sboms/sbom.table.ts';
import { newFindingRow } from './finding-rows.ts';
import { insertFindings } from './finding.repository.ts';
import { probesPay } from './sparse-page.ts';

const NOW = '2026-11-26T00:00:00.000Z';

/** Findings by SBOM, as `[id suffix, status, retracted]`: ids interleave across SBOMs. */
const LAYOUT: Record<string, [string, string, boolean][]> = {
  a1: [
    ['01', 'open', false],
    ['05', 'open', false],
    ['09', 'fixed', false],
    ['13', 'open', false],
  ],
  a2: [
    ['02', 'open', false],
    ['06', 'open', true],
    ['10', 'open', false],
  ],
  b1: [
    ['03', 'open', false],
    ['07', 'open', false],
    ['11', 'open', false],
    ['14', 'open', false],
  ],
  c1: [
    ['04', 'open', false],
    ['08', 'accepted_risk', false],
    ['12', 'open', false],
  ],
};
// Reach: assets a (SBOMs a1, a2) and c (c1). Open, not retracted, newest first:
const EXPECTED = ['fnd_t13', 'fnd_t12', 'fnd_t10', 'fnd_t05', 'fnd_t04', 'fnd_t02', 'fnd_t01'];

for (const dialect of DIALECTS) {
  describe(`${dialect}: sparse pages`, () => {
    it('page a reach of a few SBOMs exactly as the walk does, at every page size', async (t) => {
      const { services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const assetOf: Record<string, string> = {};
      for (const asset of ['a', 'b', 'c']) {
        assetOf[asset] = `ast_t${asset}`;
        await store.db
          .insertInto('assets')
          .values({
            id: `ast_t${asset}`,
            org_id: org.id,
            name: asset,
            parent_id: null,
            classifier: 'application',
            active: 1,
            retention: null,
            last_upload_at: NOW,
            created_at: NOW,
            updated_at: NOW,
          })
          .execute();
      }
      for (const [sbom, findings] of Object.entries(LAYOUT)) {
        const sbomId = `sbom_t${sbom}`;
        await store.db
          .insertInto('sboms')
          .values({
            id: sbomId,
            org_id: org.id,
            name: sbom,
            asset_name: sbom[0]!,
            version: sbom[1]!,
            format: 'cyclonedx',
            spec_version: '1.6',
            asset_id: assetOf[sbom[0]!]!,
            repo_url: null,
            branch: null,
            component_count: 1,
            root_depends_on: null,
            created_at: NOW,
            updated_at: NOW,
          })
          .execute();
        const componentId = `cmp_t${sbom}`;
        const component = [componentId, org.id, sbomId, null, 'library', null, 'lib', '1.0.0'];
        await insertRows(
          store.db,
          'sbom_components',
          [...COMPONENT_COLUMNS],
          [[...component, 'pkg:npm/lib@1.0.0', null, 'npm', 'lib', '[]', '[]', null, null, '[]', 0, null]],
          COMPONENT_PG_TYPES,
        );
        const rows = findings.map(([suffix, status, retracted]) => ({
          ...newFindingRow(
            org.id,
            sbomId,
            componentId,
            {
              vulnerabilityId: `CVE-2026-00${suffix}`,
              aliases: [],
              advisoryIds: [],
              fixedVersions: [],
              severity: { severity: 'HIGH', source: 'cvss_v3', cvssScore: 7, cvssVector: null },
            } as never,
            NOW,
          ),
          id: `fnd_t${suffix}`,
          status,
          retracted_at: retracted ? NOW : null,
        }));
        await insertFindings(store.db, rows, []);
      }

      const scope = { orgId: org.id, reach: new Set([assetOf.a!, assetOf.c!]) };
      const pages = async (limit: number, extra: object) => {
        const ids: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await services.findings.listPageWithTotal(scope, { limit, cursor, ...extra });
          assert.ok(page.findings.length <= limit);
          // The first page's total counts the whole reach, not the ids a probe took for this page.
          assert.equal(page.total, cursor ? null : EXPECTED.length, `total, limit ${limit}`);
          ids.push(...page.findings.map((f) => f.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return ids;
      };
      for (const limit of [1, 2, 3, 7, 50]) {
        assert.deepEqual(await pages(limit, {}), EXPECTED, `probed, limit ${limit}`);
        // Every severity: the same rows, through the walk (a filter the probe does not answer).
        assert.deepEqual(
          await pages(limit, { severity: 'CRITICAL,HIGH,MEDIUM,LOW' }),
          EXPECTED,
          `walk, ${limit}`,
        );
      }
    });

    it('probes only a plain newest-first page whose cost stays within the budget', () => {
      const sboms = (n: number) => new Set(Array.from({ length: n }, (_, i) => `sbom_${i}`));
      const plain = { status: 'open', limit: 50, cursor: 'x', severity: undefined };
      assert.equal(probesPay(plain, sboms(10)), true);
      assert.equal(probesPay(plain, null), false, 'whole organisation: the walk');
      assert.equal(probesPay(plain, sboms(0)), false);
      assert.equal(probesPay({ ...plain, sort: 'severity' }, sboms(10)), false);
      assert.equal(probesPay({ ...plain, severity: ['HIGH'] }, sboms(10)), false);
      assert.equal(probesPay({ ...plain, kev: true }, sboms(10)), false);
      assert.equal(probesPay({ status: 'open' }, sboms(10)), false, 'not paged');
      // 80 × 51 = 4,080 index entries at most: within 4,096; 81 × 51 = 4,131 is not.
      assert.equal(probesPay(plain, sboms(80)), true);
      assert.equal(probesPay(plain, sboms(81)), false);
      // SQLite's compound select: at most 256 SBOMs, however small the page.
      assert.equal(probesPay({ ...plain, limit: 1 }, sboms(256)), true);
      assert.equal(probesPay({ ...plain, limit: 1 }, sboms(257)), false);
    });
  });
}
