// Test data of the remediation tests: advisories (npm, PyPI, Go; one withdrawn) and an SBOM whose graph has a
// package twice, reached through two direct dependencies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';

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

export const ADVISORIES = [
  advisory('GHSA-lo-0001', 'npm', 'lodash', 'HIGH', [{ introduced: '0' }, { fixed: '4.17.19' }]),
  // Its alias is in the KEV catalog of the plan test: the plan counts it as KEV through the alias.
  advisory('GHSA-lo-0002', 'npm', 'lodash', 'CRITICAL', [{ introduced: '0' }, { fixed: '4.17.21' }], {
    aliases: ['CVE-2021-23337'],
  }),
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
export const SHOP = JSON.stringify({
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
export const FLAT = JSON.stringify({ ...JSON.parse(SHOP), dependencies: undefined });

/** Loads ADVISORIES into the store. */
export async function loadAdvisories(
  t: Pick<TestContext, 'after'>,
  services: { vulndb: { import(paths: string[]): Promise<unknown> } },
) {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-remediation-osv-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(ADVISORIES));
  await services.vulndb.import([dir]);
}
