// The statements a warm call of each tool runs on the SQLite bench store (run mcp.bench.ts once first to seed it),
// with each one's time in better-sqlite3's all() over --calls calls, per call: statements.ts's counterpart for
// SQLite (BENCHMARKS.md, "Tool server"). --dump FILE writes each statement's text and first parameters, for the
// sqlite3 shell's EXPLAIN QUERY PLAN.
// Usage: node bench/mcp/sqlite-statements.ts --tools a,b [--calls 500] [--dump FILE]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { toolHandlers } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { createServices } from '../../src/services.ts';
import { benchPrincipal, SLUG } from './seed.ts';

const { values } = parseArgs({
  options: { tools: { type: 'string' }, calls: { type: 'string' }, dump: { type: 'string' } },
});
const calls = Number(values.calls ?? 500);

interface Timed {
  n: number;
  ms: number;
  rows: number;
}
const timed = new Map<string, Timed>();
const dumped = new Map<string, unknown>();
let timing = false;
// Every statement shares one prototype: its all() timed while `timing` is on.
type All = (this: SqliteDatabase.Statement, ...args: unknown[]) => unknown[];
const prototype = Object.getPrototypeOf(new SqliteDatabase(':memory:').prepare('select 1')) as { all: All };
const all = prototype.all;
prototype.all = function (this: SqliteDatabase.Statement, ...args: unknown[]) {
  if (!timing) return all.apply(this, args);
  const t0 = performance.now();
  const rows = all.apply(this, args);
  const e = timed.get(this.source) ?? { n: 0, ms: 0, rows: 0 };
  e.n++;
  e.ms += performance.now() - t0;
  e.rows += rows.length;
  timed.set(this.source, e);
  if (!dumped.has(this.source)) dumped.set(this.source, args[0]);
  return rows;
};

const store = openStore(`sqlite:${new URL('../.out/mcp-demo.sqlite', import.meta.url).pathname}`);
const services = createServices(store, defaultConfig());
const org = await services.organisations.requireBySlug(SLUG);
const principal = benchPrincipal(org.id);
const handlers = toolHandlers();
for (const tool of values.tools?.split(',') ?? []) {
  const handler = handlers.get(tool)!;
  // The memos filled and the statements prepared first.
  for (let i = 0; i < 100; i++) await handler({ ...services, principal }, {});
  timed.clear();
  timing = true;
  for (let i = 0; i < calls; i++) await handler({ ...services, principal }, {});
  timing = false;
  console.log(`${tool} (${calls} calls):`);
  for (const [source, e] of [...timed].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `  ${(e.ms / calls).toFixed(3)} ms a call  ×${(e.n / calls).toFixed(1)}  ${(e.rows / e.n).toFixed(0)} rows  ${source.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
}
await store.close();
if (values.dump)
  writeFileSync(
    values.dump,
    JSON.stringify(
      [...dumped].map(([sql, parameters]) => ({ sql, parameters })),
      null,
      1,
    ),
  );
