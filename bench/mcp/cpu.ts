// CPU per call of tools' handlers in process, no HTTP: this process's and, on PostgreSQL, its backends' (their
// /proc times, bench/support/pg-backend-cpu.ts), for an A/B of two trees' code in the same minutes, each on its
// own seeded store (BENCH_MCP_SCHEMA). --root names the tree whose code runs (default: this one).
// Usage: [DATABASE_URL=postgres://… BENCH_MCP_SCHEMA=…] node bench/mcp/cpu.ts --tools a,b [--calls 400] [--root DIR]
import { parseArgs } from 'node:util';
import { sampleBackendCpu, withApplicationName } from '../support/pg-backend-cpu.ts';
import { benchPrincipal, SLUG } from './seed.ts';

const { values } = parseArgs({
  options: { tools: { type: 'string' }, calls: { type: 'string' }, root: { type: 'string' } },
});
const root = values.root ?? new URL('../..', import.meta.url).pathname;
const load = (path: string) => import(`${root}/${path}`);
const { openStore } = await load('src/db/connect.ts');
const { defaultConfig } = await load('src/config.ts');
const { createServices } = await load('src/services.ts');
const { toolHandlers } = await load('src/app.ts');
const calls = Number(values.calls ?? 400);
const app = `bench-mcp-cpu-${process.pid}`;
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const store = pgUrl
  ? openStore(withApplicationName(pgUrl, app), undefined, {
      schema: process.env.BENCH_MCP_SCHEMA ?? 'bench_mcp_demo',
    })
  : openStore(`sqlite:${new URL('../.out/mcp-demo.sqlite', import.meta.url).pathname}`);
const services = createServices(store, defaultConfig());
const org = await services.organisations.requireBySlug(SLUG);
const principal = benchPrincipal(org.id);
const handlers = toolHandlers();
for (const tool of values.tools?.split(',') ?? []) {
  const handler = handlers.get(tool)!;
  // Past PostgreSQL's five custom plans per pooled connection, and the memos filled.
  for (let i = 0; i < 100; i++) await handler({ ...services, principal }, {});
  const backends = pgUrl ? await sampleBackendCpu(pgUrl, app) : undefined;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await handler({ ...services, principal }, {});
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const backendMs = backends ? await backends.stop() : 0;
  console.log(
    `${tool.padEnd(28)} wall ${(wall / calls).toFixed(2)} ms  process CPU ${((cpu.user + cpu.system) / 1000 / calls).toFixed(2)} ms  backends CPU ${(backendMs / calls).toFixed(2)} ms  a call (${calls} calls)`,
  );
}
await store.close();
