// Matching contract with hand-made OSV advisories (docs/contract.md, Findings): aliases merge, severity rules, ecosystem
// version ordering, re-import keeps triage, withdrawal retracts. Everything goes through the CLI and HTTP.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  DIALECTS,
  DATA,
  HAS_DATA,
  NO_DATA,
  freshStore,
  cli,
  cliJson,
  serve,
  call,
  type Store,
  type Server,
  type Json,
} from './harness.ts';

const CVSS_CRITICAL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8

function advisory(
  id: string,
  ecosystem: string,
  name: string,
  events: Array<Record<string, string>>,
  extra: Record<string, unknown> = {},
) {
  const type = ecosystem === 'npm' || ecosystem === 'Go' ? 'SEMVER' : 'ECOSYSTEM';
  return {
    schema_version: '1.6.0',
    id,
    modified: '2026-01-01T00:00:00Z',
    published: '2026-01-01T00:00:00Z',
    summary: `${id} summary`,
    affected: [{ package: { ecosystem, name }, ranges: [{ type, events }] }],
    ...extra,
  };
}

const ADVISORIES = [
  advisory('GHSA-ctst-aaaa-0001', 'npm', 'contract-alpha', [{ introduced: '0' }, { fixed: '2.0.0' }], {
    aliases: ['CVE-2099-0001'],
    severity: [{ type: 'CVSS_V3', score: CVSS_CRITICAL }],
  }),
  advisory('CVE-2099-0001', 'npm', 'contract-alpha', [{ introduced: '0' }, { fixed: '2.0.0' }], {
    aliases: ['GHSA-ctst-aaaa-0001'],
  }),
  advisory(
    'GHSA-ctst-bbbb-0002',
    'npm',
    'contract-beta',
    [{ introduced: '1.0.0' }, { last_affected: '1.2.0' }],
    { database_specific: { severity: 'MODERATE' } },
  ),
  advisory('OSV-2099-0003', 'npm', 'contract-gamma', [{ introduced: '0' }]),
  advisory('PYSEC-2099-0004', 'PyPI', 'contract-py', [{ introduced: '0' }, { fixed: '1.10' }]),
  advisory(
    'GHSA-ctst-cccc-0005',
    'Maven',
    'org.example:contract-mvn',
    [{ introduced: '0' }, { fixed: '2.0' }],
    { database_specific: { severity: 'LOW' } },
  ),
  advisory('GO-2099-0006', 'Go', 'example.com/contract-go', [{ introduced: '0' }, { fixed: '1.2.3' }], {
    database_specific: { severity: 'HIGH' },
  }),
];

const PURLS = [
  'pkg:npm/contract-alpha@1.5.0',
  'pkg:npm/contract-alpha@2.1.0',
  'pkg:npm/contract-beta@1.2.0',
  'pkg:npm/contract-beta@1.2.1',
  'pkg:npm/contract-beta@0.9.0',
  'pkg:npm/contract-gamma@0.0.1',
  'pkg:pypi/contract-py@1.9',
  'pkg:pypi/contract-py@1.10',
  'pkg:pypi/contract-py@1.10.0rc1',
  'pkg:pypi/contract-py@1.10.post1',
  'pkg:maven/org.example/contract-mvn@2.0-RC1',
  'pkg:maven/org.example/contract-mvn@2.0',
  'pkg:golang/example.com/contract-go@v1.2.2',
  'pkg:golang/example.com/contract-go@v1.2.3',
];
const AFFECTED = [
  'contract-alpha@1.5.0',
  'contract-beta@1.2.0',
  'contract-gamma@0.0.1',
  'contract-py@1.9',
  'contract-py@1.10.0rc1',
  'contract-mvn@2.0-RC1',
  'contract-go@v1.2.2',
];

function sbom(): string {
  const components = PURLS.map((purl) => {
    const [, rest] = purl.split(/^pkg:[a-z]+\//);
    const at = rest!.lastIndexOf('@');
    const path = rest!.slice(0, at).split('/');
    return {
      type: 'library',
      name: path.at(-1),
      group: path.length > 1 ? path.slice(0, -1).join('/') : undefined,
      version: rest!.slice(at + 1),
      purl,
    };
  });
  return JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components });
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: advisory matching contract`, () => {
    let store: Store;
    let server: Server;
    let admin = '';
    let sbomId = '';
    const api = (p: string) => `${server.api}${p}`;
    const findings = async (q = '') =>
      (await call(api(`/sscs/findings?sbomId=${sbomId}${q}`), { token: admin })).body.data as Array<
        Record<string, Json>
      >;
    const byComponent = (list: Array<Record<string, Json>>) =>
      new Map(list.map((f) => [`${f.component.name}@${f.component.version}`, f]));

    before(async () => {
      store = await freshStore(dialect);
      const file = join(store.dir, 'advisories.jsonl');
      writeFileSync(file, ADVISORIES.map((a) => JSON.stringify(a)).join('\n') + '\n');
      const r = await cli(store, ['vulndb', 'import', file]);
      assert.equal(r.code, 0, r.stderr);
      server = await serve(store);
      admin = readFileSync(join(store.env.DATA_DIR!, 'bootstrap-token'), 'utf8').trim();
      const fd = new FormData();
      fd.append('name', 'contract-app');
      fd.append('file', new Blob([sbom()]), 'contract-app.cdx.json');
      const up = await call(api('/sscs/sboms/upload'), { method: 'POST', token: admin, body: fd });
      assert.equal(up.status, 201, JSON.stringify(up.body.error));
      sbomId = up.body.data.id;
    });
    after(async () => {
      await server?.stop();
      await store?.cleanup();
    });

    it('vulndb status counts the imported advisories per ecosystem', async () => {
      const status = await cliJson(store, ['vulndb', 'status']);
      const eco = Object.fromEntries(
        (status.osv as Array<{ ecosystem: string; advisories: number }>).map((e) => [
          e.ecosystem,
          e.advisories,
        ]),
      );
      assert.deepEqual(eco, { npm: 4, PyPI: 1, Maven: 1, Go: 1 });
    });

    it('exactly the affected components get findings (each ecosystem’s own version order)', async () => {
      const list = await findings();
      assert.deepEqual([...byComponent(list).keys()].sort(), [...AFFECTED].sort());
      assert.equal(list.length, AFFECTED.length, 'one finding per (component, vulnerability)');
    });

    it('aliases are one vulnerability: vulnerabilityId is one id, aliases hold the other', async () => {
      const f = byComponent(await findings()).get('contract-alpha@1.5.0')!;
      const ids = [f.vulnerabilityId, ...f.aliases].sort();
      assert.deepEqual(ids, ['CVE-2099-0001', 'GHSA-ctst-aaaa-0001']);
    });

    it('severity: CVSS first (also through an alias), then the advisory’s own label, then MEDIUM by default', async () => {
      const m = byComponent(await findings());
      assert.equal(m.get('contract-alpha@1.5.0')!.severity, 'CRITICAL');
      assert.equal(m.get('contract-alpha@1.5.0')!.cvssScore, 9.8);
      assert.equal(m.get('contract-alpha@1.5.0')!.cvssVector, CVSS_CRITICAL);
      assert.equal(m.get('contract-beta@1.2.0')!.severity, 'MEDIUM', 'GHSA MODERATE → MEDIUM');
      assert.notEqual(m.get('contract-beta@1.2.0')!.severitySource, 'default');
      assert.equal(m.get('contract-mvn@2.0-RC1')!.severity, 'LOW');
      assert.equal(m.get('contract-go@v1.2.2')!.severity, 'HIGH');
      assert.equal(m.get('contract-gamma@0.0.1')!.severity, 'MEDIUM');
      assert.equal(m.get('contract-gamma@0.0.1')!.severitySource, 'default');
      assert.deepEqual(m.get('contract-py@1.9')!.fixedVersions, ['1.10']);
      const summary = (await call(api('/sscs/findings/summary'), { token: admin })).body.data;
      assert.deepEqual(summary, { CRITICAL: 1, HIGH: 1, MEDIUM: 4, LOW: 1, total: 7, kev: 0 });
    });

    it('re-importing a changed advisory keeps triage; a withdrawn advisory retracts its findings', async () => {
      const alpha = byComponent(await findings()).get('contract-alpha@1.5.0')!;
      const patched = await call(api(`/sscs/findings/${alpha.id}/status`), {
        method: 'PATCH',
        token: admin,
        json: { status: 'accepted_risk', remediationNotes: 'internal only' },
      });
      assert.equal(patched.status, 200);
      const changed = { ...ADVISORIES[0]!, modified: '2026-02-01T00:00:00Z', summary: 'changed summary' };
      const withdrawn = {
        ...ADVISORIES[2]!,
        modified: '2026-02-01T00:00:00Z',
        withdrawn: '2026-02-01T00:00:00Z',
      };
      const file = join(store.dir, 'update.jsonl');
      writeFileSync(file, `${JSON.stringify(changed)}\n${JSON.stringify(withdrawn)}\n`);
      const r = await cli(store, ['vulndb', 'import', file]);
      assert.equal(r.code, 0, r.stderr);
      const after = await call(api(`/sscs/findings?sbomId=${sbomId}&status=accepted_risk`), { token: admin });
      assert.equal(after.body.data.length, 1);
      assert.equal(after.body.data[0].id, alpha.id, 'same finding, triage kept');
      assert.equal(after.body.data[0].remediationNotes, 'internal only');
      const open = byComponent(await findings());
      assert.ok(!open.has('contract-beta@1.2.0'), 'the withdrawn advisory’s finding is hidden');
      for (const status of ['mitigated', 'accepted_risk', 'false_positive', 'fixed']) {
        assert.ok(!byComponent(await findings(`&status=${status}`)).has('contract-beta@1.2.0'), status);
      }
      const summary = (await call(api('/sscs/findings/summary'), { token: admin })).body.data;
      assert.deepEqual(summary, { CRITICAL: 0, HIGH: 1, MEDIUM: 3, LOW: 1, total: 5, kev: 0 });
    });

    it(
      'the real PyPI feed imports whole: schema slips inside GIT ranges are warnings that name the path, not rejections',
      { skip: HAS_DATA ? false : NO_DATA, timeout: 120_000 },
      async () => {
        const out = await cliJson(store, ['vulndb', 'import', join(DATA, 'osv/PyPI-all.zip')]);
        assert.deepEqual(out.rejected, []);
        const warnings = out.warnings as string[];
        assert.ok(warnings.length > 0);
        for (const w of warnings) assert.match(w, /PyPI-all\.zip/);
        const status = await cliJson(store, ['vulndb', 'status']);
        const pypi = (status.osv as Array<{ ecosystem: string; advisories: number }>).find(
          (e) => e.ecosystem === 'PyPI',
        )!;
        assert.equal(pypi.advisories, 2661 + 1);
      },
    );

    it('every write is in the audit trail with the documented action names', async () => {
      await call(api('/sscs/sboms'), { method: 'POST', token: admin, json: { name: 'rec' } });
      const rec = (await call(api('/sscs/sboms?q=rec'), { token: admin })).body.data[0];
      await call(api(`/sscs/sboms/${rec.id}`), { method: 'DELETE', token: admin });
      const v = await call(api('/sscs/vendors'), {
        method: 'POST',
        token: admin,
        json: { name: 'V', type: 'oss', riskTier: 3, assessmentStatus: 'not_started' },
      });
      await call(api(`/sscs/vendors/${v.body.data.id}`), {
        method: 'PUT',
        token: admin,
        json: { name: 'V2', type: 'oss', riskTier: 2, assessmentStatus: 'completed' },
      });
      const tok = await cliJson(store, ['token', 'create', '--org', 'default', '--scopes', 'sbom:read']);
      const rv = await cli(store, ['token', 'revoke', tok.id as string]);
      assert.equal(rv.code, 0);
      const client = new Client({ name: 'contract-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(api('/mcp')), {
          requestInit: { headers: { authorization: `Bearer ${admin}` } },
        }),
      );
      try {
        const res = (await client.callTool({ name: 'audit_trail_search', arguments: { limit: 200 } })) as {
          structuredContent: Json;
        };
        const actions = new Set(
          (res.structuredContent.items as Array<{ action: string }>).map((e) => e.action),
        );
        for (const a of [
          'sbom.upload',
          'sbom.create',
          'sbom.delete',
          'finding.status_change',
          'vendor.create',
          'vendor.replace',
          'token.create',
          'token.revoke',
        ]) {
          assert.ok(actions.has(a), `audit trail has ${a} (has: ${[...actions].join(', ')})`);
        }
      } finally {
        await client.close();
      }
    });
  });
}
