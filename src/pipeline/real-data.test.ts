import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { schemaErrors } from '../../test/support/json-schemas.ts';
import { SHARED_DATA, sharedDataSkip } from '../../test/support/shared-data.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { formRequest } from './pipeline-fixture.ts';

/** Real SBOMs (syft and trivy SPDX, CycloneDX) against the real PyPI and Go advisories: scan = upload. */
const FILES: [path: string, name: string][] = [
  ['sboms/spdx/constellation-v2.2.2-golang.syft.spdx-2.2.json', 'constellation.spdx.json'],
  ['sboms/spdx/balenalib-amd64-alpine-python.syft.spdx-2.3.json', 'balena-syft.json'],
  ['sboms/spdx/balenalib-amd64-alpine-python.trivy.spdx-2.2.json', '-'],
  ['sboms/cyclonedx/juice-shop-npm.cdx-1.6.json', 'juice-shop.txt'],
];

type Keyed = {
  vulnerabilityId: string;
  severity: string;
  component: { name: string; version: string | null };
};
const key = (f: Keyed) => `${f.vulnerabilityId}|${f.severity}|${f.component.name}|${f.component.version}`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: real SBOMs and advisories`, { skip: sharedDataSkip('sboms', 'osv') }, () => {
    it('a scan finds what the upload stores; exports of a real SBOM validate', async (t) => {
      const { app, services } = await build(t, dialect);
      const osv = (name: string) => new URL(`osv/${name}`, SHARED_DATA).pathname;
      await services.vulndb.import([osv('PyPI-all.zip'), osv('Go-all.zip')]);
      const org = await createOrg(services);
      const counts: Record<string, number> = {};
      let constellation = '';
      for (const [path, name] of FILES) {
        const bytes = readFileSync(new URL(path, SHARED_DATA));
        const scan = await formRequest(app, org, '/api/v1/sscs/scan', [['file', bytes, name]]);
        assert.equal(scan.statusCode, 200, `${path}: ${scan.body.slice(0, 300)}`);
        const up = await formRequest(app, org, '/api/v1/sscs/sboms/upload', [['file', bytes, name]]);
        assert.equal(up.statusCode, 201, up.body);
        const sbom = up.json().data;
        const stored = await app.inject({
          method: 'GET',
          url: `/api/v1/sscs/findings?sbomId=${sbom.id}`,
          headers: org.bearer(),
        });
        const scanned = scan.json().data;
        assert.equal(scanned.componentCount, sbom.componentCount, path);
        assert.deepEqual(scanned.findings.map(key).sort(), stored.json().data.map(key).sort(), path);
        counts[path] = scanned.findings.length;
        if (path.includes('constellation')) constellation = sbom.id;
      }
      // Go modules of constellation have known advisories; the npm SBOM has none loaded and says so in coverage.
      assert.ok(counts[FILES[0]![0]]! > 0, JSON.stringify(counts));
      const npm = await formRequest(app, org, '/api/v1/sscs/scan', [
        ['file', readFileSync(new URL(FILES[3]![0], SHARED_DATA)), 'x.cdx.json'],
      ]);
      assert.deepEqual(
        npm.json().meta.coverage.find((c: { ecosystem: string }) => c.ecosystem === 'npm').advisories,
        0,
      );
      for (const format of ['cyclonedx', 'sarif', 'openvex'] as const) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/sscs/sboms/${constellation}/export?format=${format}`,
          headers: org.bearer(),
        });
        assert.equal(schemaErrors(format, res.json()), '', format);
      }
    });
  });
}
