// Where a tool call's time goes on PostgreSQL, from inside the server under test: loaded into the target with
// BENCH_NODE_ARGS="--import ./bench/mcp/trace-preload.ts" (mcp.bench.ts passes it on). Every second it writes one
// line to stderr: pool checkouts and their wait (queued behind the pool's size), the pool's queue, statements and
// their round trip, the longest event-loop delay and GC pause, and the server's backends sampled every 10 ms in
// pg_stat_activity (state / wait event). Measurement only: nothing here changes what the server does.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

const pids = new Set<number>();
/** The connection sampling pg_stat_activity (not the store's). */
let sampler: pg.Client | undefined;
const checkoutWaits: number[] = [];
const queries: number[] = [];
let maxQueued = 0;
let maxGc = 0;
const samples = new Map<string, number>();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) maxGc = Math.max(maxGc, e.duration);
}).observe({ entryTypes: ['gc'] });

// Experiments, not settings: BENCH_PG_POOL_MAX gives the store's pool another size (connect.ts's is 10), and
// BENCH_PG_OPTIONS adds server options to its connections (`-c plan_cache_mode=force_custom_plan`).
const poolMax = Number(process.env.BENCH_PG_POOL_MAX ?? 0);
const extraOptions = process.env.BENCH_PG_OPTIONS;
if (poolMax > 0 || extraOptions) {
  const Pool = pg.Pool;
  pg.Pool = class extends Pool {
    constructor(config?: pg.PoolConfig) {
      super({
        ...config,
        ...(poolMax > 0 ? { max: poolMax } : {}),
        ...(extraOptions ? { options: `${config?.options ?? ''} ${extraOptions}`.trim() } : {}),
      });
    }
  };
}
const pools = new Set<pg.Pool>();
const connect = pg.Pool.prototype.connect as (this: pg.Pool, ...a: unknown[]) => unknown;
pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
  pools.add(this);
  maxQueued = Math.max(maxQueued, this.waitingCount + 1 - this.idleCount);
  const t0 = performance.now();
  const cb = args[0] as ((e: unknown, c: pg.PoolClient, r: () => void) => void) | undefined;
  if (typeof cb === 'function')
    return connect.call(this, (e: unknown, c: pg.PoolClient, r: () => void) => {
      checkoutWaits.push(performance.now() - t0);
      if (c) pids.add((c as unknown as { processID: number }).processID);
      cb(e, c, r);
    });
  return (connect.call(this) as Promise<pg.PoolClient>).then((c) => {
    checkoutWaits.push(performance.now() - t0);
    pids.add((c as unknown as { processID: number }).processID);
    return c;
  });
} as typeof pg.Pool.prototype.connect;
const query = pg.Client.prototype.query as (this: pg.Client, ...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const t0 = performance.now();
  const result = query.apply(this, args);
  // The sampler's own queries (about 100 a second) are not the server's statements.
  if (this !== sampler && result && typeof (result as Promise<unknown>).then === 'function')
    (result as Promise<unknown>).then(
      () => queries.push(performance.now() - t0),
      () => {},
    );
  return result;
} as typeof pg.Client.prototype.query;

const q = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};
if (process.env.DATABASE_URL?.startsWith('postgres')) {
  sampler = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await sampler.connect();
  const sample = async () => {
    if (pids.size) {
      const { rows } = await sampler!.query<{ k: string; n: number }>(
        `select coalesce(state,'?') || '/' || coalesce(wait_event_type,'-') || ':' || coalesce(wait_event,'-') k, count(*)::int n
           from pg_stat_activity where pid = any($1) group by 1`,
        [[...pids]],
      );
      for (const r of rows) samples.set(r.k, (samples.get(r.k) ?? 0) + r.n);
    }
    setTimeout(() => void sample().catch(() => {}), 10).unref();
  };
  void sample();
}
setInterval(() => {
  const pool = [...pools][0];
  const top = [...samples].sort((a, b) => b[1] - a[1]).slice(0, 6);
  process.stderr.write(
    `TRACE ${new Date().toISOString().slice(11, 23)} checkouts ${checkoutWaits.length} wait p50 ${q(checkoutWaits, 0.5).toFixed(1)} p99 ${q(checkoutWaits, 0.99).toFixed(1)} max ${q(checkoutWaits, 1).toFixed(1)} queued≤${maxQueued} pool ${pool?.totalCount ?? 0} | stmts ${queries.length} p50 ${q(queries, 0.5).toFixed(1)} p99 ${q(queries, 0.99).toFixed(1)} max ${q(queries, 1).toFixed(1)} | loop max ${(loop.max / 1e6).toFixed(1)} gc max ${maxGc.toFixed(1)} | ${top.map(([k, n]) => `${k}=${n}`).join(' ')}\n`,
  );
  checkoutWaits.length = 0;
  queries.length = 0;
  maxQueued = 0;
  maxGc = 0;
  samples.clear();
  loop.reset();
}, 1000).unref();
