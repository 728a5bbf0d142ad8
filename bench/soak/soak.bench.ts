// Soak (issue 11, docs/resilience.md "The soak"): two `bulwark serve` processes on one private PostgreSQL and
// one private Redis, `--minutes` (10) of steady mixed traffic from well-behaved tenants plus an adversarial
// tenant, PostgreSQL restarted once mid-run and Redis unreachable for a minute; then every acknowledged write is
// read back and the run is judged: lost writes, 5xx outside the outage windows, p99 latency, RSS growth.
//
//   scripts/with-node.sh node bench/soak/soak.bench.ts [--minutes 10] [--tenants 4]
//
// Exit code 0 when every criterion passes, 1 when one fails, 2 when a binary is missing. Ctrl-C cleans up.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { machine } from '../support/process.ts';
import { Client, Recorder, sleep, type Sample } from './client.ts';
import {
  cleanUp,
  cli,
  findBinaries,
  heapOf,
  type HeapFigures,
  rss,
  scratchDir,
  startPostgres,
  startRedis,
  startServer,
} from './infra.ts';
import { judge, type Window } from './report.ts';
import { Tenant, type SbomFile } from './tenant.ts';
import { verify } from './verify.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    tenants: { type: 'string', default: '4' },
    'interval-ms': { type: 'string', default: '300' },
  },
});
const MINUTES = Number(values.minutes);
const TENANTS = Number(values.tenants);
const INTERVAL_MS = Number(values['interval-ms']);
const RUN_MS = MINUTES * 60_000;
const PG_PORT = 55432;
const REDIS_PORT = 56379;
const PORTS = [58081, 58082];
/** Smaller than the default so that the adversary's "too many components" SBOM stays small to send. */
const MAX_COMPONENTS = 20_000;
const DATA = new URL('../../../shared/data/', import.meta.url).pathname;

let interrupted = false;
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping, cleaning up`);
    cleanUp();
    process.exit(130);
  });
}

const bins = findBinaries();
if ('missing' in bins) {
  console.error(
    `soak: cannot run, missing ${bins.missing.join(', ')} (PostgreSQL 15+ server binaries and redis-server)`,
  );
  process.exit(2);
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

try {
  log(
    `soak: ${MINUTES} min, ${TENANTS} tenants + 1 adversary, ${await machine()}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const dir = scratchDir('bulwark-soak-');
  const postgres = startPostgres(bins, PG_PORT);
  const redis = await startRedis(bins.redis, REDIS_PORT);
  log(`private PostgreSQL on ${PG_PORT}, Redis on ${REDIS_PORT}`);

  // Seed through the real CLI: schema, organisations, tokens, the OSV exports (so uploads produce findings).
  await cli(postgres.url, ['migrate']);
  const scopes = 'sbom:read,sbom:write,mcp:read';
  const token = async (org: string) => {
    await cli(postgres.url, ['org', 'create', org, '--name', org, '--plan', 'professional', '--json']);
    await cli(postgres.url, [
      'user',
      'create',
      '--org',
      org,
      '--email',
      `owner@${org}.example`,
      '--role',
      'owner',
      '--json',
    ]);
    const created = await cli(postgres.url, ['token', 'create', '--org', org, '--scopes', scopes, '--json']);
    return (JSON.parse(created) as { token: string }).token;
  };
  const started = performance.now();
  const [adversaryToken, ...tokens] = await Promise.all([
    token('adversary'),
    ...Array.from({ length: TENANTS }, (_, i) => token(`tenant${i + 1}`)),
    cli(postgres.url, ['vulndb', 'import', join(DATA, 'osv/PyPI-all.zip'), join(DATA, 'osv/Go-all.zip')]),
  ]);
  const orgs = Array.from({ length: TENANTS }, (_, i) => ({ org: `tenant${i + 1}`, token: tokens[i]! }));
  log(
    `seeded ${TENANTS + 1} organisations and imported OSV PyPI + Go in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, MAX_COMPONENTS: String(MAX_COMPONENTS) };
  const instances = await Promise.all(
    PORTS.map((port, i) => startServer(`instance${i + 1}`, port, env, dir)),
  );
  log(
    `instances on ${instances.map((i) => i.base).join(', ')} (pids ${instances.map((i) => i.child.pid).join(', ')})`,
  );

  // The real SBOMs of every format, up to 1 MiB (the 2 MB ones would make the tenants' upload latency about
  // the file, not about the soak); they are read once.
  const files: SbomFile[] = ['cyclonedx', 'spdx']
    .flatMap((kind) => readdirSync(join(DATA, 'sboms', kind)).map((name) => join(DATA, 'sboms', kind, name)))
    .map((path) => ({ name: path.slice(path.lastIndexOf('/') + 1), bytes: readFileSync(path) }))
    .filter((file) => file.bytes.length <= 2 ** 20)
    .sort((a, b) => a.name.localeCompare(b.name));

  const recorder = new Recorder();
  const bases = instances.map((i) => i.base);
  const tenants = orgs.map(
    ({ org, token }, i) =>
      new Tenant(
        new Client({ tenant: org, token, bases, localAddress: '127.0.0.1', recorder }),
        files,
        INTERVAL_MS,
        i * 3,
      ),
  );
  const done = () => recorder.now() >= RUN_MS || interrupted;
  // The tenants alone during the warm-up (their baseline latency, measured in this run), then the adversary too.
  const warmupMs = Math.min(120_000, RUN_MS * 0.2);
  const adversary = new Worker(new URL('./adversary-worker.ts', import.meta.url), {
    workerData: {
      t0: recorder.t0,
      startAt: warmupMs,
      endAt: RUN_MS,
      bases,
      token: adversaryToken,
      localAddress: '127.0.0.2',
      maxComponents: MAX_COMPONENTS,
    },
  });
  const adversaryDone = new Promise<void>((resolve, reject) => {
    adversary.once('message', (samples: Sample[]) => {
      // One by one: a spread of a few hundred thousand samples overflows the call stack.
      for (const sample of samples) recorder.samples.push(sample);
      resolve();
    });
    adversary.once('error', reject);
  });
  process.on('SIGINT', () => adversary.postMessage('stop'));

  // Faults: PostgreSQL restarted at 40 % of the run, Redis unreachable from 60 % for a minute (a fifth of the
  // run when shorter). Each window runs from the fault's start to the moment it ended.
  const windows: Window[] = [];
  // What each instance's /readyz and /metrics say: "degraded" while Redis is away, "ready" again once it is back.
  const readyz = () =>
    Promise.all(
      instances.map(async (i) => {
        const ready = await fetch(`${i.base}/readyz`).then((r) => r.text(), String);
        const metrics = await fetch(`${i.base}/metrics`).then((r) => r.text(), String);
        const status = /"status":"(\w+)"/.exec(ready)?.[1] ?? ready.slice(0, 80);
        return `${status}, bulwark_redis_up ${/^bulwark_redis_up (\d)/m.exec(metrics)?.[1] ?? '?'}`;
      }),
    );
  const readiness: { duringRedisOutage?: string[]; atEnd?: string[] } = {};
  const faults = (async () => {
    await sleep(RUN_MS * 0.4);
    if (interrupted) return;
    const pgWindow: Window = { name: 'PostgreSQL restart', start: recorder.now(), end: Infinity };
    windows.push(pgWindow);
    log('fault: pg_ctl restart -m fast');
    await postgres.restart();
    pgWindow.end = recorder.now();
    log(`fault over: PostgreSQL back after ${((pgWindow.end - pgWindow.start) / 1000).toFixed(1)} s`);
    await sleep(Math.max(0, RUN_MS * 0.6 - recorder.now()));
    if (interrupted) return;
    const redisWindow: Window = { name: 'Redis unreachable', start: recorder.now(), end: Infinity };
    windows.push(redisWindow);
    log('fault: Redis stopped');
    await redis.stop();
    const outageMs = Math.min(60_000, RUN_MS * 0.2);
    await sleep(Math.min(5_000, outageMs / 2));
    readiness.duringRedisOutage = await readyz();
    await sleep(outageMs - Math.min(5_000, outageMs / 2));
    await redis.start();
    redisWindow.end = recorder.now();
    log(`fault over: Redis back after ${((redisWindow.end - redisWindow.start) / 1000).toFixed(1)} s`);
  })();

  // RSS of both instances every 5 s, and what their V8 heap and Buffers hold (to tell growth of our objects from
  // memory the allocator keeps).
  const rssSamples: Array<{
    at: number;
    bytes: Array<number | undefined>;
    heap: Array<HeapFigures | undefined>;
  }> = [];
  const sampler = (async () => {
    while (!done()) {
      rssSamples.push({
        at: recorder.now(),
        bytes: await Promise.all(instances.map((i) => rss(i.child.pid!))),
        heap: await Promise.all(instances.map((i) => heapOf(i.base))),
      });
      await sleep(5_000);
    }
  })();
  const progress = setInterval(() => {
    const recent = recorder.samples.filter((s) => s.at > recorder.now() - 30_000);
    const bad = recent.filter((s) => s.status >= 500 || s.status === 0).length;
    log(
      `t=${(recorder.now() / 1000).toFixed(0)} s: ${recent.length} requests in the last 30 s, ${bad} 5xx/failed`,
    );
  }, 30_000);

  log(
    `traffic started: the tenants alone for ${(warmupMs / 1000).toFixed(0)} s (baseline, warm-up), then the adversary too`,
  );
  await Promise.all([...tenants.map((t) => t.run(done)), adversaryDone, faults, sampler]);
  clearInterval(progress);
  if (interrupted) process.exit(130);
  log(`traffic over: ${recorder.samples.length} requests`);

  // Read everything back through the API (lists) and the store (component rows, triage), on a healed system.
  const store = new pg.Client({ connectionString: postgres.url });
  await store.connect();
  const verification = await verify(
    tenants,
    orgs,
    store,
    new Client({ tenant: 'verify', token: '', bases, localAddress: '127.0.0.1', recorder: new Recorder() }),
  );
  await store.end();
  const exits = instances.map((i) => i.child.exitCode);
  readiness.atEnd = await readyz();
  // The instances' logs (JSON, warn and above) are kept for a look after the run.
  const out = new URL('../.out/', import.meta.url).pathname;
  mkdirSync(out, { recursive: true });
  for (const i of instances) copyFileSync(i.log, join(out, `soak-${i.name}.log`));
  writeFileSync(
    join(out, 'soak-rss.csv'),
    `seconds,${instances.map((i) => ['', '_heap_used', '_heap_total', '_external'].map((k) => `${i.name}${k}_mib`).join(',')).join(',')}\n` +
      rssSamples
        .map((r) => {
          const mib = (b: number | undefined) => (b === undefined ? '' : (b / 2 ** 20).toFixed(1));
          const columns = instances.flatMap((_, i) => {
            const heap = r.heap[i];
            return [mib(r.bytes[i]), mib(heap?.heapUsed), mib(heap?.heapTotal), mib(heap?.external)];
          });
          return `${(r.at / 1000).toFixed(0)},${columns.join(',')}`;
        })
        .join('\n'),
  );
  const logLines = instances.map((i) => {
    const lines = readFileSync(i.log, 'utf8').split('\n').filter(Boolean);
    const level = (n: number) => lines.filter((l) => l.includes(`"level":${n}`)).length;
    return `${i.name}: ${level(40)} warn, ${level(50)} error, ${level(60)} fatal lines`;
  });
  log(`logs and RSS samples kept in ${out}soak-instance*.log, soak-rss.csv: ${logLines.join('; ')}`);

  const verdict = judge({
    recorder,
    windows,
    graceMs: 5_000,
    rssSamples,
    warmupMs,
    instances: instances.map((i) => i.name),
    verification,
    tenants,
    exits,
    readiness,
  });
  log(
    `done; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const instance of instances) instance.child.kill('SIGTERM');
  process.exitCode = verdict ? 0 : 1;
} catch (error) {
  console.error('soak failed:', error);
  process.exitCode = 1;
} finally {
  cleanUp();
  // The load clients' keep-alive sockets would keep the process waiting after the verdict (seen after a
  // 10-minute run): everything is cleaned up, so leave with the verdict's exit code.
  process.exit();
}
