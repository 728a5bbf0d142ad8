import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { build, createOrg, type TestOrg } from '../../test/support/app.ts';
import { DIALECTS, refuseSbomDeletes } from '../../test/support/store.ts';
import { buildApp } from '../app.ts';
import type { App } from '../http/app-type.ts';
import { createLogger } from '../logger.ts';
import type { SbomFindingsHooks } from './component-matcher.ts';
import type { ComponentValues } from './prepared-sbom.ts';
import { sweepPendingUploads } from './pending-uploads.ts';
import { SbomService, type SbomPreparer } from './sbom.service.ts';
import { prepareSbomOffThread } from './worker-parser.ts';
import { SHARED_DATA, sharedDataSkip } from '../../test/support/shared-data.ts';

const DATA = new URL('sboms/', SHARED_DATA);
const skipRealData = sharedDataSkip('sboms');
const realFile = (relative: string) => readFileSync(new URL(relative, DATA));
const URL_UPLOAD = '/api/v1/sscs/sboms/upload';

type Part = [name: string, value: string] | [name: string, content: Uint8Array | string, fileName: string];

/** A real multipart body (bytes and content type with boundary), as a browser or curl would send it. */
export async function multipart(
  parts: Part[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.length === 2) form.append(part[0], part[1]);
    else form.append(part[0], new Blob([part[1]]), part[2]);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

async function upload(app: App, org: TestOrg, parts: Part[], token = 'all') {
  const body = await multipart(parts);
  return app.inject({
    method: 'POST',
    url: URL_UPLOAD,
    payload: body.payload,
    headers: { ...body.headers, ...org.bearer(token) },
  });
}

const tinyCdx = (
  components: object[] = [{ name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { name: 'web', version: '2.0.0' } },
    components,
  });

/**
 * Hooks whose findings fail with a real driver error in the upload's last transaction, after the pending SBOM and
 * its components were committed in their own (docs/upload-fairness.md): the upload must delete them.
 */
const failingLastTransaction: SbomFindingsHooks = {
  matchComponents: async () => ({
    count: 0,
    store: async (trx) => void (await sql`select * from no_such_table`.execute(trx)),
  }),
  matchedAll: async () => {},
  countBySbom: async () => new Map(),
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: SBOM upload`, () => {
    it(
      'stores real SBOMs of each family with exact counts and components',
      { skip: skipRealData },
      async (t) => {
        const { app, services } = await build(t, dialect);
        const org = await createOrg(services);
        // The asset: the SBOM's subject (metadata.component, the described package), else the file name.
        const cases: [string, string, string, number, string, string][] = [
          ['cyclonedx/juice-shop__v11.1.2__bom.json', 'bom.json', 'cyclonedx', 840, '1.2', 'juice-shop'],
          ['cyclonedx/laravel-7.12.0__bom.1.1.xml', 'bom.1.1.xml', 'cyclonedx', 62, '1.1', 'bom.1.1.xml'],
          [
            'cyclonedx/laravel-7.12.0__bom.1.4.json',
            'laravel.cdx.json',
            'cyclonedx',
            62,
            '1.4',
            'cyclonedx-php-composer-demo',
          ],
          ['spdx/microsoft-sbom-tool-nuget.spdx-2.2.json', 'tool.spdx.json', 'spdx', 122, '2.2', 'SBOMTool'],
        ];
        for (const [path, fileName, format, count, specVersion, assetName] of cases) {
          const res = await upload(app, org, [
            ['file', realFile(path), fileName],
            ['version', 'v1'],
          ]);
          assert.equal(res.statusCode, 201, res.body);
          const data = res.json().data;
          assert.match(data.id, /^sbom_[0-9a-z]{26}$/);
          assert.deepEqual(
            { ...data, id: undefined, createdAt: undefined },
            {
              id: undefined,
              name: fileName,
              assetName,
              version: 'v1',
              format,
              specVersion,
              componentCount: count,
              findingCount: 0,
              createdAt: undefined,
            },
          );
          const components = await app.inject({
            url: `/api/v1/sscs/sboms/${data.id}/components`,
            headers: org.bearer('read'),
          });
          assert.equal(components.json().data.length, count);
        }
      },
    );

    it(
      'returns components with every field and dependsOn as component ids',
      { skip: skipRealData },
      async (t) => {
        const { app, services } = await build(t, dialect);
        const org = await createOrg(services);
        const res = await upload(app, org, [
          ['file', realFile('cyclonedx/laravel-7.12.0__bom.1.4.json'), 'laravel.bom.json'],
        ]);
        assert.equal(
          res.json().data.version,
          'dev-master',
          'the version of the SBOM subject (metadata.component)',
        );
        const list = (
          await app.inject({
            url: `/api/v1/sscs/sboms/${res.json().data.id}/components`,
            headers: org.bearer('read'),
          })
        ).json().data;
        const byId = new Map(list.map((c: { id: string }) => [c.id, c]));
        const cors = list[0];
        assert.match(cors.id, /^cmp_/);
        assert.deepEqual(
          { ...cors, id: undefined, dependsOn: undefined, hashes: undefined },
          {
            id: undefined,
            sbomId: res.json().data.id,
            bomRef: 'asm89/stack-cors-1.3.0.0',
            type: 'library',
            group: 'asm89',
            name: 'stack-cors',
            version: '1.3.0',
            purl: 'pkg:composer/asm89/stack-cors@1.3.0',
            cpe: null,
            ecosystem: 'Packagist',
            licenses: ['MIT'],
            supplier: null,
            scope: null,
            dependsOn: undefined,
            hashes: undefined,
          },
        );
        assert.deepEqual(
          cors.dependsOn.map((id: string) => (byId.get(id) as { bomRef: string }).bomRef),
          ['symfony/http-foundation-5.4.16.0', 'symfony/http-kernel-5.4.16.0'],
        );
      },
    );

    it('defaults name and assetName from each other, then the file name; version from the SBOM subject', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const onlyAsset = (
        await upload(app, org, [
          ['assetName', 'Shop API'],
          ['file', tinyCdx(), 'x.cdx.json'],
        ])
      ).json().data;
      assert.deepEqual(
        [onlyAsset.name, onlyAsset.assetName, onlyAsset.version],
        ['Shop API', 'Shop API', '2.0.0'],
      );
      const onlyName = (
        await upload(app, org, [
          ['file', tinyCdx(), 'x.cdx.json'],
          ['name', 'Shop'],
          ['version', ''],
        ])
      ).json().data;
      assert.deepEqual([onlyName.name, onlyName.assetName, onlyName.version], ['Shop', 'Shop', '2.0.0']);
      const both = (
        await upload(app, org, [
          ['file', tinyCdx(), 'x.cdx.json'],
          ['name', 'N'],
          ['assetName', 'A'],
          ['version', 'abc123'],
        ])
      ).json().data;
      assert.deepEqual([both.name, both.assetName, both.version], ['N', 'A', 'abc123']);
    });

    it('answers every upload error with its code', async (t) => {
      const { app, services } = await build(t, dialect, { config: { MAX_UPLOAD_BYTES: 2000 } });
      const org = await createOrg(services);
      const essentials = await createOrg(services, { plan: 'essentials' });
      const ok = tinyCdx();
      const cases: [
        string,
        Promise<{ statusCode: number; json: () => { error: { code: string; message: string } } }>,
        number,
        string,
        RegExp?,
      ][] = [
        ['no file', upload(app, org, [['name', 'x']]), 400, 'MISSING_FILE'],
        [
          'unknown extension',
          upload(app, org, [['file', ok, 'bom.pdf']]),
          400,
          'UNSUPPORTED_FORMAT',
          /bom\.pdf/,
        ],
        [
          'not JSON',
          upload(app, org, [['file', '{"bomFormat": ', 'bom.json']]),
          400,
          'PARSE_ERROR',
          /'bom\.json': invalid JSON/,
        ],
        [
          'not an SBOM',
          upload(app, org, [['file', '{"a":1}', 'bom.json']]),
          400,
          'PARSE_ERROR',
          /neither bomFormat/,
        ],
        [
          'XML bomb',
          upload(app, org, [
            [
              'file',
              '<!DOCTYPE x [<!ENTITY a "a">]><bom xmlns="http://cyclonedx.org/schema/bom/1.4"/>',
              'b.xml',
            ],
          ]),
          400,
          'PARSE_ERROR',
          /DOCTYPE/,
        ],
        ['empty file', upload(app, org, [['file', '', 'bom.json']]), 400, 'PARSE_ERROR'],
        [
          'unexpected field',
          upload(app, org, [
            ['file', ok, 'x.cdx.json'],
            ['owner', 'me'],
          ]),
          400,
          'VALIDATION_FAILED',
          /owner/,
        ],
        [
          'file under another field',
          upload(app, org, [['sbom', ok, 'x.cdx.json']]),
          400,
          'VALIDATION_FAILED',
          /sbom/,
        ],
        [
          'two files',
          upload(app, org, [
            ['file', ok, 'x.cdx.json'],
            ['file', ok, 'y.cdx.json'],
          ]),
          400,
          'VALIDATION_FAILED',
          /one file/,
        ],
        [
          'name too long',
          upload(app, org, [
            ['file', ok, 'x.cdx.json'],
            ['name', 'n'.repeat(201)],
          ]),
          400,
          'VALIDATION_FAILED',
          /body\.name/,
        ],
        [
          'too large',
          upload(app, org, [
            ['file', tinyCdx(Array.from({ length: 200 }, (_, i) => ({ name: `c${i}` }))), 'x.cdx.json'],
          ]),
          413,
          'FILE_TOO_LARGE',
          /2000 bytes/,
        ],
        [
          'read-only token',
          upload(app, org, [['file', ok, 'x.cdx.json']], 'read'),
          403,
          'FORBIDDEN',
          /sbom:write/,
        ],
        [
          'plan without the feature',
          upload(app, essentials, [['file', ok, 'x.cdx.json']]),
          403,
          'FORBIDDEN',
          /supply_chain_security/,
        ],
        [
          'JSON instead of a form',
          app.inject({ method: 'POST', url: URL_UPLOAD, headers: org.bearer(), payload: { file: 'x' } }),
          400,
          'INVALID_REQUEST',
          /multipart/,
        ],
        [
          'broken multipart',
          app.inject({
            method: 'POST',
            url: URL_UPLOAD,
            headers: { ...org.bearer(), 'content-type': 'multipart/form-data; boundary=XYZ' },
            payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"a"',
          }),
          400,
          'INVALID_REQUEST',
          /Malformed multipart/,
        ],
        [
          'no boundary',
          app.inject({
            method: 'POST',
            url: URL_UPLOAD,
            headers: { ...org.bearer(), 'content-type': 'multipart/form-data' },
            payload: 'x',
          }),
          400,
          'INVALID_REQUEST',
        ],
        ['no token', app.inject({ method: 'POST', url: URL_UPLOAD, payload: 'x' }), 401, 'UNAUTHORIZED'],
      ];
      for (const [label, pending, status, code, message] of cases) {
        const res = await pending;
        assert.equal(res.statusCode, status, `${label}: ${JSON.stringify(res.json())}`);
        assert.equal(res.json().error.code, code, label);
        if (message) assert.match(res.json().error.message, message, label);
      }
      const list = await app.inject({ url: '/api/v1/sscs/sboms', headers: org.bearer() });
      assert.deepEqual(list.json().data, [], 'no failed upload left anything behind');
    });

    it('over real HTTP, answers 413 while the client is still sending and reads no further', async (t) => {
      const { app, services } = await build(t, dialect, { config: { MAX_UPLOAD_BYTES: 1_048_576 } });
      const org = await createOrg(services);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const boundary = 'bulwarkboundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.cdx.json"\r\n\r\n`,
      );
      const chunk = Buffer.alloc(65_536, 0x20);
      const total = 64 * 1_048_576;
      let sent = 0;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${address}${URL_UPLOAD}`, {
          method: 'POST',
          headers: {
            ...org.bearer(),
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + total),
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
        );
        req.on('close', () =>
          setTimeout(() => reject(new Error('the connection closed without an answer')), 1000).unref(),
        );
        req.write(head);
        const pump = () => {
          while (sent < total) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      });
      assert.equal(answer.status, 413);
      assert.equal(JSON.parse(answer.body).error.code, 'FILE_TOO_LARGE');
      assert.ok(sent < total / 2, `the answer came after ${sent} of ${total} bytes`);
      const after = await fetch(`${address}/api/v1/sscs/sboms`, { headers: org.bearer() });
      assert.equal(after.status, 200, 'the server keeps serving');
    });

    it('over real HTTP, a small upload rejected early still takes the rest of its body (no EPIPE)', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      // An unexpected field first, then the file: the answer is decided before the file part arrives.
      const { payload, headers } = await multipart([
        ['bogus', '1'],
        ['file', '{"bomFormat":"CycloneDX","specVersion":"1.5","components":[]}', 'bom.cdx.json'],
      ]);
      const split = payload.indexOf('bom.cdx.json');
      const outcome = await new Promise<{ status: number; code: string; lateWrite: string }>(
        (resolve, reject) => {
          const req = httpRequest(`${address}${URL_UPLOAD}`, {
            method: 'POST',
            headers: { ...headers, ...org.bearer(), 'content-length': String(payload.length) },
          });
          req.on('error', reject);
          // Bounded here, not by the test's timeout: building the app migrates a PostgreSQL schema, which
          // takes seconds on a loaded machine.
          setTimeout(() => reject(new Error('no answer and late write within 10 s')), 10_000).unref();
          req.on('response', (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => {
              // The client sends the rest only after reading the answer, as a slow client would.
              setTimeout(() => {
                req.end(payload.subarray(split), () =>
                  resolve({ status: res.statusCode!, code: JSON.parse(body).error.code, lateWrite: 'ok' }),
                );
              }, 300);
            });
          });
          req.write(payload.subarray(0, split));
        },
      );
      assert.deepEqual(outcome, { status: 400, code: 'VALIDATION_FAILED', lateWrite: 'ok' });
      const list = await fetch(`${address}/api/v1/sscs/sboms`, { headers: org.bearer() });
      assert.deepEqual(((await list.json()) as { data: unknown[] }).data, []);
    });

    it('is atomic: a store failure after the components are written leaves nothing', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const failing = new SbomService(env.store.db, {
        hooks: failingLastTransaction,
      });
      const app = await buildApp({
        store: env.store,
        config: env.config,
        services: { ...env.services, sboms: failing },
        logger: createLogger('silent'),
      });
      t.after(() => app.close());
      const res = await upload(app, org, [
        [
          'file',
          tinyCdx(Array.from({ length: 3000 }, (_, i) => ({ name: `c${i}`, purl: `pkg:npm/c${i}@1.0.0` }))),
          'x.cdx.json',
        ],
      ]);
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json().error, {
        code: 'DB_ERROR',
        message: 'The data store failed to complete the request',
      });
      const count = async (table: 'sboms' | 'sbom_components') =>
        Number(
          (
            await env.store.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('org_id', '=', org.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      assert.deepEqual([await count('sboms'), await count('sbom_components')], [0, 0]);
      const audited = await env.store.db
        .selectFrom('audit_log')
        .select('id')
        .where('org_id', '=', org.id)
        .where('action', 'like', 'sbom.%')
        .execute();
      assert.deepEqual(audited, []);
    });

    it('reports a cleanup that fails too, answers with its own error and leaves the rows to the sweep', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const reported: { cause: string; orgId: string; sbomId: string }[] = [];
      const failing = new SbomService(env.store.db, {
        hooks: failingLastTransaction,
        discardFailed: (error, orgId, sbomId) =>
          reported.push({ cause: String((error as Error).cause), orgId, sbomId }),
      });
      // The store refuses to delete any SBOM row, so the upload's own cleanup fails after its components went.
      await refuseSbomDeletes(env.store);
      const file = {
        fileName: 'x.cdx.json',
        bytes: Buffer.from(tinyCdx([{ name: 'a', purl: 'pkg:npm/a@1.0.0' }])),
      };
      // The upload's own failure (the missing table), not the cleanup's.
      await assert.rejects(failing.upload(org.id, org.userId, file, {}), (error: Error) =>
        /no_such_table/.test(String(error.cause)),
      );
      const pending = await env.store.db.selectFrom('sboms').select(['id', 'pending_since']).execute();
      assert.equal(pending.length, 1);
      assert.notEqual(pending[0]!.pending_since, null);
      assert.deepEqual(
        reported.map((r) => [r.orgId, r.sbomId]),
        [[org.id, pending[0]!.id]],
      );
      assert.match(reported[0]!.cause, /sboms are kept/);
      await sql`drop trigger keep_sboms${dialect === 'sqlite' ? sql`` : sql` on sboms`}`.execute(
        env.store.db,
      );
      assert.equal(await sweepPendingUploads(env.store.db, new Date(Date.now() + 1).toISOString()), 1);
      assert.deepEqual(await env.store.db.selectFrom('sboms').select('id').execute(), []);
    });
  });

  describe(`${dialect}: SBOM upload through the parser worker`, () => {
    // Every file goes through the worker (inline threshold 0); its rows arrive in slices of 4,000 while the first
    // ones are stored.
    const viaWorker =
      (wrap = (batches: AsyncIterable<ComponentValues[]>) => batches): SbomPreparer =>
      async (fileName, bytes, orgId, sbomId, limits) => {
        const prepared = await prepareSbomOffThread(fileName, bytes, orgId, sbomId, 0, limits);
        return { ...prepared, batches: wrap(prepared.batches) };
      };
    const tenThousand = tinyCdx(
      Array.from({ length: 10_000 }, (_, i) => ({
        name: `c${i}`,
        purl: `pkg:npm/c${i}@1.0.0`,
        'bom-ref': `r${i}`,
      })),
    );
    const uploadWith = async (
      t: TestContext,
      prepare: SbomPreparer,
      file = tenThousand,
      name = 'x.cdx.json',
    ) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const sboms = new SbomService(env.store.db, { prepare });
      const app = await buildApp({
        store: env.store,
        config: env.config,
        services: { ...env.services, sboms },
        logger: createLogger('silent'),
      });
      t.after(() => app.close());
      const res = await upload(app, org, [['file', file, name]]);
      const stored = await env.store.db
        .selectFrom('sbom_components')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
        .where('org_id', '=', org.id)
        .executeTakeFirstOrThrow();
      const records = await env.store.db
        .selectFrom('sboms')
        .select('id')
        .where('org_id', '=', org.id)
        .execute();
      const components = await env.store.db
        .selectFrom('sbom_components')
        .select(['id', 'bom_ref', 'depends_on'])
        .where('org_id', '=', org.id)
        .orderBy('position')
        .execute();
      const refOf = new Map(components.map((c) => [c.id, c.bom_ref]));
      // Each component's dependencies, by bom-ref: the stored ids resolved back.
      const graph = components.map((c) => [
        c.bom_ref,
        (JSON.parse(c.depends_on) as string[]).map((id) => refOf.get(id) ?? `unknown ${id}`),
      ]);
      return { res, rows: Number(stored.n), last: stored.last, records: records.length, graph };
    };

    it('stores every batch of rows in document order', async (t) => {
      let batches = 0;
      const { res, rows, last, records } = await uploadWith(
        t,
        viaWorker(async function* (source) {
          for await (const batch of source) {
            batches++;
            yield batch;
          }
        }),
      );
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().data.componentCount, 10_000);
      assert.deepEqual(
        { batches, rows, last: Number(last), records },
        { batches: 3, rows: 10_000, last: 9_999, records: 1 },
      );
    });

    it('resolves dependencies on components that come later, and drops those on no component', async (t) => {
      const doc = JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        metadata: { component: { name: 'app', 'bom-ref': 'subject' } },
        components: ['a', 'b', 'c', 'a'].map((ref, i) => ({ name: `n${i}`, 'bom-ref': ref })),
        dependencies: [
          { ref: 'a', dependsOn: ['c', 'ghost', 'subject', 'b'] },
          { ref: 'b', dependsOn: ['a'] },
          { ref: 'subject', dependsOn: ['a'] },
        ],
      });
      const { res, graph } = await uploadWith(t, viaWorker(), doc);
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual(res.json().meta.warnings, [
        "duplicate bom-ref 'a': component 4 repeats component 1; dependencies refer to the first",
      ]);
      assert.deepEqual(graph, [
        ['a', ['c', 'b']],
        ['b', ['a']],
        ['c', []],
        ['a', ['c', 'b']],
      ]);
    });

    it('corrects every component that depends on a ref no component has, 1,000 per statement', async (t) => {
      // 2,500 components, each depending on the one after it (given its id ahead) and on a ref that never comes.
      const count = 2_500;
      const doc = JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        components: Array.from({ length: count }, (_, i) => ({ name: `n${i}`, 'bom-ref': `r${i}` })),
        dependencies: Array.from({ length: count }, (_, i) => ({
          ref: `r${i}`,
          dependsOn: i + 1 < count ? [`r${i + 1}`, 'ghost'] : ['ghost'],
        })),
      });
      const { res, graph } = await uploadWith(t, viaWorker(), doc);
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual(
        graph,
        Array.from({ length: count }, (_, i) => [`r${i}`, i + 1 < count ? [`r${i + 1}`] : []]),
      );
    });

    it('SPDX JSON: the described package is the subject even when it comes last, its version the SBOM version', async (t) => {
      const pkg = (id: string, version: string) => ({ SPDXID: id, name: id.slice(8), versionInfo: version });
      const doc = JSON.stringify({
        spdxVersion: 'SPDX-2.3',
        SPDXID: 'SPDXRef-DOCUMENT',
        documentDescribes: ['SPDXRef-root'],
        packages: [pkg('SPDXRef-a', '1.0'), pkg('SPDXRef-b', '2.0'), pkg('SPDXRef-root', '9.9.9')],
        relationships: [
          { spdxElementId: 'SPDXRef-a', relationshipType: 'DEPENDS_ON', relatedSpdxElement: 'SPDXRef-b' },
          { spdxElementId: 'SPDXRef-a', relationshipType: 'DEPENDS_ON', relatedSpdxElement: 'SPDXRef-root' },
          { spdxElementId: 'SPDXRef-root', relationshipType: 'DEPENDS_ON', relatedSpdxElement: 'SPDXRef-a' },
        ],
      });
      const { res, graph } = await uploadWith(t, viaWorker(), doc, 'x.spdx.json');
      assert.equal(res.statusCode, 201, res.body);
      const { format, specVersion, version, componentCount, assetName } = res.json().data;
      assert.deepEqual(
        { format, specVersion, version, componentCount, assetName },
        { format: 'spdx', specVersion: '2.3', version: '9.9.9', componentCount: 2, assetName: 'root' },
      );
      assert.deepEqual(graph, [
        ['SPDXRef-a', ['SPDXRef-b']],
        ['SPDXRef-b', []],
      ]);
    });

    it('a problem met half-way is answered as parsing the whole file answers it, and nothing is kept', async (t) => {
      const components = (at: Record<number, object>) =>
        Array.from({ length: 10_000 }, (_, i) => at[i] ?? { name: `c${i}`, purl: `pkg:npm/c${i}@1.0.0` });
      // Past the first slices: a name over the cap.
      const long = await uploadWith(
        t,
        viaWorker(),
        tinyCdx(components({ 9_000: { name: 'x'.repeat(1_025) } })),
      );
      assert.equal(long.res.statusCode, 400);
      assert.deepEqual(long.res.json().error, {
        code: 'PARSE_ERROR',
        message:
          '\'x.cdx.json\': component 9001 ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"): name is 1025 characters long; at most 1024',
      });
      assert.deepEqual([long.rows, long.records], [0, 0]);
      // A type error later in the file is reported before a cap met earlier, as the whole-file parse always did.
      const both = await uploadWith(
        t,
        viaWorker(),
        tinyCdx(components({ 10: { name: 'y'.repeat(2_000) }, 9_500: { name: 123 } })),
      );
      assert.equal(both.res.statusCode, 400);
      assert.equal(
        both.res.json().error.message,
        "'x.cdx.json': components[9500].name must be a string, not number",
      );
      assert.deepEqual([both.rows, both.records], [0, 0]);
    });

    it('is atomic: rows that stop coming half-way (the worker died) leave nothing', async (t) => {
      const { res, rows, records } = await uploadWith(
        t,
        viaWorker(async function* (source) {
          for await (const batch of source) {
            yield batch;
            throw new Error('SBOM parser worker exited with code 1');
          }
        }),
      );
      assert.equal(res.statusCode, 500);
      assert.equal(res.json().error.code, 'INTERNAL_ERROR');
      assert.deepEqual({ rows, records }, { rows: 0, records: 0 });
    });
  });

  describe(`${dialect}: SBOM records`, () => {
    it('creates a record, lists with q newest first, gets, deletes with its components; audits each write', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const record = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/sboms',
        headers: org.bearer(),
        payload: {
          name: 'Billing 100%_done',
          version: '3.1',
          assetId: 'ast_billing',
          repoUrl: 'https://git.example.com/billing',
          branch: 'main',
        },
      });
      assert.equal(record.statusCode, 201, record.body);
      const created = record.json().data;
      assert.deepEqual(
        { ...created, id: undefined, createdAt: undefined, updatedAt: undefined },
        {
          id: undefined,
          name: 'Billing 100%_done',
          assetName: 'Billing 100%_done',
          version: '3.1',
          format: null,
          specVersion: null,
          assetId: 'ast_billing',
          repoUrl: 'https://git.example.com/billing',
          branch: 'main',
          componentCount: 0,
          findingCount: 0,
          createdAt: undefined,
          updatedAt: undefined,
        },
      );
      const uploaded = (
        await upload(app, org, [
          ['file', tinyCdx(), 'web.cdx.json'],
          ['name', 'Web Shop'],
        ])
      ).json().data;

      const names = async (q?: string) =>
        (
          await app.inject({
            url: `/api/v1/sscs/sboms${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
            headers: org.bearer('read'),
          })
        )
          .json()
          .data.map((s: { name: string }) => s.name);
      assert.deepEqual(await names(), ['Web Shop', 'Billing 100%_done']);
      assert.deepEqual(await names('SHOP'), ['Web Shop']);
      assert.deepEqual(await names('100%_'), ['Billing 100%_done']);
      assert.deepEqual(await names('%'), ['Billing 100%_done'], '% is a literal, not a wildcard');
      assert.deepEqual(await names('nothing'), []);
      const list = (await app.inject({ url: '/api/v1/sscs/sboms', headers: org.bearer('read') })).json();
      assert.match(list.data[0].assetId, /^ast_/);
      assert.deepEqual(list.data[0], {
        id: uploaded.id,
        name: 'Web Shop',
        assetName: 'Web Shop',
        assetId: list.data[0].assetId,
        version: '2.0.0',
        source: 'cyclonedx',
        componentCount: 1,
        findingCount: 0,
        createdAt: uploaded.createdAt,
      });
      assert.equal(list.data[1].source, null);

      const one = await app.inject({ url: `/api/v1/sscs/sboms/${uploaded.id}`, headers: org.bearer('read') });
      assert.equal(one.json().data.specVersion, '1.5');

      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/sboms/${uploaded.id}`,
        headers: org.bearer(),
      });
      assert.equal(del.statusCode, 200);
      assert.deepEqual(del.json().data, { id: uploaded.id, deleted: true });
      const left = await store.db
        .selectFrom('sbom_components')
        .select('id')
        .where('sbom_id', '=', uploaded.id)
        .execute();
      assert.deepEqual(left, []);
      assert.equal(
        (await app.inject({ url: `/api/v1/sscs/sboms/${uploaded.id}`, headers: org.bearer() })).statusCode,
        404,
      );
      assert.equal(
        (
          await app.inject({
            method: 'DELETE',
            url: `/api/v1/sscs/sboms/${uploaded.id}`,
            headers: org.bearer(),
          })
        ).statusCode,
        404,
      );

      const actions = await store.db
        .selectFrom('audit_log')
        .select(['action', 'entity_id', 'actor_id'])
        .where('org_id', '=', org.id)
        .where('action', 'like', 'sbom.%')
        .orderBy('id')
        .execute();
      assert.deepEqual(actions, [
        { action: 'sbom.create', entity_id: created.id, actor_id: org.userId },
        { action: 'sbom.upload', entity_id: uploaded.id, actor_id: org.userId },
        { action: 'sbom.delete', entity_id: uploaded.id, actor_id: org.userId },
      ]);
    });

    it('rejects bad record bodies with VALIDATION_FAILED', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const cases: [unknown, string][] = [
        [{ name: 'x', extra: 1 }, "unexpected field 'extra'"],
        [{}, 'body.name'],
        [{ name: '  ' }, 'body.name'],
        [{ name: 'x', assetId: 'asset-1' }, 'body.assetId'],
        [{ name: 'x', repoUrl: 'not a url' }, 'body.repoUrl'],
      ];
      for (const [payload, where] of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/sboms',
          headers: org.bearer(),
          payload: payload as object,
        });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().error.code, 'VALIDATION_FAILED');
        assert.ok(res.json().error.message.includes(where), `${res.json().error.message} names ${where}`);
      }
      const scope = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/sboms',
        headers: org.bearer('read'),
        payload: { name: 'x' },
      });
      assert.equal(scope.json().error.code, 'INSUFFICIENT_SCOPE');
    });

    it("keeps organisations apart: another organisation's SBOM is 404 and invisible", async (t) => {
      const { app, services } = await build(t, dialect);
      const owner = await createOrg(services);
      const other = await createOrg(services);
      const id = (await upload(app, owner, [['file', tinyCdx(), 'x.cdx.json']])).json().data.id;
      for (const [method, url] of [
        ['GET', `/api/v1/sscs/sboms/${id}`],
        ['GET', `/api/v1/sscs/sboms/${id}/components`],
        ['DELETE', `/api/v1/sscs/sboms/${id}`],
      ] as const) {
        const res = await app.inject({ method, url, headers: other.bearer() });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assert.deepEqual(res.json().error, { code: 'NOT_FOUND', message: `SBOM '${id}' was not found` });
      }
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/sboms', headers: other.bearer() })).json().data,
        [],
      );
      assert.equal(
        (await app.inject({ url: `/api/v1/sscs/sboms/${id}`, headers: owner.bearer() })).statusCode,
        200,
        'still there for its owner',
      );
      const essentials = await createOrg(services, { plan: 'essentials' });
      assert.equal(
        (await app.inject({ url: '/api/v1/sscs/sboms', headers: essentials.bearer() })).json().error.code,
        'FORBIDDEN',
      );
      assert.equal(
        (await app.inject({ url: '/api/v1/sscs/sboms', headers: owner.bearer('mcp') })).json().error.code,
        'INSUFFICIENT_SCOPE',
      );
    });
  });
}
