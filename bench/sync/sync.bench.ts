// vulndb sync benchmark, per store (SQLite file; PostgreSQL too with --dialect postgres and TEST_DATABASE_URL):
//   1. full first sync of PyPI + Go (all.zip from a loopback mirror in another process): time and peak RSS;
//   2. an SBOM with a component of each package the next step changes;
//   3. incremental sync of 1,000 changed records (modified_id.csv + 1,000 record fetches) including the
//      re-matching of those packages' components (target ≤ 3 s).
// Usage: node bench/sync/sync.bench.ts [--changed 1000] [--dialect sqlite|postgres]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultConfig } from '../../src/config.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices } from '../../src/services.ts';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';
import { cpuSeconds, machine, peakRss, startProcess } from '../support/process.ts';

const { values } = parseArgs({
  options: { changed: { type: 'string', default: '1000' }, dialect: { type: 'string', default: 'sqlite' } },
});
const CHANGED = Number(values.changed);
const dialect = values.dialect as 'sqlite' | 'postgres';
const dir = mkdtempSync(join(tmpdir(), 'bulwark-bench-sync-'));
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function openBenchStore(): Promise<Store> {
  if (dialect === 'sqlite') return openStore(`sqlite:${join(dir, 'sync.sqlite')}`);
  return openThrowawaySchemaStore();
}

const mirror = await startProcess(new URL('./mirror.ts', import.meta.url).pathname, []);
const store = await openBenchStore();
try {
  await migrateToLatest(store.db);
  const services = createServices(store, defaultConfig());
  const rssBefore = (await peakRss(process.pid)) ?? 0;
  console.log(`vulndb sync on ${dialect}, ${await machine()}`);

  let started = performance.now();
  const full = await services.vulndbSync.sync({ source: mirror.url, ecosystems: ['PyPI', 'Go'] });
  const fullMs = performance.now() - started;
  const rssPeak = (await peakRss(process.pid)) ?? 0;
  if (full.failed) throw new Error(JSON.stringify(full.osv.map((r) => r.error)));
  console.log(
    `full first sync: ${full.osv.map((r) => `${r.ecosystem} ${r.added}`).join(' + ')} advisories in ` +
      `${(fullMs / 1000).toFixed(2)} s; peak RSS ${mib(rssPeak)} (${mib(rssBefore)} before the sync)`,
  );

  const touched = (await (await fetch(`${mirror.url}/_change?n=${CHANGED}`, { method: 'POST' })).json()) as {
    ecosystem: string;
    name: string;
    version: string;
  }[];
  const org = await services.organisations.create({
    slug: 'bench',
    name: 'Bench',
    plan: 'professional',
  });
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: touched.map((p) => ({
      type: 'library',
      name: p.name,
      version: p.version,
      purl: `pkg:${p.ecosystem === 'Go' ? 'golang' : 'pypi'}/${p.name}@${p.version}`,
    })),
  };
  const upload = await services.sboms.upload(
    org.id,
    'system',
    { fileName: 'bench.cdx.json', bytes: Buffer.from(JSON.stringify(bom)) },
    {},
  );
  console.log(
    `SBOM of ${upload.componentCount} components of the changed packages: ${upload.findingCount} findings`,
  );

  started = performance.now();
  const cpu = process.cpuUsage();
  const mirrorCpu = (await cpuSeconds(mirror.child.pid!)) ?? 0;
  const incremental = await services.vulndbSync.sync({ source: mirror.url, ecosystems: ['PyPI', 'Go'] });
  const incMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuS = (used.user + used.system) / 1e6;
  const mirrorS = ((await cpuSeconds(mirror.child.pid!)) ?? 0) - mirrorCpu;
  if (incremental.failed) throw new Error(JSON.stringify(incremental.osv.map((r) => r.error)));
  const fetched = incremental.osv.reduce((n, r) => n + r.fetched, 0);
  const components = incremental.osv.reduce((n, r) => n + (r.rematch?.components ?? 0), 0);
  const updated = incremental.osv.reduce((n, r) => n + r.updated, 0);
  console.log(
    `incremental sync: ${fetched} records fetched, ${updated} updated, ${components} components re-matched in ` +
      `${(incMs / 1000).toFixed(2)} s (target ≤ 3 s); CPU: this process ${cpuS.toFixed(2)} s, the mirror ` +
      `${mirrorS.toFixed(2)} s; load average ` +
      `${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await store.close();
  mirror.child.kill();
  rmSync(dir, { recursive: true, force: true });
}
