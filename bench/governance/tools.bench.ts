/**
 * Governance tool latency on demo organisations, and `bulwark demo` generation time.
 *   node bench/governance/tools.bench.ts [--dialect sqlite|postgres] [--sizes 10000,100000] [--runs 5] [--reuse]
 * SQLite: a file under bench/.out/; PostgreSQL: a fresh schema in TEST_DATABASE_URL (or BENCH_DATABASE_URL).
 * Baseline (same run): a full count of the organisation's grant rows, the cheapest query that touches them all.
 * Each tool is called WARMUP times first (JIT and caches warm), then `runs` times; the median is printed with
 * its ratio to the baseline, and the last line of each size is the slowest tool's ratio. Target: ≤ 100 ms.
 * Then every evidence collector in one run (`evidence collect`), `runs` times: the median against its target
 * (≤ 5 s at 100,000 identities) and the longest event-loop stall seen during the runs (target ≤ 100 ms).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { defaultConfig } from '../../src/config.ts';
import { openSqlite, openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { COLLECTORS } from '../../src/compliance/collectors.ts';
import { runDemo } from '../../src/governance/demo/demo.service.ts';
import { toolHandlers } from '../../src/app.ts';
import { governanceToolHandlers } from '../../src/mcp/governance.tools.ts';
import { createServices } from '../../src/services.ts';
import { noTurn } from '../../src/shared/turns.ts';

const { values } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    sizes: { type: 'string', default: '10000,100000' },
    runs: { type: 'string', default: '5' },
    reuse: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const WARMUP = 3;
const TARGET_MS = 100;
const AS_OF = '2026-11-22T00:00:00.000Z';
const outDir = new URL('../.out/', import.meta.url).pathname;

async function openBenchStore(size: number): Promise<{ store: Store; fresh: boolean }> {
  if (values.dialect === 'sqlite') {
    mkdirSync(outDir, { recursive: true });
    const file = `${outDir}governance-${size}.sqlite`;
    const fresh = !(values.reuse && existsSync(file));
    if (fresh) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    return { store: openSqlite(file), fresh };
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('set TEST_DATABASE_URL for --dialect postgres');
  const schema = `bench_governance_${size}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from information_schema.schemata where schema_name = $1', [schema]))
      .rowCount === 1;
  const fresh = !(values.reuse && exists);
  if (fresh) await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  await admin.end();
  return { store: openStore(url, undefined, { schema }), fresh };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

for (const size of values.sizes!.split(',').map(Number)) {
  const { store, fresh } = await openBenchStore(size);
  await migrateToLatest(store.db);
  const services = createServices(store, defaultConfig());
  const slug = `bench-${size}`;
  if (fresh) {
    const cpu = process.cpuUsage();
    const seconds =
      (await time(() => runDemo(store.db, services, slug, { identities: size, seed: 1, asOf: AS_OF }))) /
      1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    // On a shared machine wall time includes waiting for a core; the process's own CPU time is reported too.
    console.log(
      `${values.dialect} ${size} identities: demo ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU in this process (target ≤ 60 s at 100,000: ratio ${(seconds / 60).toFixed(2)})`,
    );
  }
  if (store.dialect === 'postgres') await sql`analyze`.execute(store.db);
  const org = await services.organisations.requireBySlug(slug);
  const principal = {
    tokenId: 'bench',
    orgId: org.id,
    userId: 'bench',
    scopes: new Set(['mcp:read'] as const),
    plan: org.plan,
    mcpWriteEnabled: false,
    reach: null,
    writable: null,
  };
  const ctx = { ...services, principal };
  const counts = await sql<{
    n: number;
  }>`select count(*) as n from gov_grants where org_id = ${org.id}`.execute(store.db);
  const baselineSamples = [];
  for (let i = 0; i < runs; i++)
    baselineSamples.push(
      await time(() => sql`select count(*) from gov_grants where org_id = ${org.id}`.execute(store.db)),
    );
  const baseline = median(baselineSamples);
  console.log(`  baseline count(*) over ${Number(counts.rows[0]?.n)} grants: ${baseline.toFixed(1)} ms`);
  let slowest = { name: '', ms: 0 };
  let over = 0;
  const handlers = toolHandlers();
  for (const name of Object.keys(governanceToolHandlers)) {
    const handler = handlers.get(name)!;
    for (let i = 0; i < WARMUP; i++) await handler(ctx, {});
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await time(() => handler(ctx, {})));
    const ms = median(samples);
    if (ms > slowest.ms) slowest = { name, ms };
    if (ms > TARGET_MS) over += 1;
    console.log(
      `  ${name.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms  ×${(ms / baseline).toFixed(1)} baseline${ms > TARGET_MS ? `  OVER ${TARGET_MS} ms` : ''}`,
    );
  }
  const tools = Object.keys(governanceToolHandlers).length;
  console.log(
    `${values.dialect} ${size}: ${tools - over} of ${tools} tools ≤ ${TARGET_MS} ms; slowest ${slowest.name} ${slowest.ms.toFixed(1)} ms = ×${(slowest.ms / baseline).toFixed(1)} baseline`,
  );
  // A 1 ms probe timer: the longest gap between its ticks is the longest the event loop was held (SQLite answers
  // synchronously, so awaiting a query is not a turn of the loop).
  let last = performance.now();
  let longestHold = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longestHold = Math.max(longestHold, now - last);
    last = now;
  }, 1);
  const collectSamples = [];
  for (let i = 0; i < runs; i++) collectSamples.push(await time(() => services.compliance.collect(org.id)));
  clearInterval(probe);
  const stallMs = Math.max(longestHold, performance.now() - last);
  const collectMs = median(collectSamples);
  console.log(
    `${values.dialect} ${size}: all collectors ${collectMs.toFixed(0)} ms = ×${(collectMs / baseline).toFixed(1)} baseline (target ≤ 5000 ms: ratio ${(collectMs / 5000).toFixed(2)}); longest event-loop stall ${stallMs.toFixed(0)} ms (target ≤ 100)`,
  );
  for (const collector of COLLECTORS) {
    const ms = await time(() =>
      collector.collect({ db: store.db, orgId: org.id, now: new Date().toISOString(), turn: noTurn }),
    );
    console.log(`  collector ${collector.id.padEnd(26)} ${ms.toFixed(1).padStart(8)} ms`);
  }
  await store.close();
}
