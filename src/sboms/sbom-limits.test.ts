import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { formRequest } from '../pipeline/pipeline-fixture.ts';
import { prepareSbomOffThread } from './worker-parser.ts';

const cdx = (count: number) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: Array.from({ length: count }, (_, i) => ({
      type: 'library',
      name: `c${i}`,
      version: '1.0.0',
    })),
  });

for (const dialect of DIALECTS) {
  describe(`${dialect}: SBOM limits`, () => {
    it('more components than MAX_COMPONENTS → 413 TOO_MANY_COMPONENTS, nothing stored', async (t) => {
      const env = await build(t, dialect, { config: { MAX_COMPONENTS: 3 } });
      const org = await createOrg(env.services);
      const over = await uploadFile(env.app, org, cdx(4), 'four.cdx.json');
      assert.equal(over.statusCode, 413);
      assert.deepEqual(over.json(), {
        data: null,
        error: {
          code: 'TOO_MANY_COMPONENTS',
          message: "'four.cdx.json' lists 4 components; an SBOM may hold at most 3",
        },
        meta: null,
      });
      const list = await env.app.inject({ url: '/api/v1/sscs/sboms', headers: org.bearer() });
      assert.deepEqual(list.json().data, []);

      const at = await uploadFile(env.app, org, cdx(3), 'three.cdx.json');
      assert.equal(at.statusCode, 201);
      assert.equal(at.json().data.componentCount, 3);
    });

    it("POST /sscs/scan has the upload's limits: over MAX_COMPONENTS → 413 TOO_MANY_COMPONENTS", async (t) => {
      const env = await build(t, dialect, { config: { MAX_COMPONENTS: 3 } });
      const org = await createOrg(env.services);
      const over = await formRequest(env.app, org, '/api/v1/sscs/scan', [['file', cdx(4), 'four.cdx.json']]);
      assert.equal(over.statusCode, 413);
      assert.deepEqual(over.json(), {
        data: null,
        error: {
          code: 'TOO_MANY_COMPONENTS',
          message: "'four.cdx.json' lists 4 components; an SBOM may hold at most 3",
        },
        meta: null,
      });
      const at = await formRequest(env.app, org, '/api/v1/sscs/scan', [['file', cdx(3), 'three.cdx.json']]);
      assert.equal(at.statusCode, 200);
      assert.equal(at.json().data.componentCount, 3);
    });
  });
}

describe('SBOM limits in the parser worker', () => {
  it('the worker applies the same cap, before any row when the list alone is over it', async () => {
    const bytes = new TextEncoder().encode(cdx(6));
    await assert.rejects(
      Promise.resolve(
        prepareSbomOffThread('six.cdx.json', bytes, 'org_1', 'sbom_1', 0, { maxComponents: 4 }),
      ),
      { code: 'TOO_MANY_COMPONENTS', status: 413 },
    );
  });

  it('components nested past the cap stop the rows with the error', async () => {
    const nested = JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [{ name: 'top', components: Array.from({ length: 5 }, (_, i) => ({ name: `n${i}` })) }],
    });
    const prepared = await prepareSbomOffThread(
      'nested.cdx.json',
      new TextEncoder().encode(nested),
      'org_1',
      'sbom_1',
      0,
      {
        maxComponents: 4,
      },
    );
    await assert.rejects(
      (async () => {
        for await (const batch of prepared.batches) void batch;
      })(),
      { code: 'TOO_MANY_COMPONENTS', status: 413 },
    );
  });
});
