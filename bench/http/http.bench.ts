// Authenticated request throughput of a small GET through the full pipeline, against a bare Fastify route
// measured in the same run. Usage: node bench/http/http.bench.ts [--seconds 8] (DATABASE_URL=postgres://… for PG).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machine, startProcess } from '../support/process.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '32' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);
const target = new URL('./target.ts', import.meta.url).pathname;
const benchDir = mkdtempSync(join(tmpdir(), 'bulwark-bench-http-'));

async function measure(mode: 'bare' | 'bulwark'): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const { child, url } = await startProcess(target, [mode], { BENCH_DIR: benchDir });
  const [address, token] = url.split(' ');
  try {
    const headers: Record<string, string> = token && token !== '-' ? { authorization: `Bearer ${token}` } : {};
    // Warm-up, then the measured run.
    await autocannon({ url: address!, connections, duration: 2, headers });
    const result = await autocannon({ url: address!, connections, duration, headers });
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
  } finally {
    child.kill();
  }
}

const bare = await measure('bare');
const full = await measure('bulwark');
const store = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
console.log(`machine: ${await machine()}; store: ${store}; ${connections} connections, ${duration} s`);
console.log(`bare Fastify route      ${bare.rps.toFixed(0).padStart(7)} req/s  p50 ${bare.p50} ms  p99 ${bare.p99} ms  errors ${bare.errors}`);
console.log(`full pipeline (GET /sscs/vendors, bearer token, 3 rows)  ${full.rps.toFixed(0).padStart(7)} req/s  p50 ${full.p50} ms  p99 ${full.p99} ms  errors ${full.errors}`);
console.log(`ratio full/bare: ${(full.rps / bare.rps).toFixed(2)} (target ≥ 0.50)`);
