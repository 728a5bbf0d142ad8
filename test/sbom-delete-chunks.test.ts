import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DELETE_CHUNK_ROWS, SbomService } from '../src/sboms/sbom.service.ts';
import { build, createOrg } from './support/app.ts';
import { DeleteRecorder } from './support/statement-recorders.ts';
import { DIALECTS } from './support/store.ts';
import { uploadFile } from './support/upload.ts';

const COUNT = 2 * DELETE_CHUNK_ROWS + 500;

for (const dialect of DIALECTS) {
  describe(`${dialect}: deleting a large SBOM`, () => {
    it(`removes findings and components ${DELETE_CHUNK_ROWS} rows per statement, then the SBOM`, async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const other = await createOrg(env.services);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-osv-'));
      t.after(() => rmSync(dir, { recursive: true }));
      writeFileSync(
        join(dir, 'feed.json'),
        JSON.stringify([
          {
            schema_version: '1.6.0',
            id: 'GHSA-4444-5555-6666',
            modified: '2024-01-01T00:00:00Z',
            affected: [
              {
                package: { ecosystem: 'npm', name: 'lodash' },
                ranges: [{ type: 'SEMVER', events: [{ introduced: '4.0.0' }, { fixed: '4.17.21' }] }],
              },
            ],
          },
        ]),
      );
      await env.services.vulndb.import([dir]);
      const components = Array.from({ length: COUNT }, (_, i) => ({
        type: 'library',
        name: 'lodash',
        version: `4.16.${i}`,
        purl: `pkg:npm/lodash@4.16.${i}`,
      }));
      const upload = await uploadFile(
        env.app,
        org,
        JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components }),
        'big.cdx.json',
      );
      assert.equal(upload.json().data.findingCount, COUNT);
      const sbomId = upload.json().data.id as string;

      const recorder = new DeleteRecorder();
      const sboms = new SbomService(env.store.db.withPlugin(recorder), { hooks: env.services.findings });
      await assert.rejects(
        sboms.delete({ orgId: other.id, userId: other.userId, reach: null, writable: null }, sbomId),
        {
          code: 'NOT_FOUND',
        },
      );
      assert.deepEqual(recorder.deleted, []);

      assert.deepEqual(
        await sboms.delete({ orgId: org.id, userId: org.userId, reach: null, writable: null }, sbomId),
        {
          id: sbomId,
          deleted: true,
        },
      );
      const rest = COUNT - 2 * DELETE_CHUNK_ROWS;
      // The policy violations (none: no policy) go first and, what a writer added meanwhile, after the row.
      assert.deepEqual(recorder.deleted, [
        ['policy_violations', 0],
        ['findings', DELETE_CHUNK_ROWS],
        ['findings', DELETE_CHUNK_ROWS],
        ['findings', rest],
        ['sbom_components', DELETE_CHUNK_ROWS],
        ['sbom_components', DELETE_CHUNK_ROWS],
        ['sbom_components', rest],
        ['sboms', 1],
        ['policy_violations', 0],
      ]);
      const left = await env.store.db
        .selectFrom('sbom_components')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sbom_id', '=', sbomId)
        .executeTakeFirstOrThrow();
      assert.equal(Number(left.n), 0);
      const summary = await env.app.inject({ url: '/api/v1/sscs/findings/summary', headers: org.bearer() });
      assert.equal(summary.json().data.total, 0);
    });
  });
}
