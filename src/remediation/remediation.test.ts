// Paths on findings and the upgrade plan over REST, on both dialects: a hand-built SBOM with a graph (a package
// that appears twice, reached through two direct dependencies), triage, a withdrawn advisory, another organisation.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import type { App } from '../http/app-type.ts';
import type { Services } from '../services.ts';

const advisory = (
  id: string,
  ecosystem: string,
  name: string,
  label: string,
  events: object[],
  more = {},
) => ({
  schema_version: '1.6.0',
  id,
  modified: '2024-01-01T00:00:00Z',
  database_specific: { severity: label },
  affected: [{ package: { ecosystem, name }, ranges: [{ type: 'ECOSYSTEM', events }] }],
  ...more,
});

const ADVISORIES = [
  advisory('GHSA-lo-0001', 'npm', 'lodash', 'HIGH', [{ introduced: '0' }, { fixed: '4.17.19' }]),
  advisory('GHSA-lo-0002', 'npm', 'lodash', 'CRITICAL', [{ introduced: '0' }, { fixed: '4.17.21' }]),
  advisory('GHSA-lo-0003', 'npm', 'lodash', 'LOW', [{ introduced: '4.0.0' }, { last_affected: '4.17.20' }]),
  advisory('GHSA-ji-0001', 'PyPI', 'jinja2', 'CRITICAL', [{ introduced: '0' }, { fixed: '2.10.1' }]),
  advisory('PYSEC-ji-0002', 'PyPI', 'jinja2', 'MODERATE', [{ introduced: '0' }, { fixed: '2.11.3' }]),
  advisory('GO-tx-0001', 'Go', 'golang.org/x/text', 'HIGH', [{ introduced: '0' }, { fixed: '0.3.8' }]),
  // Withdrawn: matches nothing and names no target.
  advisory('GHSA-kit-0001', 'npm', 'app-kit', 'CRITICAL', [{ introduced: '0' }, { fixed: '3.0.0' }], {
    withdrawn: '2024-02-01T00:00:00Z',
  }),
];

const cmp = (ref: string, purl: string) => {
  const [name, version] = purl.slice(purl.lastIndexOf('/') + 1).split('@');
  return { type: 'library', 'bom-ref': ref, name, version, purl };
};

/** shop → kit, jinja, tools; kit → lodash, text; tools → kit, lodash-b (lodash again, the same version). */
const SHOP = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { type: 'application', 'bom-ref': 'shop', name: 'shop', version: '1' } },
  components: [
    cmp('kit', 'pkg:npm/app-kit@2.0.0'),
    cmp('lodash', 'pkg:npm/lodash@4.17.15'),
    cmp('jinja', 'pkg:pypi/jinja2@2.10'),
    cmp('text', 'pkg:golang/golang.org/x/text@v0.3.7'),
    cmp('tools', 'pkg:npm/build-tools@1.0.0'),
    cmp('lodash-b', 'pkg:npm/lodash@4.17.15'),
  ],
  dependencies: [
    { ref: 'shop', dependsOn: ['kit', 'jinja', 'tools'] },
    { ref: 'kit', dependsOn: ['lodash', 'text'] },
    { ref: 'tools', dependsOn: ['kit', 'lodash-b'] },
  ],
});

/** The same components, no dependency graph. */
const FLAT = JSON.stringify({ ...JSON.parse(SHOP), dependencies: undefined });

async function loadAdvisories(t: TestContext, services: Services) {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-remediation-osv-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(ADVISORIES));
  await services.vulndb.import([dir]);
}

async function uploaded(app: App, org: TestOrg, content: string): Promise<string> {
  const res = await uploadFile(app, org, content, 'bom.cdx.json');
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.id;
}

const get = (app: App, org: TestOrg, url: string, token = 'read') =>
  app.inject({ method: 'GET', url, headers: org.bearer(token) });

interface FindingJson {
  id: string;
  vulnerabilityId: string;
  component: { purl: string };
  direct: boolean | null;
  paths: string[][];
}

const counts = (CRITICAL: number, HIGH: number, MEDIUM: number, LOW: number) => ({
  CRITICAL,
  HIGH,
  MEDIUM,
  LOW,
});
const KIT = 'pkg:npm/app-kit@2.0.0';
const TOOLS = 'pkg:npm/build-tools@1.0.0';
const LODASH = 'pkg:npm/lodash@4.17.15';
const TEXT = 'pkg:golang/golang.org/x/text@v0.3.7';
const JINJA = 'pkg:pypi/jinja2@2.10';

for (const dialect of DIALECTS) {
  describe(`${dialect}: remediation`, () => {
    it('gives each finding direct and its shortest paths, and the ranked plan without triaged findings', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const sbomId = await uploaded(app, org, SHOP);

      const findings: FindingJson[] = (await get(app, org, `/api/v1/sscs/findings?sbomId=${sbomId}`)).json()
        .data;
      const places = findings
        .map((f) => `${f.vulnerabilityId} ${f.component.purl} ${f.direct} ${JSON.stringify(f.paths)}`)
        .sort();
      assert.deepEqual(places, [
        `GHSA-ji-0001 ${JINJA} true [["${JINJA}"]]`,
        // lodash appears twice: once under kit (two ways in), once under tools.
        ...['0001', '0001', '0002', '0002', '0003', '0003'].map((n, i) =>
          i % 2 === 0
            ? `GHSA-lo-${n} ${LODASH} false [["${KIT}","${LODASH}"],["${TOOLS}","${KIT}","${LODASH}"]]`
            : `GHSA-lo-${n} ${LODASH} false [["${TOOLS}","${LODASH}"]]`,
        ),
        `GO-tx-0001 ${TEXT} false [["${KIT}","${TEXT}"],["${TOOLS}","${KIT}","${TEXT}"]]`,
        `PYSEC-ji-0002 ${JINJA} true [["${JINJA}"]]`,
      ]);
      // The detail says the same as the list.
      const lodash = findings.find((f) => f.paths.length === 2 && f.vulnerabilityId === 'GHSA-lo-0002')!;
      const detail = (await get(app, org, `/api/v1/sscs/findings/${lodash.id}`)).json().data;
      assert.deepEqual([detail.direct, detail.paths], [false, lodash.paths]);

      // Triage: the PYSEC finding does not count any more, so 2.10.1 (not 2.11.3) is jinja2's target.
      const pysec = findings.find((f) => f.vulnerabilityId === 'PYSEC-ji-0002')!;
      const triaged = await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${pysec.id}/status`,
        headers: org.bearer(),
        payload: { status: 'accepted_risk' },
      });
      assert.equal(triaged.statusCode, 200, triaged.body);

      const res = await get(app, org, `/api/v1/sscs/sboms/${sbomId}/remediation`);
      assert.equal(res.statusCode, 200, res.body);
      const ids = (vuln: string, purl: string) =>
        findings
          .filter((f) => f.vulnerabilityId.startsWith(vuln) && f.component.purl === purl)
          .map((f) => f.id);
      assert.deepEqual(res.json(), {
        data: [
          {
            purl: 'pkg:npm/lodash',
            currentVersion: '4.17.15',
            targetVersion: '4.17.21',
            targetAbove: null,
            fixes: { total: 6, bySeverity: counts(2, 2, 0, 2), kev: 0 },
            remaining: 0,
            findingIds: ids('GHSA-lo', LODASH).sort(),
            introducedBy: [KIT, TOOLS],
          },
          {
            purl: 'pkg:pypi/jinja2',
            currentVersion: '2.10',
            targetVersion: '2.10.1',
            targetAbove: null,
            fixes: { total: 1, bySeverity: counts(1, 0, 0, 0), kev: 0 },
            remaining: 0,
            findingIds: ids('GHSA-ji', JINJA),
            introducedBy: [JINJA],
          },
          {
            purl: 'pkg:golang/golang.org/x/text',
            currentVersion: 'v0.3.7',
            targetVersion: '0.3.8',
            targetAbove: null,
            fixes: { total: 1, bySeverity: counts(0, 1, 0, 0), kev: 0 },
            remaining: 0,
            findingIds: ids('GO-tx', TEXT),
            introducedBy: [KIT, TOOLS],
          },
        ],
        error: null,
        meta: null,
      });
    });

    it('still plans an SBOM without a graph (introducedBy empty; findings direct null, paths [])', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const sbomId = await uploaded(app, org, FLAT);
      const findings: FindingJson[] = (await get(app, org, `/api/v1/sscs/findings?sbomId=${sbomId}`)).json()
        .data;
      assert.deepEqual(
        new Set(findings.map((f) => JSON.stringify([f.direct, f.paths]))),
        new Set(['[null,[]]']),
      );
      const plan = (await get(app, org, `/api/v1/sscs/sboms/${sbomId}/remediation`)).json().data;
      assert.deepEqual(
        plan.map(
          (i: { purl: string; targetVersion: string; fixes: { total: number }; introducedBy: string[] }) => [
            i.purl,
            i.targetVersion,
            i.fixes.total,
            i.introducedBy,
          ],
        ),
        [
          ['pkg:npm/lodash', '4.17.21', 6, []],
          ['pkg:pypi/jinja2', '2.11.3', 2, []],
          ['pkg:golang/golang.org/x/text', '0.3.8', 1, []],
        ],
      );
    });

    it('answers 404 for another organisation’s SBOM and a missing one, 403 without sbom:read, 400 on a query', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const sbomId = await uploaded(app, org, SHOP);
      const otherRes = await get(app, other, `/api/v1/sscs/sboms/${sbomId}/remediation`);
      assert.equal(otherRes.statusCode, 404);
      assert.equal(otherRes.json().error.code, 'NOT_FOUND');
      assert.match(otherRes.json().error.message, new RegExp(sbomId));
      assert.equal((await get(app, org, '/api/v1/sscs/sboms/sbom_missing/remediation')).statusCode, 404);
      assert.equal(
        (await get(app, org, `/api/v1/sscs/sboms/${sbomId}/remediation`, 'write')).statusCode,
        403,
      );
      const bad = await get(app, org, `/api/v1/sscs/sboms/${sbomId}/remediation?limit=5`);
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error.code, 'VALIDATION_FAILED');
      // Nothing vulnerable (no advisories loaded): an empty plan.
      assert.deepEqual((await get(app, org, `/api/v1/sscs/sboms/${sbomId}/remediation`)).json().data, []);
    });
  });
}
