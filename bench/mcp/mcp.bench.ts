// Tool-server latency and throughput over HTTP: tools/call audit_trail_search on 1,000,000 audit entries and
// supplier_list on 10,000 vendors, against baselines in the same run (REST GET /sscs/vendors; a direct
// in-process audit search, since the audit trail has no REST route).
// Usage: node bench/mcp/mcp.bench.ts [--seconds 10] [--rate 200]   (DATABASE_URL=postgres://… for PostgreSQL)
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { searchAudit } from '../../src/audit/audit.repository.ts';
import { builtinToolHandlers } from '../../src/mcp/builtin-tools.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { createServices } from '../../src/services.ts';
import { cpuSeconds, machine, startProcess } from '../support/process.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, rate: { type: 'string', default: '200' } },
});
const duration = Number(values.seconds);
const rate = Number(values.rate);
const target = new URL('./target.ts', import.meta.url).pathname;
const outDir = new URL('../.out/', import.meta.url).pathname;

const { child, url: line } = await startProcess(target, []);
const [base, token, actorId, orgId] = line.split(' ') as [string, string, string, string];
const auth = { authorization: `Bearer ${token}` };
const mcpHeaders = {
  ...auth,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
const toolCall = (name: string, args: object) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });

interface Scenario {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const scenarios: Scenario[] = [
  {
    label: 'MCP audit_trail_search (page 1, limit 50)',
    method: 'POST',
    path: '/api/v1/mcp',
    body: toolCall('audit_trail_search', {}),
  },
  {
    label: 'MCP audit_trail_search (actor, offset 5000)',
    method: 'POST',
    path: '/api/v1/mcp',
    body: toolCall('audit_trail_search', { actorId, offset: 5000 }),
  },
  {
    label: 'MCP supplier_list (10,000 vendors)',
    method: 'POST',
    path: '/api/v1/mcp',
    body: toolCall('supplier_list', {}),
  },
  { label: 'REST GET /sscs/vendors (10,000)', method: 'GET', path: '/api/v1/sscs/vendors' },
];

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  cpuMsPerCall?: number;
}

async function run(
  s: Scenario,
  options: { overallRate?: number; connections: number; seconds: number },
): Promise<Figures> {
  const headers = s.method === 'POST' ? mcpHeaders : auth;
  const cpuBefore = (await cpuSeconds(child.pid!)) ?? 0;
  const result = await autocannon({
    url: `${base}${s.path}`,
    method: s.method,
    headers,
    ...(s.body ? { body: s.body } : {}),
    connections: options.connections,
    duration: options.seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  const cpu = ((await cpuSeconds(child.pid!)) ?? 0) - cpuBefore;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMsPerCall: (cpu / Math.max(1, result.requests.total)) * 1000,
  };
}

/** Sanity: every scenario answers successfully and with what it claims before it is timed. */
async function check(s: Scenario): Promise<number> {
  const response = await fetch(`${base}${s.path}`, {
    method: s.method,
    headers: s.method === 'POST' ? mcpHeaders : auth,
    ...(s.body ? { body: s.body } : {}),
  });
  const text = await response.text();
  if (response.status !== 200 || text.includes('"isError":true'))
    throw new Error(`${s.label}: ${response.status} ${text.slice(0, 300)}`);
  return text.length;
}

/**
 * Baselines for the audit tool, in process (no HTTP, MCP, validation or masking): the tool's own handler, and
 * the plain repository search that counts the whole trail on every call.
 */
async function directAudit(iterations: number): Promise<{ handler: Percentiles; naive: Percentiles }> {
  const store = openStore(process.env.DATABASE_URL ?? `sqlite:${outDir}mcp.sqlite`);
  const services = createServices(store, defaultConfig());
  const handler = builtinToolHandlers.audit_trail_search!;
  const users = await services.tenancy.listUsers(orgId);
  const principal = {
    tokenId: 'bench',
    orgId,
    userId: users[0]!.id,
    scopes: new Set(['mcp:read' as const]),
    plan: 'professional',
    mcpWriteEnabled: false,
  };
  try {
    const viaHandler = await timeIt(iterations, () =>
      handler({ ...services, principal }, { limit: 50, offset: 0 }),
    );
    const naive = await timeIt(Math.ceil(iterations / 20), () =>
      searchAudit(store.db, orgId, { limit: 50, offset: 0 }),
    );
    return { handler: viaHandler, naive };
  } finally {
    await store.close();
  }
}

interface Percentiles {
  p50: number;
  p99: number;
}

async function timeIt(iterations: number, fn: () => Promise<unknown>): Promise<Percentiles> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]! };
}

try {
  const sizes = [];
  for (const s of scenarios) sizes.push(await check(s));
  for (const s of scenarios) await run(s, { connections: 4, seconds: 2 }); // warm-up
  const store = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
  console.log(`machine: ${await machine()}; store: ${store}; ${duration} s per run`);
  const paced: Figures[] = [];
  console.log(`\nAt a fixed ${rate} calls/s (10 connections):`);
  for (const [i, s] of scenarios.entries()) {
    const f = await run(s, { overallRate: rate, connections: 10, seconds: duration });
    paced.push(f);
    console.log(
      `  ${s.label.padEnd(46)} p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${f.rps.toFixed(0)} calls/s  ${f.cpuMsPerCall!.toFixed(2)} ms CPU/call  ${(sizes[i]! / 1024).toFixed(1)} KiB  errors ${f.errors}`,
    );
  }
  console.log('\nThroughput (16 connections, unpaced):');
  const open: Figures[] = [];
  for (const s of scenarios) {
    const f = await run(s, { connections: 16, seconds: duration });
    open.push(f);
    console.log(
      `  ${s.label.padEnd(46)} ${f.rps.toFixed(0).padStart(6)} calls/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}`,
    );
  }
  const direct = await directAudit(2000);
  const ms = (p: Percentiles) => `p50 ${p.p50.toFixed(2)} ms  p99 ${p.p99.toFixed(2)} ms`;
  console.log(
    `\nBaselines in process (no HTTP): the tool's handler ${ms(direct.handler)}; repository search with a full count ${ms(direct.naive)}`,
  );
  console.log('\nRatios (same run):');
  console.log(
    `  supplier_list / REST vendors: p50 ${(paced[2]!.p50 / Math.max(paced[3]!.p50, 1)).toFixed(2)}×, throughput ${(open[2]!.rps / open[3]!.rps).toFixed(2)}×`,
  );
  console.log(
    `  audit_trail_search over HTTP / direct handler call: p50 ${(paced[0]!.p50 / Math.max(direct.handler.p50, 0.01)).toFixed(1)}× (adds HTTP, auth, MCP, validation, masking)`,
  );
  const worst = Math.max(...paced.slice(0, 3).map((f) => f.p99));
  console.log(
    `  target p99 ≤ 25 ms at ${rate} calls/s: ${worst <= 25 ? 'met' : 'NOT met'} (worst tool p99 ${worst} ms)`,
  );
} finally {
  child.kill('SIGTERM');
}
