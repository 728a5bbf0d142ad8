// Authenticated request throughput of a small GET through the full pipeline, against a bare Fastify route
// measured in the same run, and against the store's floor: a bare route running the same SQL on the raw driver.
// Usage: node bench/http/http.bench.ts [--seconds 5] [--rounds 3]
// (DATABASE_URL=postgres://… for PG).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuSeconds, machine, startProcess } from '../support/process.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const target = new URL('./target.ts', import.meta.url).pathname;
const benchDir = mkdtempSync(join(tmpdir(), 'bulwark-bench-http-'));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuUs: number;
}

interface Server {
  child: ChildProcess;
  address: string;
  headers: Record<string, string>;
}

async function start(mode: 'bare' | 'store' | 'bulwark'): Promise<Server> {
  const { child, url } = await startProcess(target, [mode], { BENCH_DIR: benchDir });
  const [address, token] = url.split(' ');
  const headers: Record<string, string> = token && token !== '-' ? { authorization: `Bearer ${token}` } : {};
  return { child, address: address!, headers };
}

async function measure(server: Server, seconds: number): Promise<Figures> {
  const cpuBefore = (await cpuSeconds(server.child.pid!)) ?? 0;
  const result = await autocannon({
    url: server.address,
    connections,
    duration: seconds,
    headers: server.headers,
  });
  const cpuUs = ((((await cpuSeconds(server.child.pid!)) ?? 0) - cpuBefore) / result.requests.total) * 1e6;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    cpuUs,
  };
}

// Both servers run side by side and are measured in alternating rounds, so that a change in the shared machine's
// load falls on both; each figure is the median of its rounds.
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = (runs: Figures[]): Figures => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((n, r) => n + r.errors, 0),
  cpuUs: median(runs.map((r) => r.cpuUs)),
});

const bareServer = await start('bare');
const storeServer = await start('store');
const fullServer = await start('bulwark');
const bareRuns: Figures[] = [];
const storeRuns: Figures[] = [];
const fullRuns: Figures[] = [];
try {
  // Warm-up (JIT): 2 s each, unmeasured.
  await measure(bareServer, 2);
  await measure(storeServer, 2);
  await measure(fullServer, 2);
  for (let i = 0; i < rounds; i++) {
    bareRuns.push(await measure(bareServer, duration));
    storeRuns.push(await measure(storeServer, duration));
    fullRuns.push(await measure(fullServer, duration));
  }
} finally {
  // SIGINT: the targets exit through process.exit, so a --cpu-prof given in BENCH_NODE_ARGS is written.
  for (const server of [bareServer, storeServer, fullServer]) server.child.kill('SIGINT');
}
const bare = summary(bareRuns);
const floor = summary(storeRuns);
const full = summary(fullRuns);
const store = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
console.log(
  `machine: ${await machine()}; store: ${store}; ${connections} connections, ${rounds} alternating rounds of ${duration} s after a 2 s warm-up; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const row = (label: string, r: Figures) =>
  `${label.padEnd(14)} ${r.rps.toFixed(0).padStart(7)} req/s  ${r.cpuUs.toFixed(0).padStart(4)} µs server CPU/request  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx/errors ${r.errors}`;
console.log(row('bare route', bare));
console.log(row('store floor', floor));
console.log(row('full pipeline', full));
const cpuRounds = (runs: Figures[]) => runs.map((r) => r.cpuUs.toFixed(0)).join(', ');
console.log(
  `  rounds, µs CPU/request: bare ${cpuRounds(bareRuns)}; store floor ${cpuRounds(storeRuns)}; full ${cpuRounds(fullRuns)}`,
);
// The store floor bounds what any pipeline over this store can reach: its own ratio to the bare route.
console.log(
  `store floor / bare: ${(floor.rps / bare.rps).toFixed(2)} throughput, ${(bare.cpuUs / floor.cpuUs).toFixed(2)} by CPU; ` +
    `full / store floor: ${(full.rps / floor.rps).toFixed(2)} throughput, ${(floor.cpuUs / full.cpuUs).toFixed(2)} by CPU`,
);
// Throughput ratio depends on how busy the shared machine is; the CPU-per-request ratio much less so.
console.log(`throughput ratio full/bare: ${(full.rps / bare.rps).toFixed(2)} (target ≥ 0.33)`);
console.log(
  `CPU-cost ratio bare/full:   ${(bare.cpuUs / full.cpuUs).toFixed(2)} (target ≥ 0.33; the throughput ratio a dedicated core would give)`,
);
