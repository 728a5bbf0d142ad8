import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { insertMany } from '../db/helpers.ts';
import type { App } from '../http/app-type.ts';
import type { Services } from '../services.ts';
import type { Store } from '../db/connect.ts';
import { postureSummary } from '../governance/posture/posture.service.ts';

/**
 * Seven open findings with ties in every order (and one fixed finding no list shows). The expected orders below
 * were worked out by hand from each sort's definition (docs/pipeline.md, "Findings queries").
 *
 * |    | vulnerability (aliases)         | sev      | cvss | created    | package     | EPSS         | KEV |
 * | f1 | CVE-2024-0001                   | HIGH     | 7.5  | 2026-01-01 | alpha 1.0   | 0.25         |     |
 * | f2 | GHSA-aaaa-0002 (CVE-2024-0002)  | CRITICAL | 9.8  | 2026-01-02 | beta 2.0    | 0.5 (alias)  | yes (alias) |
 * | f3 | CVE-2024-0003                   | MEDIUM   | 5.0  | 2026-01-01 | alpha 1.0   | 0.9          | yes |
 * | f4 | CVE-2024-0001                   | HIGH     | 7.5  | 2026-01-03 | Zeta 1.0    | 0.25         |     |
 * | f5 | PYSEC-2024-5                    | LOW      | —    | 2026-01-02 | alpha (none)| —            |     |
 * | f6 | CVE-2024-0006 (GHSA-x)          | MEDIUM   | 6.0  | 2026-01-03 | beta 10.0   | 0.5          |     |
 * | f7 | CVE-2024-0007                   | HIGH     | 7.0  | 2026-01-04 | gamma 1.0   | —            |     |
 *
 * Priority: KEV f2 (0.5 + 1 = 1.5), f3 (0.9 + 0.5 = 1.4); then f1, f4 and f6 all 1.0 (0.25 + 0.75, 0.5 + 0.5):
 * CVSS 7.5 puts f4 and f1 (tied on everything: newest id first) before f6 (6.0); f7 0.75; f5 0.25.
 */
const ROWS = [
  ['f1', 'CVE-2024-0001', [], 'HIGH', 7.5, '2026-01-01', 'alpha', '1.0'],
  ['f2', 'GHSA-aaaa-0002', ['CVE-2024-0002'], 'CRITICAL', 9.8, '2026-01-02', 'beta', '2.0'],
  ['f3', 'CVE-2024-0003', [], 'MEDIUM', 5.0, '2026-01-01', 'alpha', '1.0'],
  ['f4', 'CVE-2024-0001', [], 'HIGH', 7.5, '2026-01-03', 'Zeta', '1.0'],
  ['f5', 'PYSEC-2024-5', [], 'LOW', null, '2026-01-02', 'alpha', null],
  ['f6', 'CVE-2024-0006', ['GHSA-x'], 'MEDIUM', 6.0, '2026-01-03', 'beta', '10.0'],
  ['f7', 'CVE-2024-0007', [], 'HIGH', 7.0, '2026-01-04', 'gamma', '1.0'],
] as const;
const EPSS = { 'CVE-2024-0001': 0.25, 'CVE-2024-0002': 0.5, 'CVE-2024-0003': 0.9, 'CVE-2024-0006': 0.5 };
const KEV = ['CVE-2024-0002', 'CVE-2024-0003'];

const EXPECTED: Record<string, string[]> = {
  '': ['f7', 'f6', 'f5', 'f4', 'f3', 'f2', 'f1'],
  priority: ['f2', 'f3', 'f4', 'f1', 'f6', 'f7', 'f5'],
  severity: ['f2', 'f7', 'f4', 'f1', 'f6', 'f3', 'f5'],
  '-severity': ['f5', 'f3', 'f6', 'f1', 'f4', 'f7', 'f2'],
  '-createdAt': ['f7', 'f6', 'f4', 'f5', 'f2', 'f3', 'f1'],
  createdAt: ['f1', 'f3', 'f2', 'f5', 'f4', 'f6', 'f7'],
  // Unscored findings last in both directions.
  epss: ['f3', 'f6', 'f2', 'f4', 'f1', 'f7', 'f5'],
  '-epss': ['f1', 'f4', 'f2', 'f6', 'f3', 'f5', 'f7'],
  // Code point order: upper-case ids and names before lower-case ones, on both dialects.
  vulnerability: ['f1', 'f4', 'f3', 'f6', 'f7', 'f2', 'f5'],
  '-vulnerability': ['f5', 'f2', 'f7', 'f6', 'f3', 'f4', 'f1'],
  // Name, then version as text: no version first, '10.0' before '2.0'.
  package: ['f4', 'f5', 'f1', 'f3', 'f6', 'f2', 'f7'],
  '-package': ['f7', 'f2', 'f6', 'f3', 'f1', 'f5', 'f4'],
};

/** Finding ids that sort as their labels do (f1 < f2 < …), so "newest id first" is f7 before f1. */
const findingId = (label: string) => `fnd_test_${label}`;
const labelOf = (id: string) => id.slice('fnd_test_'.length);

async function seed(store: Store, services: Services, org: TestOrg): Promise<void> {
  const sbom = await services.sboms.create(org.id, 'system', { name: 'sorted-app', version: '1.0' });
  const finding = (label: string, row: (typeof ROWS)[number] | undefined, status: string) => {
    const [, vulnerabilityId, aliases, severity, cvss, created, , version] = row!;
    return {
      id: findingId(label),
      org_id: org.id,
      sbom_id: sbom.id,
      component_id: `cmp_test_${label}`,
      vulnerability_id: vulnerabilityId,
      aliases: JSON.stringify(aliases),
      advisory_ids: JSON.stringify([vulnerabilityId]),
      summary: null,
      severity,
      severity_source: cvss === null ? 'advisory' : 'cvss_v3',
      cvss_score: cvss,
      cvss_vector: null,
      fixed_versions: '[]',
      refs: '[]',
      match_reasons: '[]',
      status,
      remediation_notes: null,
      created_at: `${created}T00:00:00.000Z`,
      updated_at: `${created}T00:00:00.000Z`,
      status_changed_at: `${created}T00:00:00.000Z`,
      retracted_at: null,
      retraction_reason: null,
      version,
    };
  };
  const component = (label: string, name: string, version: string | null) => ({
    id: `cmp_test_${label}`,
    org_id: org.id,
    sbom_id: sbom.id,
    bom_ref: null,
    type: 'library',
    group_name: null,
    name,
    version,
    purl: `pkg:pypi/${name.toLowerCase()}${version ? `@${version}` : ''}`,
    cpe: null,
    ecosystem: 'PyPI',
    package_key: `PyPI:${name.toLowerCase()}`,
    licenses: '[]',
    hashes: '[]',
    supplier: null,
    scope: null,
    depends_on: '[]',
    position: 0,
  });
  await insertMany(store.db, 'sbom_components', [
    ...ROWS.map(([label, , , , , , name, version]) => component(label, name, version)),
    component('f8', 'alpha', '1.0'),
  ]);
  const rows = [
    ...ROWS.map((row) => finding(row[0], row, 'open')),
    // A fixed finding, newest of all and in KEV: no open list shows or counts it.
    { ...finding('f8', ROWS[1], 'fixed'), created_at: '2026-02-01T00:00:00.000Z' },
  ].map(({ version: _version, ...row }) => row);
  await insertMany(store.db, 'findings', rows);
  await insertMany(
    store.db,
    'vuln_epss',
    Object.entries(EPSS).map(([cve, score]) => ({
      cve_id: cve,
      score,
      percentile: score,
      score_date: '2026-01-05',
    })),
  );
  await insertMany(
    store.db,
    'vuln_kev',
    KEV.map((cve) => ({
      cve_id: cve,
      date_added: '2026-01-05',
      due_date: null,
      ransomware: 'Unknown',
      vendor_project: null,
      product: null,
      name: null,
    })),
  );
}

interface Page {
  data: { id: string }[];
  meta: { nextCursor: string | null; total: number } | null;
}

const get = async (app: App, org: TestOrg, query: string): Promise<Page> => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/sscs/findings?${query}`,
    headers: org.bearer(),
  });
  assert.equal(res.statusCode, 200, `${query}: ${res.body}`);
  return res.json();
};

/** Every page of `limit` in order: the ids, the page count, and each page's `meta.total` (first page only). */
async function walk(app: App, org: TestOrg, query: string, limit: number) {
  const ids: string[] = [];
  const totals: (number | null)[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await get(app, org, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.data.map((f) => labelOf(f.id)));
    totals.push(page.meta!.total);
    cursor = page.meta!.nextCursor;
    pages++;
    assert.ok(pages <= 10, `${query}: the cursor never ends`);
  } while (cursor);
  return { ids, pages, totals };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: findings orders and keyset paging`, () => {
    it('gives each order the same sequence whole and in pages of 2 and 3, ties broken by id', async (t) => {
      const { app, store, services } = await build(t, dialect);
      const org = await createOrg(services);
      await seed(store, services, org);

      for (const [sort, expected] of Object.entries(EXPECTED)) {
        const query = sort ? `sort=${sort}` : 'status=open';
        const whole = await get(app, org, query);
        assert.equal(whole.meta, null, `${query}: no paging unless asked`);
        assert.deepEqual(
          whole.data.map((f) => labelOf(f.id)),
          expected,
          `${query}, whole`,
        );
        for (const [limit, pages] of [
          [2, 4],
          [3, 3],
        ] as const) {
          assert.deepEqual(
            await walk(app, org, query, limit),
            { ids: expected, pages, totals: [7, ...Array<null>(pages - 1).fill(null)] },
            `${query}, pages of ${limit}`,
          );
        }
      }
    });

    it("posture_summary's findings figures, read with its counts in one statement, are summary()'s and the EPSS count's", async (t) => {
      const { store, services } = await build(t, dialect);
      const org = await createOrg(services);
      await seed(store, services, org);
      const posture = await postureSummary(store.db, org.id, services);
      // By hand from the table above: f8 is fixed; KEV f2 (alias) and f3; EPSS ≥ 0.1 all scored but f5 and f7.
      const expected = { CRITICAL: 1, HIGH: 3, MEDIUM: 2, LOW: 1, total: 7, kev: 2, highEpss: 5 };
      assert.deepEqual(posture.findings, expected);
      const scope = { orgId: org.id, reach: null };
      assert.deepEqual(posture.findings, {
        ...(await services.findings.summary(scope)),
        highEpss: await services.findings.countOpenWithEpss(scope, 0.1),
      });
    });

    it('pages a filtered order with its total, and refuses a cursor of another order', async (t) => {
      const { app, store, services } = await build(t, dialect);
      const org = await createOrg(services);
      await seed(store, services, org);

      // HIGH only, by package: Zeta (f4), alpha (f1), gamma (f7).
      assert.deepEqual(await walk(app, org, 'severity=HIGH&sort=package', 2), {
        ids: ['f4', 'f1', 'f7'],
        pages: 2,
        totals: [3, null],
      });
      assert.deepEqual(await walk(app, org, 'kev=true&sort=priority', 1), {
        ids: ['f2', 'f3'],
        pages: 2,
        totals: [2, null],
      });
      const other = await createOrg(services);
      assert.deepEqual(await get(app, other, 'sort=epss&limit=2'), {
        data: [],
        error: null,
        meta: { nextCursor: null, total: 0 },
      });

      // A package cursor holds two keys and the id; severity's holds one key and the id.
      const cursor = (await get(app, org, 'sort=package&limit=2')).meta!.nextCursor!;
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/sscs/findings?sort=severity&limit=2&cursor=${cursor}`,
        headers: org.bearer(),
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().error.code, 'VALIDATION_FAILED');
    });
  });
}
