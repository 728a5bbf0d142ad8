// Deviations the contract audit found and that are now fixed: kept as regression tests. Each test names the
// document line it holds the product to.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA, HAS_DATA, NO_DATA, freshStore, cli, serve, call, type Store, type Server } from './harness.ts';

describe('fixed deviations (sqlite)', () => {
  let store: Store;
  let server: Server;
  let admin = '';
  const api = (p: string) => `${server.api}${p}`;
  before(async () => {
    store = await freshStore('sqlite');
    const adv = {
      schema_version: '1.6.0',
      id: 'ALPINE-CVE-2099-0001',
      modified: '2026-01-01T00:00:00Z',
      affected: [
        {
          package: { ecosystem: 'Alpine:v3.17', name: 'apk-tools' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.12.11-r0' }] }],
        },
      ],
    };
    writeFileSync(join(store.dir, 'alpine.json'), JSON.stringify(adv));
    assert.equal((await cli(store, ['vulndb', 'import', join(store.dir, 'alpine.json')])).code, 0);
    server = await serve(store);
    admin = readFileSync(join(store.env.DATA_DIR!, 'bootstrap-token'), 'utf8').trim();
  });
  after(async () => {
    await server?.stop();
    await store?.cleanup();
  });

  // docs/contract.md, Findings: vulnerabilities of uploaded SBOMs appear as findings (no silent false negatives).
  it(
    'Syft SPDX (pkg:alpine/… purls) gets the same Alpine findings as Trivy SPDX (pkg:apk/alpine/…)',
    { skip: HAS_DATA ? false : NO_DATA },
    async () => {
      const counts: number[] = [];
      for (const f of [
        'balenalib-amd64-alpine-python.trivy.spdx-2.2.json',
        'balenalib-amd64-alpine-python.syft.spdx-2.3.json',
      ]) {
        const fd = new FormData();
        fd.append('file', new Blob([readFileSync(join(DATA, 'sboms/spdx', f))]), f);
        const r = await call(api('/sscs/sboms/upload'), { method: 'POST', token: admin, body: fd });
        assert.equal(r.status, 201);
        counts.push(r.body.data.findingCount);
      }
      assert.deepEqual(counts, [1, 1], 'apk-tools 2.12.10-r1 is affected in both SBOMs');
    },
  );

  // docs/contract.md, Errors: MISSING_FILE when the file part is absent.
  it('a form whose `file` is a text field, not a file part, is MISSING_FILE', async () => {
    const fd = new FormData();
    fd.append('file', '{"bomFormat":"CycloneDX","specVersion":"1.5","version":1}');
    const r = await call(api('/sscs/sboms/upload'), { method: 'POST', token: admin, body: fd });
    assert.equal(r.body.error!.code, 'MISSING_FILE', r.body.error!.message);
  });
});
