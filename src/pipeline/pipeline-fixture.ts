// Test helpers of the pipeline tests: a small advisory feed (PyPI + Go), SBOMs that hit it, multipart requests.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { TestOrg } from '../../test/support/app.ts';
import type { App } from '../http/app-type.ts';

const advisory = (id: string, over: Record<string, unknown>) => ({
  schema_version: '1.6.0',
  id,
  modified: '2024-01-01T00:00:00Z',
  summary: `${id} summary`,
  references: [{ type: 'ADVISORY', url: `https://example.com/${id}` }],
  ...over,
});
const pkg = (ecosystem: string, name: string, introduced: string, fixed: string) => ({
  package: { ecosystem, name },
  ranges: [{ type: ecosystem === 'Go' ? 'SEMVER' : 'ECOSYSTEM', events: [{ introduced }, { fixed }] }],
});

export const ADVISORIES = [
  advisory('GHSA-jinja-0001', {
    aliases: ['CVE-2019-10906'],
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [pkg('PyPI', 'jinja2', '0', '2.10.1')],
  }),
  advisory('PYSEC-2020-0002', {
    affected: [pkg('PyPI', 'jinja2', '0', '2.11.3')],
    database_specific: { severity: 'MODERATE' },
  }),
  advisory('GO-2022-0001', {
    aliases: ['CVE-2022-32149'],
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
    affected: [pkg('Go', 'golang.org/x/text', '0', '0.3.8')],
  }),
];

/** Loads ADVISORIES into the store. */
export async function loadAdvisories(
  t: Pick<TestContext, 'after'>,
  services: { vulndb: { import(paths: string[]): Promise<unknown> } },
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-pipeline-osv-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(ADVISORIES));
  await services.vulndb.import([dir]);
}

/** A CycloneDX 1.5 SBOM of web-shop with jinja2 and x/text at the given versions (plus an unmatched one). */
export function shopSbom(jinja: string, xText: string, extra: [string, string][] = []): string {
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name: 'web-shop', version: '1' } },
    components: [
      { type: 'library', name: 'Jinja2', version: jinja, purl: `pkg:pypi/jinja2@${jinja}` },
      {
        type: 'library',
        name: 'golang.org/x/text',
        version: xText,
        purl: `pkg:golang/golang.org/x/text@${xText}`,
      },
      { type: 'library', name: 'requests', version: '2.31.0', purl: 'pkg:pypi/requests@2.31.0' },
      ...extra.map(([name, version]) => ({
        type: 'library',
        name,
        version,
        purl: `pkg:npm/${name}@${version}`,
      })),
    ],
  });
}

type Part = [name: string, value: string] | [name: string, content: string | Uint8Array, fileName: string];

export async function formRequest(app: App, org: TestOrg, url: string, parts: Part[], token = 'all') {
  const form = new FormData();
  for (const part of parts) {
    if (part.length === 2) form.append(part[0], part[1]);
    else form.append(part[0], new Blob([part[1]]), part[2]);
  }
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer(token) },
  });
}

export const upload = (app: App, org: TestOrg, content: string, fields: [string, string][] = []) =>
  formRequest(app, org, '/api/v1/sscs/sboms/upload', [['file', content, 'bom.cdx.json'], ...fields]);
