// A large upload gives the event loop a real turn between the batches of rows it stores, also when the parser
// worker's slices are already waiting (docs/resilience.md, "Large uploads").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withCarryOver } from '../src/pipeline/index.ts';
import { prepareSbom, streamed, type StreamedSbom } from '../src/sboms/prepared-sbom.ts';
import { SbomService } from '../src/sboms/sbom.service.ts';
import { build, createOrg } from './support/app.ts';
import { DIALECTS } from './support/store.ts';
import { turnCounter } from './support/turns.ts';

/** Slices as the parser worker sends them for the 100,000-component bench file: 1,278–1,748 rows. */
const ROWS_PER_BATCH = 1_500;
const BATCHES = 12;

const file = new TextEncoder().encode(
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: Array.from({ length: ROWS_PER_BATCH * BATCHES }, (_, i) => ({
      type: 'library',
      name: `c${i}`,
      version: '1.0.0',
      purl: `pkg:npm/c${i}@1.0.0`,
      'bom-ref': `r${i}`,
    })),
  }),
);

for (const dialect of DIALECTS) {
  describe(`${dialect}: an upload's batches give turns`, () => {
    it('the event loop turns between batches that have all arrived', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      // The worker's slices all waiting at once, as when it finishes ahead of the main thread (the bench file on
      // 2 cores): each batch is there without waiting for a message.
      const sboms = new SbomService(env.store.db, {
        hooks: withCarryOver(env.services.findings),
        prepare: (fileName, bytes, orgId, sbomId, limits): StreamedSbom =>
          streamed(prepareSbom(fileName, bytes, orgId, sbomId, limits), async function* (rows) {
            for (let start = 0; start < rows.length; start += ROWS_PER_BATCH)
              yield rows.slice(start, start + ROWS_PER_BATCH);
          }),
      });
      const counter = turnCounter();
      const upload = await sboms.upload(org.id, org.userId, { fileName: 'big.cdx.json', bytes: file }, {});
      const turns = counter.stop();
      assert.equal(upload.componentCount, ROWS_PER_BATCH * BATCHES);
      // A turn after each batch's rows and after its findings. Before, a batch under SQLITE_CHUNK_ROWS was
      // stored and matched without one, so on SQLite the 100,000-component bench upload held the event loop for
      // 1.2–1.7 s once the worker was ahead (BENCHMARKS.md, "SBOM upload").
      assert.ok(turns >= 2 * BATCHES, `${turns} turns of the event loop during ${BATCHES} batches`);
    });
  });
}
