// Paths on findings and the upgrade plan over REST, on both dialects: a hand-built SBOM with a graph (a package
// that appears twice, reached through two direct dependencies), triage, a withdrawn advisory, another organisation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { schemaErrors, schemasSkip } from '../../test/support/json-schemas.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { parseKev } from '../vulndb/exploit-feeds.ts';
import { replaceKev } from '../vulndb/exploit.repository.ts';
import type { App } from '../http/app-type.ts';
import { FLAT, loadAdvisories, SHOP } from './remediation-fixture.ts';

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
      const { app, services, store } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const sbomId = await uploaded(app, org, SHOP);
      // lodash's two findings of GHSA-lo-0002 (named by its alias CVE-2021-23337) are KEV; the rest are not.
      const kev = { cveID: 'CVE-2021-23337', dateAdded: '2024-01-05', dueDate: '2024-01-26' };
      const catalog = JSON.stringify({ catalogVersion: '2024.01.05', vulnerabilities: [kev] });
      await replaceKev(store.db, parseKev(catalog, 'kev.json').entries);

      const findings: FindingJson[] = (await get(app, org, `/api/v1/sscs/findings?sbomId=${sbomId}`)).json()
        .data;
      const places = findings
        .map((f) => `${f.vulnerabilityId} ${f.component.purl} ${f.direct} ${JSON.stringify(f.paths)}`)
        .sort();
      assert.deepEqual(places, [
        `CVE-2021-23337 ${LODASH} false [["${KIT}","${LODASH}"],["${TOOLS}","${KIT}","${LODASH}"]]`,
        `CVE-2021-23337 ${LODASH} false [["${TOOLS}","${LODASH}"]]`,
        `GHSA-ji-0001 ${JINJA} true [["${JINJA}"]]`,
        // lodash appears twice: once under kit (two ways in), once under tools.
        ...['0001', '0001', '0003', '0003'].map((n, i) =>
          i % 2 === 0
            ? `GHSA-lo-${n} ${LODASH} false [["${KIT}","${LODASH}"],["${TOOLS}","${KIT}","${LODASH}"]]`
            : `GHSA-lo-${n} ${LODASH} false [["${TOOLS}","${LODASH}"]]`,
        ),
        `GO-tx-0001 ${TEXT} false [["${KIT}","${TEXT}"],["${TOOLS}","${KIT}","${TEXT}"]]`,
        `PYSEC-ji-0002 ${JINJA} true [["${JINJA}"]]`,
      ]);
      // The detail says the same as the list.
      const lodash = findings.find((f) => f.paths.length === 2 && f.vulnerabilityId === 'CVE-2021-23337')!;
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
            fixes: { total: 6, bySeverity: counts(2, 2, 0, 2), kev: 2 },
            remaining: 0,
            findingIds: ids('', LODASH).sort(), // all six, CVE-2021-23337's among them
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

    it(
      'exports say it: SARIF results carry direct, paths and upgradeTo; CycloneDX keeps the graph',
      { skip: schemasSkip() },
      async (t) => {
        const { app, services } = await build(t, dialect);
        await loadAdvisories(t, services);
        const org = await createOrg(services);
        const sbomId = await uploaded(app, org, SHOP);
        const sarif = JSON.parse(
          (await get(app, org, `/api/v1/sscs/sboms/${sbomId}/export?format=sarif`)).body,
        );
        assert.equal(schemaErrors('sarif', sarif), '');
        const text = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'GO-tx-0001');
        assert.deepEqual(text.properties, {
          status: 'open',
          severity: 'HIGH',
          severitySource: 'advisory',
          direct: false,
          paths: [
            [KIT, TEXT],
            [TOOLS, KIT, TEXT],
          ],
          upgradeTo: '0.3.8',
        });

        const bom = JSON.parse(
          (await get(app, org, `/api/v1/sscs/sboms/${sbomId}/export?format=cyclonedx`)).body,
        );
        assert.equal(schemaErrors('cyclonedx', bom), '');
        const refOf = new Map<string, string>();
        for (const c of bom.components as { purl: string; 'bom-ref': string }[])
          if (!refOf.has(c.purl)) refOf.set(c.purl, c['bom-ref']);
        const purlOf = new Map([...refOf].map(([purl, ref]) => [ref, purl]));
        const edges = (bom.dependencies as { ref: string; dependsOn?: string[] }[])
          .filter((d) => (d.dependsOn ?? []).length > 0)
          .map(
            (d) =>
              `${purlOf.get(d.ref) ?? d.ref} -> ${(d.dependsOn ?? [])
                .map((r) => purlOf.get(r) ?? 'lodash-b')
                .sort()
                .join(' ')}`,
          )
          .sort();
        assert.deepEqual(
          edges,
          [
            `${TOOLS} -> lodash-b ${KIT}`,
            `${KIT} -> ${TEXT} ${LODASH}`,
            `bulwark:subject -> ${KIT} ${TOOLS} ${JINJA}`,
          ].sort(),
        );
      },
    );

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

    it('plans a scanned file (POST /sscs/scan?remediation=true): findings say their paths, ids are vulnerability ids', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadAdvisories(t, services);
      const org = await createOrg(services);
      const form = new FormData();
      form.append('file', new Blob([SHOP]), 'shop.cdx.json');
      const request = new Response(form);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/scan?remediation=true',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')!, ...org.bearer('read') },
      });
      assert.equal(res.statusCode, 200, res.body);
      const data = res.json().data;
      const text = data.findings.find((f: { vulnerabilityId: string }) => f.vulnerabilityId === 'GO-tx-0001');
      assert.deepEqual(
        [text.direct, text.paths],
        [
          false,
          [
            [KIT, TEXT],
            [TOOLS, KIT, TEXT],
          ],
        ],
      );
      assert.deepEqual(
        data.remediation.map(
          (i: { purl: string; targetVersion: string; fixes: object; findingIds: string[] }) => [
            i.purl,
            i.targetVersion,
            i.fixes,
            i.findingIds,
          ],
        ),
        [
          [
            'pkg:npm/lodash',
            '4.17.21',
            { total: 6, bySeverity: counts(2, 2, 0, 2), kev: 0 },
            ['CVE-2021-23337', 'GHSA-lo-0001', 'GHSA-lo-0003'],
          ],
          [
            'pkg:pypi/jinja2',
            '2.11.3',
            { total: 2, bySeverity: counts(1, 0, 1, 0), kev: 0 },
            ['GHSA-ji-0001', 'PYSEC-ji-0002'],
          ],
          [
            'pkg:golang/golang.org/x/text',
            '0.3.8',
            { total: 1, bySeverity: counts(0, 1, 0, 0), kev: 0 },
            ['GO-tx-0001'],
          ],
        ],
      );
      // Without the parameter the scan answers as before.
      const again = new Response(form);
      const plain = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/scan',
        payload: Buffer.from(await again.arrayBuffer()),
        headers: { 'content-type': again.headers.get('content-type')!, ...org.bearer('read') },
      });
      assert.equal(plain.statusCode, 200, plain.body);
      assert.equal('remediation' in plain.json().data, false);
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
