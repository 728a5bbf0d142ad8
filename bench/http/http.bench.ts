// Authenticated request throughput of a small GET through the full pipeline, against a bare Fastify route
// measured in the same run. Usage: node bench/http/http.bench.ts [--seconds 8] (DATABASE_URL=postgres://… for PG).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuSeconds, machine, startProcess } from '../support/process.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '32' } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const target = new URL('./target.ts', import.meta.url).pathname;
const benchDir = mkdtempSync(join(tmpdir(), 'bulwark-bench-http-'));

async function measure(
  mode: 'bare' | 'bulwark',
): Promise<{ rps: number; p50: number; p99: number; errors: number; cpuUs: number }> {
  const { child, url } = await startProcess(target, [mode], { BENCH_DIR: benchDir });
  const [address, token] = url.split(' ');
  try {
    const headers: Record<string, string> =
      token && token !== '-' ? { authorization: `Bearer ${token}` } : {};
    // Warm-up, then the measured run.
    await autocannon({ url: address!, connections, duration: 2, headers });
    const cpuBefore = (await cpuSeconds(child.pid!)) ?? 0;
    const result = await autocannon({ url: address!, connections, duration, headers });
    const cpuUs = ((((await cpuSeconds(child.pid!)) ?? 0) - cpuBefore) / result.requests.total) * 1e6;
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
      cpuUs,
    };
  } finally {
    child.kill();
  }
}

const bare = await measure('bare');
const full = await measure('bulwark');
const store = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
console.log(`machine: ${await machine()}; store: ${store}; ${connections} connections, ${duration} s`);
const row = (label: string, r: typeof bare) =>
  `${label.padEnd(14)} ${r.rps.toFixed(0).padStart(7)} req/s  ${r.cpuUs.toFixed(0).padStart(4)} µs server CPU/request  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx/errors ${r.errors}`;
console.log(row('bare route', bare));
console.log(row('full pipeline', full));
// Throughput ratio depends on how busy the shared machine is; the CPU-per-request ratio much less so.
console.log(`throughput ratio full/bare: ${(full.rps / bare.rps).toFixed(2)} (target ≥ 0.50)`);
console.log(
  `CPU-cost ratio bare/full:   ${(bare.cpuUs / full.cpuUs).toFixed(2)} (the throughput ratio a dedicated core would give)`,
);
