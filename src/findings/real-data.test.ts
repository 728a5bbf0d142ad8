import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import type { App } from '../http/app-type.ts';
import { SHARED_DATA, sharedDataSkip } from '../../test/support/shared-data.ts';

const DATA = fileURLToPath(SHARED_DATA);
const skip = sharedDataSkip('osv', 'sboms');
const ZIPS = [`${DATA}osv/PyPI-all.zip`, `${DATA}osv/Go-all.zip`];

async function upload(app: App, org: TestOrg, content: string | Uint8Array, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/sscs/sboms/upload',
    payload,
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer() },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data as { id: string; componentCount: number; findingCount: number };
}

interface FindingJson {
  vulnerabilityId: string;
  aliases: string[];
  severity: string;
  severitySource: string;
  cvssScore: number | null;
  fixedVersions: string[];
  component: { name: string; version: string };
}

async function findingsOf(app: App, org: TestOrg, sbomId: string): Promise<FindingJson[]> {
  return (
    await app.inject({ url: `/api/v1/sscs/findings?sbomId=${sbomId}`, headers: org.bearer('read') })
  ).json().data;
}

/** `name@version` → sorted "vulnerabilityId (GO id)" of its findings (one entry per component instance). */
function byComponent(findings: FindingJson[], names: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of findings) {
    if (!names.includes(f.component.name)) continue;
    const key = `${f.component.name}@${f.component.version}`;
    const go = f.aliases.filter((a) => a.startsWith('GO-')).join(',');
    (out[key] ??= []).push(go ? `${f.vulnerabilityId} (${go})` : f.vulnerabilityId);
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: findings from the real OSV feeds and SBOMs`, () => {
    it(
      'imports PyPI and Go, matches the Go SBOMs exactly as checked by hand, re-import changes nothing',
      { skip },
      async (t) => {
        const { app, services } = await build(t, dialect);
        const org = await createOrg(services);
        const imported = await services.vulndb.import(ZIPS);
        assert.deepEqual(
          [imported.added, imported.updated, imported.withdrawn, imported.rejected, imported.warnings.length],
          // One warning for each of the 7 PyPI advisories whose GIT ranges break the schema.
          [6952, 0, 27, [], 7],
        );

        // proton-bridge v1.8.0 (CycloneDX). Each set was checked against the advisories' SEMVER ranges:
        // gin 1.4.0 < 1.6.0 (GO-2020-0001), < 1.7.7 (GO-2021-0052), in [1.3.1-0.2019…, 1.9.1) (GO-2023-1737);
        // x/text's pseudo-version 0.3.5-0.2020… is past fixed 0.3.3 (GO-2020-0015) but before 0.3.7, 0.3.8, 0.39.0;
        // jwt-go has no fix; logrus 1.7.0 is in the first window [0, 1.8.3) of GO-2025-4188.
        const proton = await upload(
          app,
          org,
          readFileSync(`${DATA}sboms/cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json`),
          'proton-bridge.bom.json',
        );
        assert.deepEqual([proton.componentCount, proton.findingCount], [201, 58]);
        const protonFindings = await findingsOf(app, org, proton.id);
        assert.equal(protonFindings.length, 58);
        assert.deepEqual(
          byComponent(protonFindings, [
            'github.com/gin-gonic/gin',
            'golang.org/x/text',
            'github.com/dgrijalva/jwt-go',
            'github.com/sirupsen/logrus',
            'github.com/labstack/echo/v4',
            'gopkg.in/yaml.v3',
            'github.com/valyala/fasthttp',
          ]),
          {
            'github.com/gin-gonic/gin@v1.4.0': [
              'CVE-2020-28483 (GO-2021-0052)',
              'CVE-2020-36567 (GO-2020-0001)',
              'CVE-2023-29401 (GO-2023-1737)',
            ],
            'golang.org/x/text@v0.3.5-0.20201125200606-c27b9fd57aec': [
              'CVE-2021-38561 (GO-2021-0113)',
              'CVE-2022-32149 (GO-2022-1059)',
              'CVE-2026-56852 (GO-2026-5970)',
            ],
            'github.com/dgrijalva/jwt-go@v3.2.0': ['CVE-2020-26160 (GO-2020-0017)'],
            'github.com/sirupsen/logrus@v1.7.0': ['CVE-2025-65637 (GO-2025-4188)'],
            'github.com/labstack/echo/v4@v4.1.11': [
              'CVE-2020-36565 (GO-2021-0051)',
              'CVE-2022-40083 (GO-2022-1031)',
            ],
            'gopkg.in/yaml.v3@v3.0.0-20200313102051-9f266ea9e77c': ['CVE-2022-28948 (GO-2022-0603)'],
            // GO-2026-4950 has no aliases: its own id names the vulnerability.
            'github.com/valyala/fasthttp@v1.6.0': ['CVE-2022-21221 (GO-2022-0355)', 'GO-2026-4950'],
          },
        );
        const gin = protonFindings.find((f) => f.vulnerabilityId === 'CVE-2020-36567')!;
        // Go's feed carries no severity and no alias advisory here has any: the documented default.
        assert.deepEqual(
          [gin.aliases, gin.severity, gin.severitySource, gin.cvssScore, gin.fixedVersions],
          [['GHSA-6vm3-jj99-7229', 'GO-2020-0001'], 'MEDIUM', 'default', null, ['1.6.0']],
        );

        // constellation v2.2.2 (SPDX 2.2, syft): the same module appears once per binary, each a component.
        const constellation = await upload(
          app,
          org,
          readFileSync(`${DATA}sboms/spdx/constellation-v2.2.2-golang.syft.spdx-2.2.json`),
          'constellation.spdx.json',
        );
        assert.deepEqual([constellation.componentCount, constellation.findingCount], [1303, 688]);
        const cFindings = await findingsOf(app, org, constellation.id);
        const sample = byComponent(cFindings, [
          'github.com/sirupsen/logrus',
          'golang.org/x/text',
          'github.com/docker/cli',
        ]);
        // logrus 1.9.0 is in GO-2025-4188's second window [1.9.0, 1.9.1); x/text 0.4.0 is past 0.3.8, before 0.39.0;
        // docker/cli v20.10.17+incompatible (build metadata ignored) is before GO-2026-4610's fix.
        assert.deepEqual(
          sample['github.com/sirupsen/logrus@v1.9.0'],
          Array(7).fill('CVE-2025-65637 (GO-2025-4188)'),
        );
        assert.deepEqual(sample['golang.org/x/text@v0.4.0'], Array(5).fill('CVE-2026-56852 (GO-2026-5970)'));
        assert.deepEqual(sample['golang.org/x/text@v0.3.8-0.20211004125949-5bd84dd9b33b'], [
          'CVE-2022-32149 (GO-2022-1059)',
          'CVE-2022-32149 (GO-2022-1059)',
          'CVE-2026-56852 (GO-2026-5970)',
          'CVE-2026-56852 (GO-2026-5970)',
        ]);
        assert.deepEqual(sample['github.com/docker/cli@v20.10.17+incompatible'], [
          'CVE-2025-15558 (GO-2026-4610)',
          'CVE-2025-15558 (GO-2026-4610)',
        ]);

        // PyPI with CVSS: apache-atlas 0.0.15 is listed by all 7 advisories (no fix); two score 7.5 (HIGH), five 6.1.
        const bom = JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          components: [
            {
              type: 'library',
              name: 'apache-atlas',
              version: '0.0.15',
              purl: 'pkg:pypi/apache-atlas@0.0.15',
            },
            { type: 'library', name: 'Jinja2', version: '2.10', purl: 'pkg:pypi/Jinja2@2.10' },
          ],
        });
        const py = await upload(app, org, bom, 'py.cdx.json');
        const pyFindings = await findingsOf(app, org, py.id);
        assert.deepEqual(
          pyFindings
            .map((f) => `${f.component.name} ${f.vulnerabilityId} ${f.severity} ${f.cvssScore ?? '-'}`)
            .sort(),
          [
            'Jinja2 CVE-2019-10906 MEDIUM -',
            'Jinja2 CVE-2020-28493 MEDIUM -',
            'apache-atlas CVE-2016-8752 HIGH 7.5',
            'apache-atlas CVE-2017-3150 MEDIUM 6.1',
            'apache-atlas CVE-2017-3151 MEDIUM 6.1',
            'apache-atlas CVE-2017-3152 MEDIUM 6.1',
            'apache-atlas CVE-2017-3153 MEDIUM 6.1',
            'apache-atlas CVE-2017-3154 HIGH 7.5',
            'apache-atlas CVE-2017-3155 MEDIUM 6.1',
          ],
        );

        const check = await services.vulndb.check('pkg:golang/github.com/sirupsen/logrus@v1.9.0');
        assert.deepEqual(
          check.advisories.map((a) => [a.id, a.why]),
          [['GO-2025-4188', 'SEMVER range #0: introduced 1.9.0, fixed 1.9.1']],
        );

        const again = await services.vulndb.import(ZIPS);
        assert.deepEqual([again.added, again.updated, again.unchanged, again.rematch], [0, 0, 6952, null]);
        const summary = (
          await app.inject({ url: '/api/v1/sscs/findings/summary', headers: org.bearer('read') })
        ).json().data;
        assert.deepEqual(summary, { CRITICAL: 0, HIGH: 2, MEDIUM: 753, LOW: 0, total: 755, kev: 0 });
      },
    );
  });
}
