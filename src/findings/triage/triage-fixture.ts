// Test helpers of the triage tests: five npm advisories (one per package a–e, severity HIGH through CVSS 3.1, the
// last without any score), an SBOM of an asset holding the five packages, and the calls the tests repeat.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { TestOrg } from '../../../test/support/app.ts';
import type { App } from '../../http/app-type.ts';

export const PACKAGES = ['pkg-a', 'pkg-b', 'pkg-c', 'pkg-d', 'pkg-e'] as const;
/** CVE-2026-000N for PACKAGES[N-1], each with the GHSA id GHSA-000N-…; pkg-e's advisory has no score. */
export const cveOf = (name: string) => `CVE-2026-000${PACKAGES.indexOf(name as 'pkg-a') + 1}`;

const ADVISORIES = PACKAGES.map((name, i) => ({
  schema_version: '1.6.0',
  id: `GHSA-000${i + 1}-aaaa-bbbb`,
  modified: '2024-01-01T00:00:00Z',
  aliases: [`CVE-2026-000${i + 1}`],
  ...(name === 'pkg-e'
    ? {}
    : { severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }] }),
  affected: [
    {
      package: { ecosystem: 'npm', name },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }],
    },
  ],
}));

export async function loadTriageAdvisories(
  t: Pick<TestContext, 'after'>,
  services: { vulndb: { import(paths: string[]): Promise<unknown> } },
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-triage-osv-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(ADVISORIES));
  await services.vulndb.import([dir]);
}

/** An SBOM of `asset` holding the given packages at 1.0.0 (each one finding). */
export const assetSbom = (asset: string, packages: readonly string[] = PACKAGES, version = '1') =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name: asset, version } },
    components: packages.map((name) => ({
      type: 'library',
      name,
      version: '1.0.0',
      purl: `pkg:npm/${name}@1.0.0`,
    })),
  });

type Part = [name: string, value: string] | [name: string, content: string, fileName: string];

/** A multipart POST as curl would send it. */
export async function formRequest(app: App, org: TestOrg, url: string, parts: Part[]) {
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
    headers: { 'content-type': response.headers.get('content-type')!, ...org.bearer() },
  });
}

/** Uploads an SBOM of `asset`, naming the asset explicitly (whatever the default naming is). */
export async function uploadAsset(app: App, org: TestOrg, asset: string, packages?: readonly string[]) {
  const res = await formRequest(app, org, '/api/v1/sscs/sboms/upload', [
    ['file', assetSbom(asset, packages), `${asset}.cdx.json`],
    ['assetName', asset],
  ]);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: string };
}

export interface ListedFinding {
  id: string;
  vulnerabilityId: string;
  status: string;
  component: { name: string };
  justification: string | null;
  response: string[] | null;
  detail: string | null;
  remediationNotes: string | null;
  triageRuleId: string | null;
}

/** Every finding of an SBOM, any status, by package name. */
export async function findingsByPackage(
  app: App,
  org: TestOrg,
  sbomId: string,
): Promise<Record<string, ListedFinding>> {
  const out: Record<string, ListedFinding> = {};
  for (const status of ['open', 'mitigated', 'accepted_risk', 'false_positive', 'fixed']) {
    const res = await app.inject({
      url: `/api/v1/sscs/findings?sbomId=${sbomId}&status=${status}`,
      headers: org.bearer('read'),
    });
    for (const f of res.json().data as ListedFinding[]) out[f.component.name] = f;
  }
  return out;
}

export const patchStatus = (app: App, org: TestOrg, id: string, body: object, token = 'all') =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/sscs/findings/${id}/status`,
    headers: org.bearer(token),
    payload: body,
  });
