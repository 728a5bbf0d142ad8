// How long an upload's last transaction holds the store's writer when the upload has many findings
// (docs/upload-fairness.md): the findings are matched outside any transaction and written in the last one, with
// carry-over and the deferred event. A 100,000-component SBOM (bench/match/data.ts: synthetic packages in five
// ecosystems) is uploaded into a store holding `--advisories` synthetic advisories over its packages, while
// another organisation creates a vendor every 20 ms (the small write of issue 34). Prints the last transaction's
// time (from its first findings' write to the end of `matchedAll`: the asset, count and audit rows before and
// after it are a few rows), the findings, and the other write's p50 / p99 / max.
// Usage: node bench/upload/last-transaction.bench.ts [--components 100000] [--advisories 50000] [--dialect sqlite|postgres]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { FindingService } from '../../src/findings/finding.service.ts';
import { withCarryOver } from '../../src/pipeline/index.ts';
import type { SbomFindingsHooks } from '../../src/sboms/component-matcher.ts';
import { SbomService } from '../../src/sboms/sbom.service.ts';
import { OrganisationService } from '../../src/tenancy/organisation.service.ts';
import { TokenService } from '../../src/tenancy/token.service.ts';
import { UserService } from '../../src/tenancy/user.service.ts';
import { VendorService } from '../../src/vendors/vendor.service.ts';
import { VulnDbService } from '../../src/vulndb/index.ts';
import { advisory, component, cyclonedx, prng, syntheticPackage, versionOf } from '../match/data.ts';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';
import { machine } from '../support/process.ts';

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '100000' },
    advisories: { type: 'string', default: '50000' },
    dialect: { type: 'string', default: 'sqlite' },
  },
});
const COMPONENTS = Number(values.components);
const ADVISORIES = Number(values.advisories);
const dialect = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-last-trx-'));

function openBenchStore(): Store | Promise<Store> {
  // As `bulwark serve` opens it (src/server.ts): WAL checkpoints in a thread of their own.
  if (dialect === 'sqlite')
    return openStore(`sqlite:${join(dir, 'store.sqlite')}`, undefined, { backgroundCheckpoints: true });
  return openThrowawaySchemaStore();
}

/** The findings hooks, noting when the last transaction writes its first findings and when `matchedAll` ends. */
function timed(hooks: SbomFindingsHooks, marks: { first?: number; end?: number }): SbomFindingsHooks {
  return {
    ...hooks,
    matchComponents: async (db, orgId, sbomId, components, max) => {
      const batch = await hooks.matchComponents(db, orgId, sbomId, components, max);
      return {
        count: batch.count,
        store: async (trx) => {
          marks.first ??= performance.now();
          await batch.store(trx);
        },
      };
    },
    matchedAll: async (trx, orgId, sbomId, created) => {
      marks.first ??= performance.now();
      await hooks.matchedAll(trx, orgId, sbomId, created);
      marks.end = performance.now();
    },
  };
}

const store = await openBenchStore();
try {
  await migrateToLatest(store.db);
  const findings = new FindingService(store.db);
  const vulndb = new VulnDbService(store.db);
  const pool = Array.from({ length: Math.floor(COMPONENTS / 2) }, (_, i) => syntheticPackage(i));
  const rand = prng(42);
  const advRand = prng(7);
  const feed = join(dir, 'synthetic.jsonl');
  writeFileSync(
    feed,
    Array.from({ length: ADVISORIES }, (_, k) =>
      advisory(k, pool[k % pool.length]!, k % pool.length, advRand),
    ).join('\n'),
  );
  await vulndb.import([feed]);
  const doc = cyclonedx(
    pool.flatMap((pkg, i) => [0, 1].map((slot) => component(pkg, versionOf(i, slot, rand)))),
  );
  const organisations = new OrganisationService(store.db);
  const users = new UserService(store.db, new TokenService(store.db));
  const owner = await organisations.create({ slug: 'bench-upload', plan: 'professional' });
  const user = await users.add(owner.id, { email: 'bench@example.com' });
  const other = await organisations.create({ slug: 'bench-other', plan: 'professional' });
  const otherUser = await users.add(other.id, { email: 'other@example.com' });
  const vendors = new VendorService(store.db);
  const marks: { first?: number; end?: number } = {};
  const sboms = new SbomService(store.db, { hooks: timed(withCarryOver(findings), marks) });

  const latencies: number[] = [];
  const spans: [number, number][] = [];
  let running = true;
  let n = 0;
  const writes = (async () => {
    while (running) {
      const started = performance.now();
      await vendors.create(other.id, otherUser.id, {
        name: `Vendor ${n++}`,
        type: 'commercial',
        riskTier: 2,
        assessmentStatus: 'not_started',
      });
      latencies.push(performance.now() - started);
      spans.push([started, performance.now()]);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const result = await sboms.upload(
    owner.id,
    user.id,
    { fileName: 'bench.cdx.json', bytes: Buffer.from(doc) },
    {},
  );
  const uploadMs = performance.now() - started;
  running = false;
  await writes;
  latencies.sort((a, b) => a - b);
  // The writes that overlapped the last transaction: each waited for it, or ran before it began.
  const during = spans
    .filter(([start, end]) => end > (marks.first ?? 0) && start < (marks.end ?? 0))
    .map(([start, end]) => (end - start).toFixed(0));
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  console.log(await machine());
  console.log(
    `${dialect}: ${result.componentCount} components, ${result.findingCount} findings (${ADVISORIES} advisories); ` +
      `upload ${(uploadMs / 1000).toFixed(2)} s; last transaction (findings, carry-over, deferred event) ` +
      `${((marks.end ?? 0) - (marks.first ?? 0)).toFixed(0)} ms`,
  );
  console.log(
    `another organisation's vendor create during the upload: p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, ` +
      `max ${(latencies.at(-1) ?? 0).toFixed(0)} ms (${latencies.length} writes; target p99 ≤ 200 ms); ` +
      `those overlapping the last transaction: ${during.join(', ') || 'none'} ms`,
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
