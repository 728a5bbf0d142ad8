// REST contract (docs/contract.md: REST, Errors, SBOMs, Vendors) against a real `bulwark serve`, over HTTP.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIALECTS,
  DATA,
  HAS_DATA,
  NO_DATA,
  ISO_UTC,
  freshStore,
  cli,
  cliJson,
  serve,
  call,
  expectError,
  tenant,
  type Store,
  type Server,
  type Json,
} from './harness.ts';
import { redisSkip } from '../support/services.ts';

function form(
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array },
): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([file.content]), file.name);
  return fd;
}

/** CycloneDX JSON components, nested ones included (the metadata component is the subject, not a component). */
function cdxCount(components: Array<{ components?: unknown[] }> | undefined): number {
  return (components ?? []).reduce(
    (n, c) => n + 1 + cdxCount(c.components as Array<{ components?: unknown[] }>),
    0,
  );
}

const SBOM_FILES = HAS_DATA
  ? ['cyclonedx', 'spdx'].flatMap((d) =>
      readdirSync(join(DATA, 'sboms', d))
        .sort()
        .map((f) => join(DATA, 'sboms', d, f)),
    )
  : [];

for (const dialect of DIALECTS) {
  describe(`${dialect}: REST contract`, () => {
    let store: Store;
    let server: Server;
    let admin: string; // bootstrap token of organisation `default`, all scopes
    let readOnly: string;
    let mcpOnly: string;
    let essentials: string;
    let other: string;
    let revocable: { id: string; token: string };
    let expiring = '';
    const api = (p: string) => `${server.api}${p}`;

    before(async () => {
      store = await freshStore(dialect);
      server = await serve(store);
      admin = readFileSync(join(store.env.DATA_DIR!, 'bootstrap-token'), 'utf8').trim();
      const [ro, mo, rv, ess, oth, ex] = await Promise.all([
        cliJson(store, ['token', 'create', '--org', 'default', '--scopes', 'sbom:read']),
        cliJson(store, ['token', 'create', '--org', 'default', '--scopes', 'mcp:read']),
        cliJson(store, ['token', 'create', '--org', 'default', '--scopes', 'sbom:read,sbom:write']),
        tenant(store, 'ess', 'sbom:read,sbom:write,mcp:read', 'essentials'),
        tenant(store, 'other', 'sbom:read,sbom:write'),
        cliJson(store, [
          'token',
          'create',
          '--org',
          'default',
          '--scopes',
          'sbom:read',
          '--expires-in',
          '1s',
        ]),
      ]);
      expiring = ex.token as string;
      readOnly = ro.token as string;
      mcpOnly = mo.token as string;
      revocable = { id: rv.id as string, token: rv.token as string };
      essentials = ess.token;
      other = oth.token;
    });
    after(async () => {
      await server?.stop();
      await store?.cleanup();
    });

    describe('authentication and authorisation', () => {
      it('no header or a non-Bearer header → 401 UNAUTHORIZED with WWW-Authenticate', async () => {
        const none = await expectError(call(api('/sscs/sboms')), 401, 'UNAUTHORIZED');
        assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
        const basic = await expectError(
          call(api('/sscs/sboms'), { headers: { authorization: 'Basic YTpi' } }),
          401,
          'UNAUTHORIZED',
        );
        assert.match(basic.headers.get('www-authenticate') ?? '', /^Bearer/);
      });

      it('malformed or unknown bearer token → 401 INVALID_TOKEN with WWW-Authenticate', async () => {
        for (const token of [
          'garbage',
          'bwk_',
          `bwk_${'A'.repeat(40)}`,
          `${admin.slice(0, -1)}${admin.endsWith('a') ? 'b' : 'a'}`,
        ]) {
          const r = await expectError(call(api('/sscs/vendors'), { token }), 401, 'INVALID_TOKEN');
          assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer/);
        }
      });

      it('an expired token → 401 INVALID_TOKEN', async () => {
        await new Promise((r) => setTimeout(r, 1100));
        const r = await expectError(call(api('/sscs/vendors'), { token: expiring }), 401, 'INVALID_TOKEN');
        assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer/);
      });

      it('a token revoked with the CLI is rejected by the running server at once', async () => {
        assert.equal((await call(api('/sscs/vendors'), { token: revocable.token })).status, 200);
        const r = await cli(store, ['token', 'revoke', revocable.id]);
        assert.equal(r.code, 0, r.stderr);
        await expectError(call(api('/sscs/vendors'), { token: revocable.token }), 401, 'INVALID_TOKEN');
      });

      it('plan without supply_chain_security → 403 FORBIDDEN on every supply-chain endpoint', async () => {
        for (const p of [
          '/sscs/sboms',
          '/sscs/findings',
          '/sscs/findings/summary',
          '/sscs/vendors',
          '/sscs/vendors/risk-summary',
        ]) {
          await expectError(call(api(p), { token: essentials }), 403, 'FORBIDDEN');
        }
        // plan (403) is checked before body validation (400)
        await expectError(
          call(api('/sscs/vendors'), { method: 'POST', token: essentials, json: { bogus: 1 } }),
          403,
          'FORBIDDEN',
        );
        await expectError(
          call(api('/sscs/sboms/upload'), { method: 'POST', token: essentials, body: form({ name: 'x' }) }),
          403,
          'FORBIDDEN',
        );
      });

      it('missing scope → 403 INSUFFICIENT_SCOPE, before body validation', async () => {
        await expectError(call(api('/sscs/sboms'), { token: mcpOnly }), 403, 'INSUFFICIENT_SCOPE');
        await expectError(call(api('/sscs/findings'), { token: mcpOnly }), 403, 'INSUFFICIENT_SCOPE');
        await expectError(
          call(api('/sscs/vendors'), { method: 'POST', token: readOnly, json: { bogus: 1 } }),
          403,
          'INSUFFICIENT_SCOPE',
        );
        await expectError(
          call(api('/sscs/sboms'), { method: 'POST', token: readOnly, json: { name: 'x' } }),
          403,
          'INSUFFICIENT_SCOPE',
        );
        await expectError(
          call(api('/sscs/sboms/sbom_x'), { method: 'DELETE', token: readOnly }),
          403,
          'INSUFFICIENT_SCOPE',
        );
        await expectError(
          call(api('/sscs/findings/fnd_x/status'), {
            method: 'PATCH',
            token: readOnly,
            json: { status: 'fixed' },
          }),
          403,
          'INSUFFICIENT_SCOPE',
        );
        await expectError(
          call(api('/sscs/vendors/vnd_x'), { method: 'PUT', token: readOnly, json: {} }),
          403,
          'INSUFFICIENT_SCOPE',
        );
      });

      it('upload without sbom:write → 403 FORBIDDEN (as the interface says)', async () => {
        const fd = form(
          {},
          {
            name: 'a.cdx.json',
            content: '{"bomFormat":"CycloneDX","specVersion":"1.4","version":1,"components":[]}',
          },
        );
        await expectError(
          call(api('/sscs/sboms/upload'), { method: 'POST', token: readOnly, body: fd }),
          403,
          'FORBIDDEN',
        );
      });
    });

    describe('SBOMs', () => {
      const uploaded: Array<{ id: string; name: string; file: string }> = [];

      it(
        'uploads every real SBOM file: 201 and the documented fields',
        { skip: HAS_DATA ? false : NO_DATA, timeout: 120_000 },
        async () => {
          const counts = new Map<string, number>();
          for (const file of SBOM_FILES) {
            const base = file.split('/').pop()!;
            const content = readFileSync(file);
            const assetName = `asset-${base}`;
            const r = await call(api('/sscs/sboms/upload'), {
              method: 'POST',
              token: admin,
              body: form({ assetName, version: '1.0.0-test' }, { name: base, content }),
            });
            assert.equal(r.status, 201, `${base}: ${JSON.stringify(r.body.error)}`);
            const d = r.body.data;
            assert.match(d.id, /^sbom_/);
            assert.equal(d.assetName, assetName);
            assert.equal(d.name, assetName, 'name defaults to assetName');
            assert.equal(d.version, '1.0.0-test');
            assert.match(d.createdAt, ISO_UTC);
            assert.equal(typeof d.findingCount, 'number');
            assert.ok(
              Number.isInteger(d.componentCount) && d.componentCount > 0,
              `${base}: componentCount ${d.componentCount}`,
            );
            const isSpdx = file.includes('/spdx/');
            assert.equal(d.format, isSpdx ? 'cyclonedx'.replace('cyclonedx', 'spdx') : 'cyclonedx');
            if (base.endsWith('.json')) {
              const doc = JSON.parse(content.toString()) as Record<string, unknown>;
              if (isSpdx)
                assert.ok(
                  String(d.specVersion).includes(String(doc.spdxVersion).replace('SPDX-', '')),
                  `${base}: specVersion ${d.specVersion}`,
                );
              else {
                assert.equal(d.specVersion, doc.specVersion);
                assert.equal(d.componentCount, cdxCount(doc.components as never), `${base}: componentCount`);
              }
            }
            counts.set(base, d.componentCount);
            uploaded.push({ id: d.id, name: assetName, file: base });
          }
          // The same project as CycloneDX JSON and XML has the same components.
          for (const [json, xml] of [
            ['dropwizard-1.3.15__bom.json', 'dropwizard-1.3.15__bom.xml'],
            ['juice-shop__v11.1.2__bom.json', 'juice-shop__v11.1.2__bom.xml'],
            ['proton-bridge__proton-bridge-v1.8.0.bom.json', 'proton-bridge__proton-bridge-v1.8.0.bom.xml'],
            ['cern-lhc-vdm-editor-e564943__bom.json', 'cern-lhc-vdm-editor-e564943__bom.xml'],
          ] as const) {
            assert.equal(counts.get(xml), counts.get(json), `${xml} vs ${json}`);
          }
        },
      );

      it('upload without name/assetName: name is the file name and assetName follows it', async () => {
        const fd = form(
          {},
          {
            name: 'tiny.cdx.json',
            content: JSON.stringify({
              bomFormat: 'CycloneDX',
              specVersion: '1.5',
              version: 1,
              components: [
                { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
              ],
            }),
          },
        );
        const r = await call(api('/sscs/sboms/upload'), { method: 'POST', token: admin, body: fd });
        assert.equal(r.status, 201, JSON.stringify(r.body.error));
        assert.equal(r.body.data.name, 'tiny.cdx.json');
        assert.equal(r.body.data.assetName, 'tiny.cdx.json');
        assert.equal(r.body.data.componentCount, 1);
        const named = await call(api('/sscs/sboms/upload'), {
          method: 'POST',
          token: admin,
          body: form(
            { name: 'Named One' },
            {
              name: 'n.json',
              content: JSON.stringify({
                bomFormat: 'CycloneDX',
                specVersion: '1.4',
                version: 1,
                components: [],
              }),
            },
          ),
        });
        assert.equal(named.status, 201, JSON.stringify(named.body.error));
        assert.equal(named.body.data.name, 'Named One');
        assert.equal(named.body.data.assetName, 'Named One');
        assert.equal(named.body.data.format, 'cyclonedx');
        assert.equal(named.body.data.componentCount, 0);
      });

      it('list: fields, newest first, q is a case-insensitive substring filter on name', async () => {
        const r = await call(api('/sscs/sboms'), { token: readOnly });
        assert.equal(r.status, 200);
        const items = r.body.data as Array<Record<string, Json>>;
        assert.ok(Array.isArray(items));
        assert.ok(items.length >= 2);
        for (const it of items) {
          for (const k of [
            'id',
            'name',
            'version',
            'source',
            'componentCount',
            'createdAt',
            'assetName',
            'findingCount',
          ])
            assert.ok(k in it, `list item has ${k}`);
          assert.match(it.id, /^sbom_/);
          assert.ok(['cyclonedx', 'spdx'].includes(it.source));
          assert.match(it.createdAt, ISO_UTC);
        }
        const created = items.map((i) => Date.parse(i.createdAt));
        assert.deepEqual(
          created,
          [...created].sort((a, b) => b - a),
          'newest first',
        );
        assert.equal(items[0]!.name, 'Named One', 'the last upload is first');
        const q = await call(api('/sscs/sboms?q=NAMED%20o'), { token: readOnly });
        assert.deepEqual(
          q.body.data.map((i: { name: string }) => i.name),
          ['Named One'],
        );
        const none = await call(api('/sscs/sboms?q=zzz-no-match'), { token: readOnly });
        assert.deepEqual(none.body.data, []);
        if (HAS_DATA) {
          const laravel = await call(api('/sscs/sboms?q=LARAVEL'), { token: readOnly });
          assert.equal(laravel.body.data.length, 4);
        }
        const otherList = await call(api('/sscs/sboms'), { token: other });
        assert.deepEqual(otherList.body.data, [], 'another organisation sees none of them');
      });

      it('get by id, components with the documented fields; another organisation gets 404', async () => {
        const list = (await call(api('/sscs/sboms?q=tiny'), { token: admin })).body.data as Array<{
          id: string;
        }>;
        const id = list[0]!.id;
        const one = await call(api(`/sscs/sboms/${id}`), { token: readOnly });
        assert.equal(one.status, 200);
        assert.equal(one.body.data.id, id);
        assert.equal(one.body.data.name, 'tiny.cdx.json');
        const comps = await call(api(`/sscs/sboms/${id}/components`), { token: readOnly });
        assert.equal(comps.status, 200);
        assert.equal(comps.body.data.length, 1);
        const c = comps.body.data[0];
        for (const k of [
          'id',
          'sbomId',
          'bomRef',
          'type',
          'group',
          'name',
          'version',
          'purl',
          'cpe',
          'ecosystem',
          'licenses',
          'hashes',
          'supplier',
          'scope',
        ])
          assert.ok(k in c, `component has ${k}`);
        assert.match(c.id, /^cmp_/);
        assert.equal(c.sbomId, id);
        assert.equal(c.name, 'left-pad');
        assert.equal(c.version, '1.3.0');
        assert.equal(c.purl, 'pkg:npm/left-pad@1.3.0');
        assert.ok(Array.isArray(c.licenses) && Array.isArray(c.hashes));
        await expectError(call(api(`/sscs/sboms/${id}`), { token: other }), 404, 'NOT_FOUND');
        await expectError(call(api(`/sscs/sboms/${id}/components`), { token: other }), 404, 'NOT_FOUND');
        await expectError(
          call(api(`/sscs/sboms/${id}`), { method: 'DELETE', token: other }),
          404,
          'NOT_FOUND',
        );
        await expectError(call(api('/sscs/sboms/sbom_doesnotexist'), { token: admin }), 404, 'NOT_FOUND');
      });

      it(
        'components carry dependsOn (component ids) where the SBOM has a dependency graph',
        { skip: HAS_DATA ? false : NO_DATA },
        async () => {
          const list = (await call(api('/sscs/sboms?q=laravel-7.12.0__bom.1.4'), { token: admin })).body
            .data as Array<{ id: string }>;
          assert.equal(list.length, 1);
          const comps = (await call(api(`/sscs/sboms/${list[0]!.id}/components`), { token: admin })).body
            .data as Array<{ id: string; dependsOn?: string[] }>;
          const ids = new Set(comps.map((c) => c.id));
          const withDeps = comps.filter((c) => (c.dependsOn ?? []).length > 0);
          assert.ok(withDeps.length > 0, 'some components have dependsOn');
          for (const c of withDeps)
            for (const d of c.dependsOn!)
              assert.ok(ids.has(d), `dependsOn ${d} is a component id of the same SBOM`);
        },
      );

      it('create-record: strict body, 201, componentCount 0, format null', async () => {
        const body = {
          name: 'Record Only',
          version: '2.0',
          assetId: 'ast_12345',
          repoUrl: 'https://git.example.com/r.git',
          branch: 'main',
        };
        const r = await call(api('/sscs/sboms'), { method: 'POST', token: admin, json: body });
        assert.equal(r.status, 201, JSON.stringify(r.body.error));
        assert.match(r.body.data.id, /^sbom_/);
        assert.equal(r.body.data.name, 'Record Only');
        assert.equal(r.body.data.version, '2.0');
        assert.equal(r.body.data.componentCount, 0);
        assert.equal(r.body.data.format, null);
        const minimal = await call(api('/sscs/sboms'), {
          method: 'POST',
          token: admin,
          json: { name: 'Only Name' },
        });
        assert.equal(minimal.status, 201);
        const bad = await expectError(
          call(api('/sscs/sboms'), { method: 'POST', token: admin, json: { name: 'x', extra: true } }),
          400,
          'VALIDATION_FAILED',
        );
        assert.ok(Array.isArray(bad.body.error!.details), 'VALIDATION_FAILED has details');
        for (const d of bad.body.error!.details as Array<Record<string, unknown>>)
          assert.ok('path' in d && 'message' in d);
        await expectError(
          call(api('/sscs/sboms'), { method: 'POST', token: admin, json: {} }),
          400,
          'VALIDATION_FAILED',
        );
        await expectError(
          call(api('/sscs/sboms'), {
            method: 'POST',
            token: admin,
            json: { name: 'x', repoUrl: 'not a url' },
          }),
          400,
          'VALIDATION_FAILED',
        );
        await expectError(
          call(api('/sscs/sboms'), { method: 'POST', token: admin, json: { name: 42 } }),
          400,
          'VALIDATION_FAILED',
        );
        await expectError(
          call(api('/sscs/sboms'), {
            method: 'POST',
            token: admin,
            headers: { 'content-type': 'application/json' },
            body: '{"name":',
          }),
          400,
          'INVALID_REQUEST',
        );
      });

      it('delete: 200 {id, deleted:true}, then 404 for the SBOM and its components', async () => {
        const created = await call(api('/sscs/sboms/upload'), {
          method: 'POST',
          token: admin,
          body: form(
            { name: 'to-delete' },
            {
              name: 'd.cdx.json',
              content: JSON.stringify({
                bomFormat: 'CycloneDX',
                specVersion: '1.6',
                version: 1,
                components: [{ type: 'library', name: 'a', version: '1' }],
              }),
            },
          ),
        });
        assert.equal(created.status, 201);
        const id = created.body.data.id as string;
        const del = await call(api(`/sscs/sboms/${id}`), { method: 'DELETE', token: admin });
        assert.equal(del.status, 200);
        assert.deepEqual(del.body.data, { id, deleted: true });
        await expectError(call(api(`/sscs/sboms/${id}`), { token: admin }), 404, 'NOT_FOUND');
        await expectError(call(api(`/sscs/sboms/${id}/components`), { token: admin }), 404, 'NOT_FOUND');
        await expectError(
          call(api(`/sscs/sboms/${id}`), { method: 'DELETE', token: admin }),
          404,
          'NOT_FOUND',
        );
      });

      it('upload errors: MISSING_FILE, UNSUPPORTED_FORMAT, PARSE_ERROR, VALIDATION_FAILED, INVALID_REQUEST', async () => {
        const up = (body: RequestInit['body'], headers?: Record<string, string>) =>
          call(api('/sscs/sboms/upload'), { method: 'POST', token: admin, body, headers });
        const cdx = JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.4',
          version: 1,
          components: [],
        });
        await expectError(up(form({ name: 'no file' })), 400, 'MISSING_FILE');
        // Section 12: .txt and - let the content decide, .spdx is SPDX tag-value.
        await expectError(up(form({}, { name: 'bom.pdf', content: cdx })), 400, 'UNSUPPORTED_FORMAT');
        await expectError(up(form({}, { name: 'bom', content: cdx })), 400, 'UNSUPPORTED_FORMAT');
        await expectError(
          up(form({}, { name: 'bom.txt', content: 'name,version' })),
          400,
          'UNSUPPORTED_FORMAT',
        );
        await expectError(up(form({}, { name: 'sbom.spdx', content: 'hello' })), 400, 'PARSE_ERROR');
        await expectError(up(form({}, { name: 'bom.json', content: '{not json' })), 400, 'PARSE_ERROR');
        await expectError(
          up(form({}, { name: 'bom.cdx.json', content: '{"hello":"world"}' })),
          400,
          'PARSE_ERROR',
        );
        await expectError(up(form({}, { name: 'bom.json', content: '[1,2,3]' })), 400, 'PARSE_ERROR');
        await expectError(
          up(
            form(
              {},
              {
                name: 'sbom.spdx.json',
                content: 'SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\nSPDXID: SPDXRef-DOCUMENT\n',
              },
            ),
          ),
          400,
          'PARSE_ERROR',
        );
        await expectError(
          up(form({}, { name: 'bom.xml', content: '<bom><components><component>' })),
          400,
          'PARSE_ERROR',
        );
        await expectError(
          up(form({}, { name: 'bom.xml', content: '<html><body>hi</body></html>' })),
          400,
          'PARSE_ERROR',
        );
        const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><bom xmlns="http://cyclonedx.org/schema/bom/1.4" version="1"><components><component type="library"><name>&lol9;</name><version>1</version></component></components></bom>`;
        const started = Date.now();
        await expectError(up(form({}, { name: 'bomb.xml', content: bomb })), 400, 'PARSE_ERROR');
        assert.ok(Date.now() - started < 10_000, 'the XML bomb is refused quickly');
        await expectError(
          up(form({ extra: 'field' }, { name: 'ok.cdx.json', content: cdx })),
          400,
          'VALIDATION_FAILED',
        );
        await expectError(
          up('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\nabc', {
            'content-type': 'multipart/form-data; boundary=xyz',
          }),
          400,
          'INVALID_REQUEST',
        );
        await expectError(
          up('just some bytes', { 'content-type': 'multipart/form-data' }),
          400,
          'INVALID_REQUEST',
        );
        // the server keeps serving after all of these
        assert.equal((await call(api('/sscs/sboms'), { token: admin })).status, 200);
      });
    });

    describe('vendors', () => {
      const acme = {
        name: 'Acme Cloud',
        type: 'commercial',
        riskTier: 1,
        assessmentStatus: 'in_progress',
        website: 'https://acme.example.com',
        notes: 'hosting',
      };
      let acmeId = '';

      it('create 201 with the documented fields; list', async () => {
        const r = await call(api('/sscs/vendors'), { method: 'POST', token: admin, json: acme });
        assert.equal(r.status, 201, JSON.stringify(r.body.error));
        const v = r.body.data;
        assert.match(v.id, /^vnd_/);
        acmeId = v.id;
        for (const [k, val] of Object.entries(acme)) assert.equal(v[k], val, k);
        assert.match(v.createdAt, ISO_UTC);
        assert.match(v.updatedAt, ISO_UTC);
        for (const body of [
          { name: 'Lib', type: 'oss', riskTier: 3, assessmentStatus: 'completed' },
          { name: 'Internal IT', type: 'internal', riskTier: 2, assessmentStatus: 'not_started' },
          { name: 'Payroll Co', type: 'commercial', riskTier: 1, assessmentStatus: 'completed' },
        ])
          assert.equal(
            (await call(api('/sscs/vendors'), { method: 'POST', token: admin, json: body })).status,
            201,
          );
        const list = await call(api('/sscs/vendors'), { token: readOnly });
        assert.equal(list.status, 200);
        assert.equal(list.body.data.length, 4);
        assert.deepEqual((await call(api('/sscs/vendors'), { token: other })).body.data, []);
      });

      it('strict bodies: unexpected, missing or out-of-range fields → 400 VALIDATION_FAILED', async () => {
        const bad = [
          { ...acme, extra: 1 },
          { ...acme, name: '' },
          { ...acme, type: 'partner' },
          { ...acme, riskTier: 4 },
          { ...acme, riskTier: '1' },
          { ...acme, assessmentStatus: 'done' },
          { name: 'x', type: 'oss', riskTier: 1 },
        ];
        for (const body of bad)
          await expectError(
            call(api('/sscs/vendors'), { method: 'POST', token: admin, json: body }),
            400,
            'VALIDATION_FAILED',
          );
        await expectError(
          call(api('/sscs/vendors'), {
            method: 'POST',
            token: admin,
            headers: { 'content-type': 'application/json' },
            body: '{',
          }),
          400,
          'INVALID_REQUEST',
        );
      });

      it('PUT replaces the vendor fully; partial body → 400; unknown or foreign id → 404', async () => {
        const replacement = {
          name: 'Acme Cloud EU',
          type: 'commercial',
          riskTier: 2,
          assessmentStatus: 'completed',
        };
        const r = await call(api(`/sscs/vendors/${acmeId}`), {
          method: 'PUT',
          token: admin,
          json: replacement,
        });
        assert.equal(r.status, 200, JSON.stringify(r.body.error));
        assert.equal(r.body.data.id, acmeId);
        for (const [k, val] of Object.entries(replacement)) assert.equal(r.body.data[k], val, k);
        assert.ok(
          r.body.data.website == null && r.body.data.notes == null,
          'omitted optional fields are cleared by a full replacement',
        );
        await expectError(
          call(api(`/sscs/vendors/${acmeId}`), { method: 'PUT', token: admin, json: { name: 'only name' } }),
          400,
          'VALIDATION_FAILED',
        );
        await expectError(
          call(api(`/sscs/vendors/${acmeId}`), {
            method: 'PUT',
            token: admin,
            json: { ...replacement, id: acmeId },
          }),
          400,
          'VALIDATION_FAILED',
        );
        await expectError(
          call(api('/sscs/vendors/vnd_doesnotexist'), { method: 'PUT', token: admin, json: replacement }),
          404,
          'NOT_FOUND',
        );
        await expectError(
          call(api(`/sscs/vendors/${acmeId}`), { method: 'PUT', token: other, json: replacement }),
          404,
          'NOT_FOUND',
        );
        assert.equal((await call(api('/sscs/vendors'), { token: admin })).body.data.length, 4, 'no upsert');
      });

      it('risk-summary has {total, byTier, byAssessmentStatus, unassessedCritical, score}', async () => {
        const r = await call(api('/sscs/vendors/risk-summary'), { token: readOnly });
        assert.equal(r.status, 200);
        const s = r.body.data;
        assert.equal(s.total, 4);
        // Acme is now tier 2 completed; Lib tier 3 completed; Internal tier 2 not_started; Payroll tier 1 completed.
        assert.deepEqual({ 1: s.byTier['1'], 2: s.byTier['2'], 3: s.byTier['3'] }, { 1: 1, 2: 2, 3: 1 });
        assert.equal(s.byAssessmentStatus.completed, 3);
        assert.equal(s.byAssessmentStatus.not_started, 1);
        assert.equal(s.byAssessmentStatus.in_progress ?? 0, 0);
        assert.equal(s.unassessedCritical, 0);
        assert.equal(typeof s.score, 'number');
        const empty = (await call(api('/sscs/vendors/risk-summary'), { token: other })).body.data;
        assert.equal(empty.total, 0);
        assert.equal(empty.unassessedCritical, 0);
      });
    });

    describe('edge cases', () => {
      const cdx = (n: number) =>
        JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          version: 1,
          components: Array.from({ length: n }, (_, i) => ({
            type: 'library',
            name: `c${i}`,
            version: '1.0.0',
          })),
        });
      const up = (fields: Record<string, string>, name: string, content: string) =>
        call(api('/sscs/sboms/upload'), {
          method: 'POST',
          token: admin,
          body: form(fields, { name, content }),
        });

      it('name and assetName given together are kept apart', async () => {
        const r = await up({ name: 'The Name', assetName: 'The Asset' }, 'x.cdx.json', cdx(1));
        assert.equal(r.status, 201);
        assert.equal(r.body.data.name, 'The Name');
        assert.equal(r.body.data.assetName, 'The Asset');
      });

      it('format detection by file name: .bom.json, .cdx.xml, .bom.xml, plain .json with SPDX', async () => {
        const xml =
          '<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.4" version="1"><components><component type="library"><name>a</name><version>1</version></component></components></bom>';
        const spdx = JSON.stringify({
          spdxVersion: 'SPDX-2.3',
          dataLicense: 'CC0-1.0',
          SPDXID: 'SPDXRef-DOCUMENT',
          name: 'doc',
          documentNamespace: 'https://example.com/doc',
          creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: x'] },
          packages: [{ SPDXID: 'SPDXRef-p', name: 'p', versionInfo: '1.0', downloadLocation: 'NOASSERTION' }],
        });
        for (const [name, content, format] of [
          ['a.bom.json', cdx(2), 'cyclonedx'],
          ['a.cdx.xml', xml, 'cyclonedx'],
          ['a.bom.xml', xml, 'cyclonedx'],
          ['plain.json', spdx, 'spdx'],
          ['a.spdx.json', spdx, 'spdx'],
        ] as const) {
          const r = await up({}, name, content);
          assert.equal(r.status, 201, `${name}: ${JSON.stringify(r.body.error)}`);
          assert.equal(r.body.data.format, format, name);
          assert.equal(r.body.data.componentCount > 0, true, name);
        }
        // the family is fixed by the name: SPDX content in a CycloneDX name and the reverse are parse errors
        await expectError(up({}, 'a.cdx.json', spdx), 400, 'PARSE_ERROR');
        await expectError(up({}, 'a.spdx.json', cdx(1)), 400, 'PARSE_ERROR');
        await expectError(up({}, 'a.bom.json', spdx), 400, 'PARSE_ERROR');
      });

      it('an SPDX version outside 2.2–2.3 is UNSUPPORTED_FORMAT (section 12: the version seen is named)', async () => {
        const doc = {
          spdxVersion: 'SPDX-2.1',
          dataLicense: 'CC0-1.0',
          SPDXID: 'SPDXRef-DOCUMENT',
          name: 'doc',
          documentNamespace: 'https://example.com/d',
          creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: x'] },
          packages: [],
        };
        await expectError(up({}, 'old.spdx.json', JSON.stringify(doc)), 400, 'UNSUPPORTED_FORMAT');
      });

      it('XML external entities are not resolved', async () => {
        const xxe =
          '<?xml version="1.0"?><!DOCTYPE bom [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><bom xmlns="http://cyclonedx.org/schema/bom/1.4" version="1"><components><component type="library"><name>&xxe;</name><version>1</version></component></components></bom>';
        const r = await up({}, 'xxe.xml', xxe);
        if (r.status === 201) {
          const comps = await call(api(`/sscs/sboms/${r.body.data.id}/components`), { token: admin });
          assert.ok(
            !JSON.stringify(comps.body.data).includes('root:'),
            '/etc/passwd leaked into a component',
          );
        } else assert.equal(r.body.error!.code, 'PARSE_ERROR');
      });

      it('failed uploads store nothing', async () => {
        const before = (await call(api('/sscs/sboms'), { token: admin })).body.data.length;
        await expectError(
          up(
            {},
            'bad.cdx.json',
            '{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library"}',
          ),
          400,
          'PARSE_ERROR',
        );
        await expectError(up({ bogus: '1' }, 'ok.cdx.json', cdx(1)), 400, 'VALIDATION_FAILED');
        assert.equal((await call(api('/sscs/sboms'), { token: admin })).body.data.length, before);
      });

      it('error bodies carry no SQL or stack traces', async () => {
        const rs = [
          await call(api("/sscs/sboms/sbom_'%3Bdrop%20table%20x--"), { token: admin }),
          await call(api('/sscs/vendors'), {
            method: 'POST',
            token: admin,
            headers: { 'content-type': 'application/json' },
            body: '{"name":',
          }),
          await up({}, 'bad.json', '{'),
        ];
        for (const r of rs) {
          assert.ok(r.status >= 400 && r.status < 500, `status ${r.status}`);
          const text = JSON.stringify(r.body);
          assert.doesNotMatch(text, /\bselect\b.*\bfrom\b|\binsert into\b|\n\s+at |node:internal|\.ts:\d+/i);
        }
      });

      it('the apex host reaches the same routes (Host header does not matter)', async () => {
        const { request } = await import('node:http');
        const status = await new Promise<number>((done, fail) => {
          const req = request(
            api('/sscs/vendors'),
            { headers: { host: 'example.com', authorization: `Bearer ${admin}` } },
            (res) => {
              res.resume();
              done(res.statusCode ?? 0);
            },
          );
          req.on('error', fail);
          req.end();
        });
        assert.equal(status, 200);
      });

      it('concurrent uploads are all stored, each whole', async () => {
        const before = (await call(api('/sscs/sboms'), { token: admin })).body.data.length as number;
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => up({ name: `concurrent-${i}` }, `c${i}.cdx.json`, cdx(50 + i))),
        );
        for (const [i, r] of results.entries()) {
          assert.equal(r.status, 201);
          assert.equal(r.body.data.componentCount, 50 + i);
        }
        const list = (await call(api('/sscs/sboms?q=concurrent-'), { token: admin })).body.data as Array<{
          name: string;
          componentCount: number;
        }>;
        assert.equal(list.length, 8);
        assert.equal((await call(api('/sscs/sboms'), { token: admin })).body.data.length, before + 8);
      });

      it('q treats % and _ literally', async () => {
        assert.deepEqual((await call(api('/sscs/sboms?q=%25'), { token: admin })).body.data, []);
        const all = (await call(api('/sscs/sboms'), { token: admin })).body.data as Array<{ name: string }>;
        const underscore = (await call(api('/sscs/sboms?q=_'), { token: admin })).body.data as Array<{
          name: string;
        }>;
        assert.deepEqual(
          underscore.map((x) => x.name),
          all.filter((x) => x.name.includes('_')).map((x) => x.name),
        );
      });

      it('the Bearer scheme name is case-insensitive', async () => {
        assert.equal(
          (await call(api('/sscs/vendors'), { headers: { authorization: `bearer ${admin}` } })).status,
          200,
        );
      });

      it(
        'the default limit is 50 MiB: exactly 52,428,800 bytes are accepted, one more is 413 FILE_TOO_LARGE',
        { timeout: 60_000 },
        async () => {
          const head = Buffer.from(cdx(1));
          const exact = Buffer.alloc(52_428_800, 0x20);
          head.copy(exact);
          const ok = await call(api('/sscs/sboms/upload'), {
            method: 'POST',
            token: admin,
            body: form({ name: 'fifty-mib' }, { name: 'big.cdx.json', content: exact }),
          });
          assert.equal(ok.status, 201, JSON.stringify(ok.body.error));
          assert.equal(ok.body.data.componentCount, 1);
          const over = Buffer.alloc(52_428_801, 0x20);
          head.copy(over);
          await expectError(
            call(api('/sscs/sboms/upload'), {
              method: 'POST',
              token: admin,
              body: form({ name: 'too-big' }, { name: 'big.cdx.json', content: over }),
            }),
            413,
            'FILE_TOO_LARGE',
          );
          assert.deepEqual((await call(api('/sscs/sboms?q=too-big'), { token: admin })).body.data, []);
        },
      );

      it('a plan downgraded with the CLI takes effect on the running server', async () => {
        const t = await tenant(store, 'downgrade', 'sbom:read');
        assert.equal((await call(api('/sscs/vendors'), { token: t.token })).status, 200);
        const r = await cli(store, ['org', 'update', 'downgrade', '--plan', 'essentials']);
        assert.equal(r.code, 0, r.stderr);
        await expectError(call(api('/sscs/vendors'), { token: t.token }), 403, 'FORBIDDEN');
      });
    });

    describe('envelope and operational endpoints', () => {
      it('unknown routes answer 404 NOT_FOUND in the envelope with x-request-id', async () => {
        await expectError(call(`${server.baseUrl}/nope`), 404, 'NOT_FOUND');
        await expectError(call(api('/nope'), { token: admin }), 404, 'NOT_FOUND');
        await expectError(call(api('/sscs/nope'), { token: admin }), 404, 'NOT_FOUND');
      });

      it('healthz, readyz, metrics and openapi.json need no token', async () => {
        for (const p of ['/healthz', '/readyz']) {
          const r = await fetch(`${server.baseUrl}${p}`);
          assert.equal(r.status, 200, p);
          assert.ok(r.headers.get('x-request-id'), `${p} x-request-id`);
        }
        const metrics = await fetch(`${server.baseUrl}/metrics`);
        assert.equal(metrics.status, 200);
        assert.match(await metrics.text(), /^# (HELP|TYPE) /m);
        const oa = await fetch(api('/openapi.json'));
        assert.equal(oa.status, 200);
        const doc = (await oa.json()) as { openapi: string; paths: Record<string, unknown> };
        assert.match(doc.openapi, /^3\.1/);
        const paths = Object.keys(doc.paths);
        for (const p of [
          '/sscs/sboms',
          '/sscs/sboms/upload',
          '/sscs/findings',
          '/sscs/findings/summary',
          '/sscs/vendors',
          '/sscs/vendors/risk-summary',
        ]) {
          assert.ok(
            paths.some((x) => x === `/api/v1${p}` || x === p),
            `openapi lists ${p}`,
          );
        }
      });
    });
  });

  describe(`${dialect}: limits`, () => {
    let store: Store;
    let server: Server;
    let token = '';
    before(async () => {
      store = await freshStore(dialect);
      server = await serve(store, {
        MAX_UPLOAD_BYTES: '2000',
        RATE_LIMIT_MAX: '10',
        RATE_LIMIT_WINDOW_MS: '60000',
      });
      token = readFileSync(join(store.env.DATA_DIR!, 'bootstrap-token'), 'utf8').trim();
    });
    after(async () => {
      await server?.stop();
      await store?.cleanup();
    });

    it('a file over MAX_UPLOAD_BYTES → 413 FILE_TOO_LARGE, nothing stored', async () => {
      const components = Array.from({ length: 400 }, (_, i) => ({
        type: 'library',
        name: `pkg-${i}`,
        version: '1.0.0',
      }));
      const content = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components });
      assert.ok(content.length > 2000);
      await expectError(
        call(`${server.api}/sscs/sboms/upload`, {
          method: 'POST',
          token,
          body: form({}, { name: 'big.cdx.json', content }),
        }),
        413,
        'FILE_TOO_LARGE',
      );
      assert.deepEqual((await call(`${server.api}/sscs/sboms`, { token })).body.data, []);
      assert.equal(
        (await call(`${server.api}/sscs/sboms`, { token })).status,
        200,
        'the server keeps serving',
      );
    });

    it('exactly MAX_UPLOAD_BYTES of file content is accepted, one byte more is refused', async () => {
      const base = JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        version: 1,
        components: [{ type: 'library', name: 'x', version: '1' }],
      });
      const exact = base + ' '.repeat(2000 - Buffer.byteLength(base));
      assert.equal(Buffer.byteLength(exact), 2000);
      const ok = await call(`${server.api}/sscs/sboms/upload`, {
        method: 'POST',
        token,
        body: form({}, { name: 'exact.cdx.json', content: exact }),
      });
      assert.equal(ok.status, 201, JSON.stringify(ok.body.error));
      await expectError(
        call(`${server.api}/sscs/sboms/upload`, {
          method: 'POST',
          token,
          body: form({}, { name: 'over.cdx.json', content: `${exact} ` }),
        }),
        413,
        'FILE_TOO_LARGE',
      );
    });

    it('over RATE_LIMIT_MAX requests → 429 RATE_LIMITED with Retry-After and RateLimit headers', async () => {
      let limited: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 14 && !limited; i++) {
        const r = await call(`${server.api}/sscs/vendors`, { token });
        if (r.status === 429) limited = r;
        else assert.equal(r.status, 200);
      }
      assert.ok(limited, 'a 429 arrives at a limit of 10');
      assert.equal(limited.body.error!.code, 'RATE_LIMITED');
      assert.ok(limited.headers.get('retry-after'), 'Retry-After');
      assert.equal(limited.headers.get('ratelimit-limit'), '10');
      assert.equal(limited.headers.get('ratelimit-remaining'), '0');
      assert.ok(limited.headers.get('ratelimit-reset'));
    });
  });
}

const REDIS = 'redis://127.0.0.1:6379';
// Announced once per run when absent; a failure under BULWARK_REQUIRE_SERVICES=1 (CI).
async function redisUp(): Promise<boolean> {
  return (await redisSkip()) === false;
}

describe('rate limits shared through Redis by two instances', () => {
  it('one token, two servers, one budget', async (t) => {
    if (!(await redisUp())) return t.skip('no Redis at 127.0.0.1:6379');
    // Two instances need PostgreSQL: SQLite is one server per database file.
    if (!process.env.TEST_DATABASE_URL) return t.skip('TEST_DATABASE_URL is not set');
    const store = await freshStore('postgres');
    const env = { REDIS_URL: REDIS, RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' };
    const a = await serve(store, env);
    const b = await serve(store, env);
    try {
      const token = readFileSync(join(store.env.DATA_DIR!, 'bootstrap-token'), 'utf8').trim();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await call(`${a.api}/sscs/vendors`, { token })).status);
        statuses.push((await call(`${b.api}/sscs/vendors`, { token })).status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
      const fresh = (await cliJson(store, ['token', 'create', '--org', 'default', '--scopes', 'sbom:read']))
        .token as string;
      assert.equal(
        (await call(`${a.api}/sscs/vendors`, { token: fresh })).status,
        200,
        'limits are per token',
      );
    } finally {
      await a.stop();
      await b.stop();
      await store.cleanup();
    }
  });
});
