import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import type { DialectName } from '../db/connect.ts';
import { recorded } from '../../test/support/statement-recorders.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { VulnDbService } from '../vulndb/index.ts';
import { CandidateCache } from './candidate-cache.ts';
import { resolveMatches, toCandidate } from './finding-matching.ts';

const advisory = (
  id: string,
  name: string,
  fixed: string,
  modified = '2024-01-01T00:00:00Z',
  ecosystem = 'npm',
) => ({
  schema_version: '1.6.0',
  id,
  modified,
  summary: `${id} summary`,
  affected: [
    {
      package: { ecosystem, name },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed }] }],
    },
  ],
});

const components = Array.from({ length: 40 }, (_, i) => ({
  id: `cmp_${i}`,
  ecosystem: 'npm',
  packageKey: `pkg-${i % 20}`,
  name: `pkg-${i % 20}`,
  version: '1.0.0',
  purl: null,
}));
const found = async (
  run: Promise<{ matches: Map<string, { vulnerabilityId: string; fixedVersions: string[] }[]> }>,
) =>
  [...(await run).matches]
    .flatMap(([c, list]) => list.map((v) => `${c} ${v.vulnerabilityId} fixed ${v.fixedVersions.join(',')}`))
    .sort();

/**
 * A fresh store, a feed file to write advisories into and an importer of its own (as another process's would be):
 * `importer.import([dir])` reads what `feed` last wrote.
 */
async function storeWithFeed(t: TestContext, dialect: DialectName) {
  const store = await createTestStore(dialect);
  const dir = mkdtempSync(join(tmpdir(), 'osv-cache-'));
  t.after(async () => {
    rmSync(dir, { recursive: true });
    await store.close();
  });
  const feed = (docs: object[]) => writeFileSync(join(dir, 'feed.json'), JSON.stringify(docs));
  return { store, dir, feed, importer: new VulnDbService(store.db) };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: advisory cache`, () => {
    it('serves concurrent lookups completely and follows imports made through another service', async (t) => {
      // Another process's importer: its own service, no shared memory with the cache.
      const { store, dir, feed, importer } = await storeWithFeed(t, dialect);
      feed(
        Array.from({ length: 20 }, (_, i) =>
          advisory(`GHSA-0000-0000-${String(i).padStart(4, '0')}`, `pkg-${i}`, '2.0.0'),
        ),
      );
      await importer.import([dir]);

      const cache = new CandidateCache(toCandidate);
      const [a = [], b, c] = await Promise.all(
        [1, 2, 3].map(() => found(resolveMatches(store.db, components, { cache }))),
      );
      assert.equal(a.length, 40);
      assert.deepEqual(b, a, 'a lookup racing another sees every candidate');
      assert.deepEqual(c, a);
      assert.equal(a[0], 'cmp_0 GHSA-0000-0000-0000 fixed 2.0.0');
      const details = await cache.details(store.db, ['GHSA-0000-0000-0001', 'GHSA-none']);
      assert.deepEqual(
        [details.get('GHSA-0000-0000-0001')?.summary, details.get('GHSA-none')],
        ['GHSA-0000-0000-0001 summary', { summary: null, references: [] }],
      );

      // Fixed below 1.0.0 now: the cached advisory must not survive the import.
      feed([advisory('GHSA-0000-0000-0000', 'pkg-0', '0.9.0', '2024-02-01T00:00:00Z')]);
      await importer.import([dir]);
      const after = await found(resolveMatches(store.db, components, { cache }));
      assert.equal(after.length, 38);
      assert.ok(!after.some((line) => line.includes('GHSA-0000-0000-0000')));
    });

    it('looks up no package of an ecosystem no advisory names, until an import adds one', async (t) => {
      const { store, dir, feed, importer } = await storeWithFeed(t, dialect);
      feed([advisory('GHSA-0000-0000-0001', 'pkg-1', '2.0.0')]);
      await importer.import([dir]);
      // The same 20 packages in npm (one advisory) and in PyPI (none yet).
      const mixed = [
        ...components.slice(0, 20),
        ...components.slice(0, 20).map((c) => ({ ...c, id: `${c.id}_py`, ecosystem: 'PyPI' })),
      ];
      const cache = new CandidateCache(toCandidate);
      const { db, statements } = recorded(store.db);
      const packageLookups = () => statements.filter((s) => s.includes('"package_key" in')).length;

      assert.deepEqual(await found(resolveMatches(db, mixed, { cache })), [
        'cmp_1 GHSA-0000-0000-0001 fixed 2.0.0',
      ]);
      assert.deepEqual([...(await cache.ecosystemsHeld(db, ['npm', 'PyPI', 'Go']))].sort(), ['npm']);
      assert.equal(packageLookups(), 1, "npm's packages only");

      feed([advisory('PYSEC-0000-1', 'pkg-1', '1.5', '2024-01-01T00:00:00Z', 'PyPI')]);
      await importer.import([dir]);
      assert.deepEqual(await found(resolveMatches(db, mixed, { cache })), [
        'cmp_1 GHSA-0000-0000-0001 fixed 2.0.0',
        'cmp_1_py PYSEC-0000-1 fixed 1.5',
      ]);
      assert.equal(packageLookups(), 3, 'both ecosystems again, the import having moved the generation');
    });
  });
}
