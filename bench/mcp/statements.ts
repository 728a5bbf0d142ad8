// The statements a warm call of each tool sends to PostgreSQL on the tool-server bench store, with each one's
// round-trip time in process and, with --explain, its plan's execution time and buffers (EXPLAIN (ANALYZE,
// BUFFERS) of the same text and values). pg_stat_statements is not installed; this is how BENCHMARKS.md's
// "Tool server" counts a tool's round trips. Run the bench (mcp.bench.ts) once first to seed the store.
// Usage: DATABASE_URL=postgres://… [BENCH_MCP_SCHEMA=…] node bench/mcp/statements.ts --tools a,b [--explain]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { toolHandlers } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { TOOL_CATALOG } from '../../src/mcp/generated/tool-catalog.ts';
import { createServices } from '../../src/services.ts';
import { benchOrg } from './seed.ts';

const { values } = parseArgs({
  options: {
    tools: { type: 'string' },
    explain: { type: 'boolean', default: false },
    calls: { type: 'string' },
    dump: { type: 'string' },
  },
});
const pgUrl = process.env.DATABASE_URL;
if (!pgUrl?.startsWith('postgres'))
  throw new Error('DATABASE_URL=postgres://… (the bench store of mcp.bench.ts)');
const schema = process.env.BENCH_MCP_SCHEMA ?? 'bench_mcp_demo';

interface Sent {
  text: string;
  values: unknown[];
  ms: number;
}
let sent: Sent[] | null = null;
// Every statement through pg's client, timed from send to result (the round trip as the server sees it).
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof config === 'string' ? config : config.text;
  const params = (typeof config === 'string' ? args[1] : config.values) as unknown[] | undefined;
  const t0 = performance.now();
  const out = query.apply(this, args);
  const log = sent;
  if (log && out instanceof Promise)
    void out.then(
      () => log.push({ text, values: params ?? [], ms: performance.now() - t0 }),
      () => undefined,
    );
  return out;
} as typeof pg.Client.prototype.query;

const store = openStore(pgUrl, undefined, { schema });
const services = createServices(store, defaultConfig());
const org = await benchOrg(services);
const principal = (await services.tokens.authenticate(org.token))!;
const handlers = toolHandlers();
const explainer = new pg.Client({ connectionString: pgUrl });
await explainer.connect();
await explainer.query(`set search_path to ${schema}`);
const dumped: unknown[] = [];
const calls = Number(values.calls ?? 20);
const argsFor: Record<string, Record<string, unknown>> = {
  audit_trail_search: { actorId: org.actorId, offset: 5000 },
};

for (const tool of values.tools?.split(',') ?? []) {
  const definition = TOOL_CATALOG.find((t) => t.name === tool.split(':')[0])!;
  const args = z
    .fromJSONSchema(definition.inputSchema as Parameters<typeof z.fromJSONSchema>[0])
    .parse(tool.includes(':') ? argsFor[definition.name] : {}) as Record<string, unknown>;
  const handler = handlers.get(definition.name)!;
  // Past the 5 custom plans per pooled connection PostgreSQL makes before it settles on a generic one.
  for (let i = 0; i < 80; i++) await handler({ ...services, principal }, args);
  const times: number[] = [];
  const runs: Sent[][] = [];
  for (let i = 0; i < calls; i++) {
    sent = [];
    const t0 = performance.now();
    await handler({ ...services, principal }, args);
    times.push(performance.now() - t0);
    runs.push(sent);
    sent = null;
  }
  // Each statement's median round trip over the calls (by its text: independent reads finish in any order).
  const last = runs.at(-1)!;
  const median = (text: string) => {
    const ms = runs.flatMap((r) => r.filter((s) => s.text === text).map((s) => s.ms)).sort((a, b) => a - b);
    return ms[Math.floor(ms.length / 2)]!;
  };
  times.sort((a, b) => a - b);
  console.log(
    `\n${tool}: ${last.length} statements a warm call, handler p50 ${times[Math.floor(calls / 2)]!.toFixed(2)} ms`,
  );
  dumped.push({ tool, statements: last.map((s) => ({ text: s.text, values: s.values })) });
  for (const s of last) {
    let plan = '';
    if (values.explain) {
      await explainer.query(`explain (analyze, buffers, timing off, format json) ${s.text}`, s.values);
      const r = await explainer.query(
        `explain (analyze, buffers, timing off, format json) ${s.text}`,
        s.values,
      );
      const [top] = (r.rows[0] as { 'QUERY PLAN': Array<Record<string, unknown>> })['QUERY PLAN'];
      const p = top!.Plan as Record<string, number>;
      plan = ` | exec ${Number(top!['Execution Time']).toFixed(3)} ms plan ${Number(top!['Planning Time']).toFixed(3)} ms, buffers hit ${p['Shared Hit Blocks']} read ${p['Shared Read Blocks']}`;
    }
    console.log(
      `  ${median(s.text).toFixed(2).padStart(6)} ms${plan}  ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  }
}
if (values.dump) writeFileSync(values.dump, JSON.stringify(dumped, null, 1));
await explainer.end();
await store.close();
