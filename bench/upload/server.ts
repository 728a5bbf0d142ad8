// The real Bulwark server on a fresh store, for the upload benchmark. Usage: node server.ts <store-url> [pg-schema]
// Prints `LISTENING <base-url> <token> <another organisation's token>` once it accepts requests.
import { readFileSync } from 'node:fs';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';

const [url, schema] = process.argv.slice(2);
// The XML twin of a 50 MiB JSON SBOM is larger than the 50 MiB default limit; the benchmark raises it.
const config = defaultConfig({
  RATE_LIMIT_MAX: 1_000_000_000,
  MAX_UPLOAD_BYTES: 128 * 2 ** 20,
  LOG_LEVEL: 'silent',
});
// The store as `bulwark serve` opens it (src/server.ts): SQLite checkpoints in a thread of their own.
const store = openStore(url, undefined, { ...(schema ? { schema } : {}), backgroundCheckpoints: true });
await migrateToLatest(store.db);
const services = createServices(store, config);
const slug = `bench-${Date.now()}`;
const org = await services.organisations.create({ slug, plan: 'professional' });
await services.users.add(org.id, { email: 'bench@bulwark.example' });
const { secret } = await services.tokens.create({ orgId: org.id, scopes: ['sbom:read', 'sbom:write'] });
// Another organisation, whose small writes (a vendor each) the benchmark times during the upload.
const other = `bench-other-${Date.now()}`;
const otherOrg = await services.organisations.create({ slug: other, plan: 'professional' });
await services.users.add(otherOrg.id, { email: 'other@bulwark.example' });
const { secret: otherSecret } = await services.tokens.create({
  orgId: otherOrg.id,
  scopes: ['sbom:read', 'sbom:write'],
});
const app = await buildApp({ store, config, services, logger: createLogger('silent') });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${address} ${secret} ${otherSecret}\n`);
// The main thread's CPU from here to SIGTERM (the upload, and the polls the benchmark makes meanwhile): on SQLite
// the critical path, as the parser worker waits on it. Printed on SIGTERM: `MAINCPU <ms>`.
const mainCpuAtStart = process.threadCpuUsage();
// The main thread's longest hold, in its own CPU time: the CPU it used between two ticks of a 10 ms timer (one
// turn of the event loop at most, as the timers run every turn). Wall-clock latencies on a shared 2-core machine
// also hold the time the process waited for a core; this does not. Printed on SIGTERM: `HOLD <ms>`.
let cpuAt = process.threadCpuUsage();
let longestHold = 0;
setInterval(() => {
  const now = process.threadCpuUsage();
  longestHold = Math.max(longestHold, (now.user + now.system - cpuAt.user - cpuAt.system) / 1000);
  cpuAt = now;
}, 10).unref();
// Where the memory goes: the process's RSS every 10 ms, and at its peak the main thread's heap and the memory
// outside any heap that Node knows of (Buffers, ArrayBuffers). RSS minus those is the worker's heap, native
// allocations (SQLite's cache, the drivers) and freed pages not yet returned. Printed on SIGTERM: `MEM …` (MiB).
// RssAnon / RssFile / RssShmem (kB) of /proc/self/status split anonymous memory from mapped files (SQLite maps its
// database, mmap_size) and shared memory (its WAL index).
const rssKinds = () =>
  [...readFileSync('/proc/self/status', 'utf8').matchAll(/^Rss(Anon|File|Shmem):\s+(\d+) kB/gm)]
    .map(([, kind, kb]) => `${kind!.toLowerCase()} ${(Number(kb) / 1024).toFixed(0)}`)
    .join(' ');
const idle = { ...process.memoryUsage(), kinds: rssKinds() };
let peak = idle;
setInterval(() => {
  if (process.memoryUsage.rss() > peak.rss) peak = { ...process.memoryUsage(), kinds: rssKinds() };
}, 10).unref();
process.on('SIGTERM', () => {
  const mib = (n: number) => (n / 2 ** 20).toFixed(0);
  process.stdout.write(
    `MEM rss ${mib(idle.rss)}→${mib(peak.rss)} mainHeapUsed ${mib(idle.heapUsed)}→${mib(peak.heapUsed)} ` +
      `mainHeapTotal ${mib(idle.heapTotal)}→${mib(peak.heapTotal)} external ${mib(idle.external)}→${mib(peak.external)} ` +
      `arrayBuffers ${mib(idle.arrayBuffers)}→${mib(peak.arrayBuffers)} (${idle.kinds} → ${peak.kinds})\n`,
  );
  process.stdout.write(`HOLD ${longestHold.toFixed(0)}\n`);
  const mainCpu = process.threadCpuUsage(mainCpuAtStart);
  process.stdout.write(`MAINCPU ${((mainCpu.user + mainCpu.system) / 1000).toFixed(0)}\n`);
  void app
    .close()
    // As src/server.ts: the statistics refresh the upload started ends before the store does.
    .then(() => services.statistics.idle())
    .then(() => store.close())
    .then(() => process.exit(0));
});
