// Webhook delivery: 10,000 events to a loopback receiver (its own process) through the real dispatcher.
//   throughput  10,000 events committed while the dispatcher is stopped, then drained: deliveries/s
//   latency     10,000 events committed at a steady 500/s with the dispatcher running: commit → arrival p50/p99
//   upload      the same SBOM uploaded for an organisation without subscriptions and for one whose
//               subscription wants every event (dispatcher running), interleaved: median upload time and ratio
// SQLite file always; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL names one.
// Usage: node bench/webhooks/webhooks.bench.ts [--events 10000] [--uploads 15]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createOrg } from '../../test/support/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { event, recordEvents } from '../../src/events/outbox.ts';
import { createServices } from '../../src/services.ts';
import { WebhookDispatcher } from '../../src/webhooks/dispatcher.ts';
import { machine, startProcess } from '../support/process.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '10000' }, uploads: { type: 'string', default: '15' } },
});
const EVENTS = Number(values.events);
const UPLOADS = Number(values.uploads);
const DATA = new URL('../../../shared/data/', import.meta.url).pathname;
const SBOM = `${DATA}sboms/cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json`;
const receiverScript = new URL('./receiver.ts', import.meta.url).pathname;

interface Stats {
  count: number;
  duplicates: number;
  p50: number;
  p99: number;
  max: number;
  spanMs: number;
}

const synced = (n: number) =>
  event('vulndb.synced', { advisories: { added: n, updated: 0, unchanged: 0, withdrawn: 0 } });

async function pending(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

async function run(label: string, store: Store, receiverUrl: string) {
  const stats = async () => (await (await fetch(`${receiverUrl}/stats`)).json()) as Stats;
  const services = createServices(store, defaultConfig({ WEBHOOK_ALLOW_PRIVATE: true }));
  const org = await createOrg(services, { tokens: {} });
  await services.webhooks.create(org.id, org.userId, {
    url: `${receiverUrl}/hook`,
    events: ['vulndb.synced'],
  });
  const dispatcher = () => new WebhookDispatcher(store.db, { allowPrivate: true });

  process.stderr.write(`${label}: throughput\n`);
  // Throughput: a backlog of EVENTS drained.
  for (let i = 0; i < EVENTS; i += 500)
    await store.db.transaction().execute((trx) =>
      recordEvents(
        trx,
        org.id,
        Array.from({ length: Math.min(500, EVENTS - i) }, (_, j) => synced(i + j)),
      ),
    );
  const drain = dispatcher();
  const started = performance.now();
  await drain.start();
  await until(async () => (await pending(store)) === 0);
  const drainS = (performance.now() - started) / 1000;
  await drain.stop();
  const backlog = await stats();

  process.stderr.write(`${label}: latency\n`);
  // Latency: EVENTS at 500 a second (10 per 20 ms transaction) with the dispatcher running.
  const live = dispatcher();
  await live.start();
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i += 10) {
    await store.db.transaction().execute((trx) =>
      recordEvents(
        trx,
        org.id,
        Array.from({ length: 10 }, (_, j) => synced(i + j)),
      ),
    );
    const due = t0 + ((i + 10) / 500) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await until(async () => (await pending(store)) === 0);
  const steady = await stats();

  // Upload: one organisation without subscriptions, one with a subscription to every event.
  const quiet = await createOrg(services, { tokens: {} });
  const loud = await createOrg(services, { tokens: {} });
  await services.webhooks.create(loud.id, loud.userId, { url: `${receiverUrl}/all` });
  const bytes = readFileSync(SBOM);
  let findings = 0;
  /** Median upload time per organisation; `drained` waits for the dispatcher to be idle before each upload. */
  const uploads = async (drained: boolean) => {
    const times: Record<'quiet' | 'loud', number[]> = { quiet: [], loud: [] };
    // CPU time of this process (all threads) per upload: far steadier than wall time on a shared machine.
    const cpu: Record<'quiet' | 'loud', number[]> = { quiet: [], loud: [] };
    for (let i = 0; i < UPLOADS + 2; i++) {
      const order = (
        i % 2
          ? [
              ['quiet', quiet],
              ['loud', loud],
            ]
          : [
              ['loud', loud],
              ['quiet', quiet],
            ]
      ) as ['quiet' | 'loud', typeof quiet][];
      for (const [name, o] of order) {
        if (drained) await until(async () => (await pending(store)) === 0);
        const s = performance.now();
        const c = process.cpuUsage();
        const result = await services.sboms.upload(
          o.id,
          o.userId,
          { fileName: 'proton.bom.json', bytes },
          {},
        );
        findings = result.findingCount;
        const used = process.cpuUsage(c);
        // The first two rounds warm caches and the JIT.
        if (i >= 2) {
          times[name].push(performance.now() - s);
          cpu[name].push((used.user + used.system) / 1000);
        }
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const q = median(times.quiet);
    const l = median(times.loud);
    const cq = median(cpu.quiet);
    const cl = median(cpu.loud);
    return {
      cpuMsWithout: +cq.toFixed(2),
      cpuMsWith: +cl.toFixed(2),
      cpuSlowdownPct: +((100 * (cl - cq)) / cq).toFixed(1),
      medianMsWithout: +q.toFixed(1),
      medianMsWith: +l.toFixed(1),
      slowdownPct: +((100 * (l - q)) / q).toFixed(1),
    };
  };
  process.stderr.write(`${label}: uploads\n`);
  const idle = await uploads(true);
  const busy = await uploads(false);
  await until(async () => (await pending(store)) === 0);
  await live.stop();
  const uploadDeliveries = await stats();
  return {
    label,
    throughput: {
      deliveries: backlog.count,
      duplicates: backlog.duplicates,
      seconds: +drainS.toFixed(2),
      perSecond: Math.round(backlog.count / drainS),
    },
    latency: {
      deliveries: steady.count,
      duplicates: steady.duplicates,
      p50Ms: steady.p50,
      p99Ms: steady.p99,
      maxMs: steady.max,
    },
    upload: {
      findingsPerUpload: findings,
      eventsDelivered: uploadDeliveries.count,
      // Each upload starts once earlier deliveries are done: the cost of the upload path itself (outbox writes).
      dispatcherIdle: idle,
      // Back to back: deliveries of the previous upload share the two cores with the next one.
      backToBack: busy,
    },
  };
}

const { child, url: receiverUrl } = await startProcess(receiverScript, []);
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-webhooks-'));
const results = [];
try {
  {
    const store = openStore(`sqlite:${join(dir, 'bench.sqlite')}`);
    await migrateToLatest(store.db);
    await createServices(store, defaultConfig()).vulndb.import([`${DATA}osv/Go-all.zip`]);
    results.push(await run('sqlite', store, receiverUrl));
    await store.close();
  }
  const pgUrl =
    process.env.TEST_DATABASE_URL ??
    (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined);
  if (pgUrl) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = openStore(pgUrl);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const store = openStore(pgUrl, undefined, { schema });
    try {
      await migrateToLatest(store.db);
      await createServices(store, defaultConfig()).vulndb.import([`${DATA}osv/Go-all.zip`]);
      results.push(await run('postgres', store, receiverUrl));
    } finally {
      await store.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    }
  }
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
const { loadavg } = await import('node:os');
console.log(
  JSON.stringify(
    { machine: await machine(), loadAverage: loadavg().map((l) => +l.toFixed(1)), events: EVENTS, results },
    null,
    2,
  ),
);
