// The adversary of issue 25 (docs/resilience.md, "The adversary"): on one `bulwark serve`, the 417,200-finding
// SBOM uploaded, an SBOM at the findings cap listed by 12 clients at once and deleted, a 500,000-component list,
// 20-call tool batches over masking bait, and (PostgreSQL + Redis) Redis stopped with SIGSTOP; meanwhile a
// steady client (a worker thread) sends a small request every 50 ms and measures it. Target: its p99 ≤ 250 ms
// and no failure, on SQLite and on PostgreSQL + Redis.
//
//   scripts/with-node.sh node bench/adversary/adversary.bench.ts [--store sqlite|postgres|both]
//
// ADVERSARY_SCALE (default 1, the full adversary) scales the long lists (components, findings) for a quicker run.
// Exit code 0 when every target is met, 1 when one is not, 2 when a binary is missing. Ctrl-C cleans up.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { machine } from '../support/process.ts';
import { cleanUp, cli, findBinaries, scratchDir, startPostgres, startServer } from '../soak/infra.ts';
import {
  closeAgent,
  maskingBait,
  type Outcome,
  plainComponents,
  sameComponents,
  send,
  toolBatch,
  upload,
} from './attacks.ts';
import type { SteadySample } from './steady-worker.ts';

const { values } = parseArgs({ options: { store: { type: 'string', default: 'both' } } });
const SCALE = Number(process.env.ADVERSARY_SCALE ?? '1');
const DATA = new URL('../../../shared/data/', import.meta.url).pathname;
const TARGET_P99_MS = 250;
const STEADY_INTERVAL_MS = 50;
/** Go's stdlib matches 149 advisories of the shared OSV export: 2,800 components make 417,200 findings. */
const STDLIB = ['pkg:golang/stdlib@v1.0.0', 'stdlib', 'v1.0.0'] as const;
const MAX_FINDINGS = 100_000;
const STDLIB_ADVISORIES = 149;
const REDIS_STOP_MS = 15_000;

process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

interface Phase {
  name: string;
  start: number;
  end: number;
  outcome: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function stats(samples: SteadySample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: samples.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms[ms.length - 1] ?? NaN,
    failures: samples.filter((s) => s.status !== 200).length,
  };
}

const summary = (outcomes: Outcome[]) => {
  const statuses = new Map<number, number>();
  for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  const mb = outcomes.reduce((sum, o) => sum + o.bytes, 0) / 2 ** 20;
  const slowest = Math.max(...outcomes.map((o) => o.ms));
  return `${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}; ${mb.toFixed(1)} MiB; slowest ${(slowest / 1000).toFixed(1)} s`;
};

/** A private redis-server whose pid we hold (to stop and continue it). */
async function privateRedis(port: number) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  process.on('exit', () => {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, child };
}

async function run(store: 'sqlite' | 'postgres'): Promise<boolean> {
  const dir = scratchDir(`bulwark-adversary-${store}-`);
  let databaseUrl = `sqlite:${join(dir, 'adversary.sqlite')}`;
  let redis: Awaited<ReturnType<typeof privateRedis>> | undefined;
  if (store === 'postgres') {
    const bins = findBinaries();
    if ('missing' in bins) {
      console.error(`PostgreSQL + Redis run needs: ${bins.missing.join(', ')}`);
      process.exit(2);
    }
    databaseUrl = startPostgres(bins, 55442).url;
    redis = await privateRedis(56389);
  }
  const setupStart = performance.now();
  await cli(databaseUrl, ['migrate']);
  const token = async (org: string) => {
    await cli(databaseUrl, ['org', 'create', org, '--name', org, '--plan', 'professional', '--json']);
    await cli(databaseUrl, [
      'user',
      'create',
      '--org',
      org,
      '--email',
      `owner@${org}.example`,
      '--role',
      'owner',
    ]);
    const created = await cli(databaseUrl, [
      'token',
      'create',
      '--org',
      org,
      '--scopes',
      'sbom:read,sbom:write,mcp:read',
      '--json',
    ]);
    return (JSON.parse(created) as { token: string }).token;
  };
  const adversary = await token('adversary');
  const victim = await token('victim');
  await cli(databaseUrl, ['vulndb', 'import', join(DATA, 'osv/Go-all.zip')]);
  const server = await startServer(
    `adversary-${store}`,
    store === 'sqlite' ? 58091 : 58092,
    {
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_MAX: '1000000',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    },
    dir,
  );
  const base = server.base;

  // Seed (not measured): the long SBOM, the masking bait, the victim's own small list.
  const longCount = Math.round(500_000 * SCALE);
  const long = await upload(base, adversary, 'long.cdx.json', plainComponents(longCount));
  if (long.status !== 201) throw new Error(`seeding the long SBOM: ${long.status} ${long.head}`);
  const longId = /"id":"([^"]+)"/.exec(long.head)?.[1] ?? '';
  await maskingBait(base, adversary, 200);
  for (let i = 0; i < 3; i++)
    await send(`${base}/api/v1/sscs/vendors`, {
      method: 'POST',
      token: victim,
      body: JSON.stringify({
        name: `victim vendor ${i}`,
        type: 'commercial',
        riskTier: 2,
        assessmentStatus: 'not_started',
      }),
    });
  console.log(
    `  set-up ${((performance.now() - setupStart) / 1000).toFixed(0)} s (${longCount} components seeded)`,
  );

  const worker = new Worker(new URL('./steady-worker.ts', import.meta.url), {
    workerData: { base, token: victim, intervalMs: STEADY_INTERVAL_MS },
  });
  const samplesOf = new Promise<SteadySample[]>((resolve) => worker.once('message', resolve));
  const phases: Phase[] = [];
  const phase = async (name: string, attack: () => Promise<string>) => {
    const start = Date.now();
    const outcome = await attack();
    phases.push({ name, start, end: Date.now(), outcome });
  };
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // the steady client's baseline

  let cappedId = '';
  await phase('upload: 2,800 Go stdlib components (417,200 findings)', async () =>
    summary([await upload(base, adversary, 'stdlib.cdx.json', sameComponents(2_800, ...STDLIB))]),
  );
  const cappedCount = Math.floor((MAX_FINDINGS / STDLIB_ADVISORIES) * SCALE);
  await phase(
    `upload: ${cappedCount} stdlib components (${cappedCount * STDLIB_ADVISORIES} findings)`,
    async () => {
      const outcome = await upload(
        base,
        adversary,
        'capped.cdx.json',
        sameComponents(cappedCount, ...STDLIB),
      );
      cappedId = /"id":"([^"]+)"/.exec(outcome.head)?.[1] ?? '';
      return summary([outcome]);
    },
  );
  await phase('12 clients list those findings at once', async () =>
    summary(
      await Promise.all(
        Array.from({ length: 12 }, () =>
          send(`${base}/api/v1/sscs/findings?sbomId=${cappedId}`, { token: adversary }),
        ),
      ),
    ),
  );
  await phase('delete that SBOM', async () =>
    summary([await send(`${base}/api/v1/sscs/sboms/${cappedId}`, { method: 'DELETE', token: adversary })]),
  );
  await phase(`list ${longCount} components`, async () =>
    summary([await send(`${base}/api/v1/sscs/sboms/${longId}/components`, { token: adversary })]),
  );
  await phase('10 batches of 20 supplier_list calls over masking bait', async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 10; i++) outcomes.push(await toolBatch(base, adversary, 20));
    return summary(outcomes);
  });
  if (redis) {
    const child = redis.child;
    await phase(`Redis stopped (SIGSTOP) for ${REDIS_STOP_MS / 1000} s, then continued`, async () => {
      child.kill('SIGSTOP');
      const during: Outcome[] = [];
      const until = Date.now() + REDIS_STOP_MS;
      while (Date.now() < until) {
        during.push(await send(`${base}/readyz`, { token: adversary }));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const degraded = during.filter((o) => o.head.includes('"degraded"')).length;
      child.kill('SIGCONT');
      return `readyz degraded in ${degraded} of ${during.length} probes`;
    });
  }
  worker.postMessage('stop');
  const samples = await samplesOf;
  await worker.terminate();

  console.log(
    `  ${'phase'.padEnd(62)} ${'n'.padStart(5)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)} fail  adversary`,
  );
  const row = (name: string, s: ReturnType<typeof stats>, outcome: string) =>
    console.log(
      `  ${name.padEnd(62)} ${String(s.n).padStart(5)} ${s.p50.toFixed(0).padStart(6)} ${s.p99.toFixed(0).padStart(6)} ${s.max.toFixed(0).padStart(6)} ${String(s.failures).padStart(4)}  ${outcome}`,
    );
  for (const p of phases)
    row(p.name, stats(samples.filter((s) => s.at >= p.start && s.at <= p.end)), p.outcome);
  const all = stats(samples);
  row('whole run (steady client, ms)', all, '');
  const pass = all.p99 <= TARGET_P99_MS && all.failures === 0;
  console.log(
    `  ${store}: steady p99 ${all.p99.toFixed(0)} ms (target ≤ ${TARGET_P99_MS}), ${all.failures} failures of ${all.n}: ${pass ? 'PASS' : 'FAIL'}`,
  );
  server.child.kill('SIGTERM');
  return pass;
}

console.log(
  `adversary: ${await machine()}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, scale ${SCALE}`,
);
const stores =
  values.store === 'both' ? (['sqlite', 'postgres'] as const) : [values.store as 'sqlite' | 'postgres'];
let ok = true;
for (const store of stores) {
  console.log(`\n== ${store}${store === 'postgres' ? ' + Redis' : ''}`);
  ok = (await run(store)) && ok;
}
closeAgent();
cleanUp();
process.exit(ok ? 0 : 1);
