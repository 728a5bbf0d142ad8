// Scratch: drain N events on SQLite with a profile (not committed).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrg } from '../../test/support/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { event, recordEvents } from '../../src/events/outbox.ts';
import { createServices } from '../../src/services.ts';
import { WebhookDispatcher } from '../../src/webhooks/dispatcher.ts';
import { startProcess } from '../support/process.ts';

const N = Number(process.argv[2] ?? 5000);
const url = process.argv[3] ?? `sqlite:${join(mkdtempSync(join(tmpdir(), 'drain-')), 'x.sqlite')}`;
const { child, url: receiverUrl } = await startProcess(new URL('./receiver.ts', import.meta.url).pathname, []);
const store = openStore(url);
await migrateToLatest(store.db);
const services = createServices(store, defaultConfig({ WEBHOOK_ALLOW_PRIVATE: true }));
const org = await createOrg(services, { tokens: {} });
await services.webhooks.create(org.id, org.userId, { url: `${receiverUrl}/hook` });
for (let i = 0; i < N; i += 500)
  await store.db.transaction().execute((trx) =>
    recordEvents(trx, org.id, Array.from({ length: 500 }, () => event('vulndb.synced', { advisories: { added: i, updated: 0, unchanged: 0, withdrawn: 0 } }))),
  );
const d = new WebhookDispatcher(store.db, { allowPrivate: true });
const t = performance.now();
const cpu = process.cpuUsage();
await d.start();
for (;;) {
  const n = await d.queueDepth();
  if (n === 0) break;
  await new Promise((r) => setTimeout(r, 20));
}
const s = (performance.now() - t) / 1000;
const c = process.cpuUsage(cpu);
await d.stop();
console.log(`${N} in ${s.toFixed(2)} s = ${Math.round(N / s)}/s; cpu ${((c.user + c.system) / 1e6).toFixed(2)} s`);
child.kill();
await store.close();
