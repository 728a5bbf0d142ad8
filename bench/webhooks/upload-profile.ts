// Scratch: upload cost with and without a subscription, no dispatcher (not committed).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrg } from '../../test/support/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices } from '../../src/services.ts';

const DATA = new URL('../../../shared/data/', import.meta.url).pathname;
const store = openStore(`sqlite:${join(mkdtempSync(join(tmpdir(), 'up-')), 'x.sqlite')}`);
await migrateToLatest(store.db);
const services = createServices(store, defaultConfig({ WEBHOOK_ALLOW_PRIVATE: true }));
await services.vulndb.import([`${DATA}osv/Go-all.zip`]);
const quiet = await createOrg(services, { tokens: {} });
const loud = await createOrg(services, { tokens: {} });
await services.webhooks.create(loud.id, loud.userId, { url: 'http://127.0.0.1:9/x' });
const bytes = readFileSync(`${DATA}sboms/cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json`);
const t: Record<string, number[]> = { quiet: [], loud: [] };
const c: Record<string, number[]> = { quiet: [], loud: [] };
for (let i = 0; i < 42; i++) {
  for (const [name, o] of (i % 2 ? [['quiet', quiet], ['loud', loud]] : [['loud', loud], ['quiet', quiet]]) as [string, typeof quiet][]) {
    const cpu = process.cpuUsage();
    const s = performance.now();
    await services.sboms.upload(o.id, o.userId, { fileName: 'p.json', bytes }, {});
    if (i >= 2) {
      t[name]!.push(performance.now() - s);
      const u = process.cpuUsage(cpu);
      c[name]!.push((u.user + u.system) / 1000);
    }
  }
}
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(JSON.stringify({ wall: { quiet: med(t.quiet!), loud: med(t.loud!) }, cpuMs: { quiet: med(c.quiet!), loud: med(c.loud!) } }));
await store.close();
