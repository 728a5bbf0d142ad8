import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createOrg } from '../../test/support/app.ts';
import { SHARED_DATA, sharedDataSkip } from '../../test/support/shared-data.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { SbomService } from '../sboms/sbom.service.ts';
import { VulnDbService } from '../vulndb/index.ts';
import { CandidateCache } from './candidate-cache.ts';
import { resolveMatches, toCandidate, type ResolvedVulnerability } from './finding-matching.ts';
import { matchedColumns } from './finding-rows.ts';
import { FindingService } from './finding.service.ts';
import { MatchWorker } from './match-in-worker.ts';

const DATA = fileURLToPath(SHARED_DATA);
const ZIPS = [`${DATA}osv/PyPI-all.zip`, `${DATA}osv/Go-all.zip`];

/** component id → its findings' stored columns, sorted: what an upload writes of each match. */
const written = (matches: ReadonlyMap<string, ResolvedVulnerability[]>) =>
  [...matches].flatMap(([id, list]) => list.map((v) => `${id} ${JSON.stringify(matchedColumns(v))}`)).sort();

for (const dialect of DIALECTS) {
  describe(`${dialect}: matching in a worker thread`, () => {
    it(
      'gives the findings in-process matching gives, on the PyPI and Go advisories',
      { skip: sharedDataSkip('osv') },
      async (t) => {
        const store = await createTestStore(dialect);
        const worker = new MatchWorker();
        t.after(async () => {
          await worker.close();
          await store.close();
        });
        await new VulnDbService(store.db).import(ZIPS);
        // Every Go and PyPI package with an advisory, at up to six versions its ranges and lists name (on, below
        // and past the bounds) and one nothing names: in batches as an upload sends them.
        const affected = await store.db
          .selectFrom('vuln_affected')
          .select(['ecosystem', 'package_key', 'name', 'ranges', 'versions'])
          .where('ecosystem', 'in', ['Go', 'PyPI'])
          .orderBy(['ecosystem', 'package_key', 'advisory_id', 'idx'])
          .execute();
        const versions = new Map<string, { row: (typeof affected)[number]; versions: Set<string> }>();
        for (const row of affected) {
          const key = `${row.ecosystem} ${row.package_key}`;
          const entry = versions.get(key) ?? { row, versions: new Set(['0.0.1-pre']) };
          versions.set(key, entry);
          const events = (JSON.parse(row.ranges) as { events: { value: string }[] }[]).flatMap(
            (r) => r.events,
          );
          for (const v of [...events.map((e) => e.value), ...(JSON.parse(row.versions) as string[])])
            if (v !== '0' && entry.versions.size < 7) entry.versions.add(v);
        }
        const components = [...versions.values()].flatMap(({ row, versions }, i) =>
          [...versions].map((version, j) => ({
            id: `cmp_${i}_${j}`,
            ecosystem: row.ecosystem,
            packageKey: row.package_key,
            name: row.name,
            version,
            purl: null,
          })),
        );
        const cache = new CandidateCache(toCandidate);
        let total = 0;
        for (let at = 0; at < components.length; at += 4000) {
          const batch = components.slice(at, at + 4000);
          const inWorker = await worker.match(store.db, batch, cache, 'MEDIUM');
          assert.ok(inWorker, 'the worker answered');
          const inProcess = (await resolveMatches(store.db, batch, { cache })).matches;
          assert.deepEqual(written(inWorker), written(inProcess));
          total += written(inProcess).length;
        }
        assert.ok(components.length > 8_000, `${components.length} components`);
        assert.ok(total > 30_000, `${total} findings compared`);
      },
    );

    for (const broken of ['crash', 'stall'] as const) {
      it(`uploads with in-process matching when the worker ${broken === 'crash' ? 'fails' : 'never answers'}`, async (t) => {
        const { store, services } = await build(t, dialect);
        const org = await createOrg(services);
        const worker = new MatchWorker({
          url: new URL(`./match-worker-${broken}.fixture.ts`, import.meta.url),
          timeoutMs: 300,
        });
        t.after(() => worker.close());
        // 500 npm packages, each with one advisory affecting versions below 2.0.0; an SBOM of 1,000 components,
        // two versions of each package: one batch, large enough for the worker (MATCH_IN_WORKER_FROM).
        const dir = mkdtempSync(join(tmpdir(), 'match-worker-'));
        t.after(() => rmSync(dir, { recursive: true }));
        writeFileSync(
          join(dir, 'feed.json'),
          JSON.stringify(
            Array.from({ length: 500 }, (_, i) => ({
              schema_version: '1.6.0',
              id: `GHSA-0000-0000-${String(i).padStart(4, '0')}`,
              modified: '2024-01-01T00:00:00Z',
              affected: [
                {
                  package: { ecosystem: 'npm', name: `pkg-${i}` },
                  ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.0.0' }] }],
                },
              ],
            })),
          ),
        );
        await new VulnDbService(store.db).import([dir]);
        const sbom = JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          components: Array.from({ length: 1000 }, (_, i) => ({
            type: 'library',
            name: `pkg-${i % 500}`,
            version: i < 500 ? '1.0.0' : '2.0.0',
            purl: `pkg:npm/pkg-${i % 500}@${i < 500 ? '1.0.0' : '2.0.0'}`,
          })),
        });
        const uploads = new SbomService(store.db, {
          hooks: new FindingService(store.db, { matchWorker: worker }),
        });
        const started = performance.now();
        const done = await uploads.upload(
          org.id,
          org.userId,
          { fileName: 'app.cdx.json', bytes: Buffer.from(sbom) },
          {},
        );
        // Each 1.0.0 is affected, no 2.0.0 is; the stalled worker cost its timeout, not more.
        assert.deepEqual([done.componentCount, done.findingCount], [1000, 500]);
        assert.ok(performance.now() - started < 10_000);
        const stored = await store.db
          .selectFrom('findings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sbom_id', '=', done.id)
          .executeTakeFirstOrThrow();
        assert.equal(Number(stored.n), 500);
        // The broken worker was dropped: the next batch asks a new one (and falls back again).
        const components = Array.from({ length: 600 }, (_, i) => ({
          id: `c${i}`,
          ecosystem: 'npm',
          packageKey: `pkg-${i % 500}`,
          name: `pkg-${i % 500}`,
          version: '1.0.0',
          purl: null,
        }));
        assert.equal(
          await worker.match(store.db, components, new CandidateCache(toCandidate), 'MEDIUM'),
          undefined,
        );
      });
    }
  });
}
