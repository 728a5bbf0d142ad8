import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { packageKey, VulnDbService } from '../vulndb/index.ts';
import { CandidateCache } from './candidate-cache.ts';
import { toCandidate } from './finding-matching.ts';
import { REMATCH_SLICE, rematchPackages } from './rematch.ts';

// docs/resilience.md: a re-match holds the write lock and the event loop for one slice of components at a time.
// The slice size is what bounds a transaction, so the test counts components per transaction (deterministic),
// with a slice of 2 instead of the production 500.

const NAMES = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
const cdx = (names: string[]) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: names.map((name) => ({
      type: 'library',
      name,
      version: '1.0.0',
      purl: `pkg:npm/${name}@1.0.0`,
    })),
  });

for (const dialect of DIALECTS) {
  describe(`${dialect}: re-matching in slices`, () => {
    it('commits a slice per transaction, yields between slices, and skips an SBOM deleted meanwhile', async (t) => {
      const { services, store } = await build(t, dialect);
      const org = await createOrg(services);
      // Uploaded before the advisory exists: no findings yet.
      const first = await services.sboms.upload(
        org.id,
        org.userId,
        { fileName: 'a.cdx.json', bytes: Buffer.from(cdx(NAMES.slice(0, 5))) },
        {},
      );
      const second = await services.sboms.upload(
        org.id,
        org.userId,
        { fileName: 'b.cdx.json', bytes: Buffer.from(cdx(NAMES.slice(5))) },
        {},
      );
      assert.deepEqual([first.findingCount, second.findingCount], [0, 0]);

      // Imported without the service's re-match hook, so the re-match below is the only one.
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-rematch-'));
      t.after(() => rmSync(dir, { recursive: true }));
      writeFileSync(
        join(dir, 'feed.json'),
        JSON.stringify([
          {
            schema_version: '1.6.0',
            id: 'GHSA-aaaa-bbbb-cccc',
            modified: '2024-01-01T00:00:00Z',
            affected: NAMES.map((name) => ({
              package: { ecosystem: 'npm', name },
              ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }],
            })),
          },
        ]),
      );
      await new VulnDbService(store.db).import([dir]);

      const perTransaction: number[] = [];
      let turns = 0;
      const turnsSeen: number[] = [];
      const result = await rematchPackages(
        store.db,
        NAMES.map((name) => ({ ecosystem: 'npm', packageKey: packageKey('npm', name) })),
        {
          cache: new CandidateCache(toCandidate),
          sliceSize: 2,
          afterSlice: async (components) => {
            perTransaction.push(components);
            turnsSeen.push(turns);
            setImmediate(() => turns++);
            // The second SBOM goes between the first and second slice (its components are the last two).
            if (perTransaction.length === 1)
              await services.sboms.delete(
                { orgId: org.id, userId: org.userId, reach: null, writable: null },
                second.id,
              );
          },
        },
      );
      // Components in id order: a's five, then b's two (deleted before their slices ran).
      assert.deepEqual(perTransaction, [2, 2, 1, 0]);
      // Every slice after the first started after a turn of the event loop.
      assert.deepEqual(turnsSeen, [0, 1, 2, 3]);
      assert.deepEqual(result, { components: 5, created: 5, updated: 0, retracted: 0, reinstated: 0 });
      const findings = await store.db.selectFrom('findings').select(['sbom_id', 'org_id']).execute();
      assert.deepEqual(
        findings.map((f) => [f.sbom_id, f.org_id]),
        Array.from({ length: 5 }, () => [first.id, org.id]),
      );
      assert.equal(REMATCH_SLICE, 500);
    });
  });
}
