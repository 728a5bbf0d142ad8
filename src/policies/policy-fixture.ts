// Test helpers of the policies tests: a small npm advisory feed and a CycloneDX SBOM whose components hit the
// license, security and operational conditions in known ways.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';

/** `vuln` below 2.0.0 is affected by GHSA-vuln-0001 (CVE-2026-0001, CVSS 7.5: HIGH, CWE-400). */
const FEED = [
  {
    schema_version: '1.6.0',
    id: 'GHSA-vuln-0001',
    modified: '2026-01-01T00:00:00Z',
    aliases: ['CVE-2026-0001'],
    summary: 'vuln can be crashed',
    database_specific: { cwe_ids: ['CWE-400'] },
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
    affected: [
      {
        package: { ecosystem: 'npm', name: 'vuln' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }],
      },
    ],
  },
];

export async function loadFeed(
  t: Pick<TestContext, 'after'>,
  services: { vulndb: { import(paths: string[]): Promise<unknown> } },
): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-policies-osv-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(FEED));
  return services.vulndb.import([dir]);
}

/**
 * left-pad (MIT), gpl-lib (GPL-2.0-or-later), dual (MIT OR GPL-3.0-only), vuln 1.0.0 (Apache-2.0, one HIGH
 * finding) and nolicense (no license, no version).
 */
export function policySbom(name = 'web-shop'): string {
  const c = (n: string, version: string | null, licenses: unknown[]) => ({
    type: 'library',
    'bom-ref': n,
    name: n,
    ...(version ? { version, purl: `pkg:npm/${n}@${version}` } : { purl: `pkg:npm/${n}` }),
    ...(licenses.length > 0 ? { licenses } : {}),
  });
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name, version: '1' } },
    components: [
      c('left-pad', '1.3.0', [{ license: { id: 'MIT' } }]),
      c('gpl-lib', '2.0.0', [{ expression: 'GPL-2.0-or-later' }]),
      c('dual', '1.0.0', [{ expression: 'MIT OR GPL-3.0-only' }]),
      c('vuln', '1.0.0', [{ license: { id: 'Apache-2.0' } }]),
      c('nolicense', null, []),
    ],
  });
}
