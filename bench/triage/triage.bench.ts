// Creating a triage rule that matches 100,000 open findings: how long until they are all triaged (target ≤ 2 s),
// and the longest the event loop was held meanwhile (target ≤ 100 ms), measured with a 1 ms probe timer. The
// baseline, in the same run, is the bare UPDATE of the same findings in one statement (what the store alone costs).
// Usage: node bench/triage/triage.bench.ts [--findings 100000] [--drop-index <name>]… [--analyze <table>]… [--drop-history-fk]
//   [--profile <file.cpuprofile>] [--skip-baseline]
// (DATABASE_URL=postgres://… for PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openSqlite, type Store } from '../../src/db/connect.ts';
import { analyzeTables } from '../../src/db/helpers.ts';
import { seedTriage } from './seed.ts';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';
import { machine } from '../support/process.ts';
import { profiled } from '../support/profiled.ts';
import { sampleBackendCpu, withApplicationName } from '../support/pg-backend-cpu.ts';

const { values } = parseArgs({
  options: {
    findings: { type: 'string', default: '100000' },
    // What an index costs the pass (BENCHMARKS.md "Triage rules"): dropped after seeding, in both stores.
    'drop-index': { type: 'string', multiple: true, default: [] },
    // Tables analysed after seeding (their planner statistics: what do they change in the pass?).
    analyze: { type: 'string', multiple: true, default: [] },
    // PostgreSQL: the history's foreign key to findings dropped after seeding (its per-row check on insert), to
    // measure what a history without it would save (BENCHMARKS.md "Triage rules"); not a schema the product has.
    'drop-history-fk': { type: 'boolean', default: false },
    // A CPU profile of the pass alone (node --cpu-prof would be mostly the seed).
    profile: { type: 'string' },
    // Only the pass (a quicker A/B when the baseline of the same minutes is not needed).
    'skip-baseline': { type: 'boolean', default: false },
  },
});
const total = Number(values.findings);

const postgres = process.env.DATABASE_URL?.startsWith('postgres');
const dir = mkdtempSync(join(tmpdir(), 'bench-triage-'));
const pgUrl = process.env.DATABASE_URL!;
const applicationName = `bench-triage-${process.pid}`;
const openBench = async (): Promise<Store> =>
  postgres
    ? openThrowawaySchemaStore(withApplicationName(pgUrl, applicationName))
    : openSqlite(join(dir, 'triage.sqlite'), undefined, true);

/**
 * Runs `work` with a 1 ms probe timer; returns the work's time, the longest gap the probe saw, and the CPU time
 * of this process and (PostgreSQL) of the store's backends: on the shared machine wall time follows the others'
 * load, CPU time much less.
 */
async function timed(
  work: () => Promise<unknown>,
): Promise<{ ms: number; maxHoldMs: number; nodeCpuMs: number; pgCpuMs: number | undefined }> {
  const backends = postgres ? await sampleBackendCpu(pgUrl, applicationName) : undefined;
  const cpuBefore = process.cpuUsage();
  let last = performance.now();
  let maxHoldMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    maxHoldMs = Math.max(maxHoldMs, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  clearInterval(probe);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    ms,
    maxHoldMs: Math.max(maxHoldMs, performance.now() - last),
    nodeCpuMs: (cpu.user + cpu.system) / 1000,
    pgCpuMs: await backends?.stop(),
  };
}

async function dropIndexes(store: Store): Promise<void> {
  for (const index of values['drop-index']) await sql`drop index ${sql.id(index)}`.execute(store.db);
  if (values['drop-history-fk'] && postgres)
    await sql`alter table finding_history drop constraint finding_history_finding_id_fkey`.execute(store.db);
  if (values.analyze.length > 0) await analyzeTables(store.db, values.analyze);
}

const RULE = {
  name: 'every npm package of the portal',
  match: { purls: ['pkg:npm/*'], assetNames: ['portal'] },
  analysis: {
    status: 'accepted_risk' as const,
    response: ['will_not_fix' as const],
    detail: 'frozen until the rewrite',
  },
  priority: 50,
};

console.log(
  `triage bench: ${total} open findings, ${postgres ? 'PostgreSQL' : 'SQLite'}${values['drop-index'].length ? `, without ${values['drop-index'].join(', ')}` : ''}${values.analyze.length ? `, ${values.analyze.join(', ')} analysed` : ''}${values['drop-history-fk'] ? ', history without its foreign key' : ''}; ${await machine()}`,
);
/** The bare UPDATE of every finding in one statement, on a store of its own. */
async function bareUpdate(): Promise<Awaited<ReturnType<typeof timed>>> {
  const baselineStore = await openBench();
  const baseline = await seedTriage(baselineStore, total);
  await dropIndexes(baselineStore);
  const floor = await timed(() =>
    baselineStore.db
      .updateTable('findings')
      .set({ status: 'accepted_risk' })
      .where('org_id', '=', baseline.orgId)
      .execute(),
  );
  await baselineStore.close();
  rmSync(join(dir, 'triage.sqlite'), { force: true });
  return floor;
}

const floor = values['skip-baseline'] ? undefined : await bareUpdate();

const store = await openBench();
const { services, orgId } = await seedTriage(store, total);
await dropIndexes(store);
const run = await timed(() =>
  profiled(values.profile, async () => {
    const rule = await services.triageRules.create(orgId, 'system', RULE);
    if (rule.effect.triaged !== total) throw new Error(`triaged ${rule.effect.triaged}, expected ${total}`);
  }),
);
await store.close();
rmSync(dir, { recursive: true, force: true });

const cpuOf = (t: Awaited<ReturnType<typeof timed>>) =>
  `CPU node ${t.nodeCpuMs.toFixed(0)} ms${t.pgCpuMs === undefined ? '' : `, PostgreSQL ${t.pgCpuMs.toFixed(0)} ms`}`;
if (floor)
  console.log(
    `baseline (one UPDATE of every finding): ${floor.ms.toFixed(0)} ms, longest hold ${floor.maxHoldMs.toFixed(0)} ms; ${cpuOf(floor)}`,
  );
console.log(
  `rule create + apply:                    ${run.ms.toFixed(0)} ms, longest hold ${run.maxHoldMs.toFixed(0)} ms; ${cpuOf(run)}`,
);
console.log(
  `${floor ? `ratio ${(run.ms / floor.ms).toFixed(2)}× the baseline; ` : ''}target ≤ 2000 ms: ${run.ms <= 2000 ? 'met' : 'NOT met'}; hold ≤ 100 ms: ${run.maxHoldMs <= 100 ? 'met' : 'NOT met'}`,
);
