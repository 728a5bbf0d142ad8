// Lighthouse (performance and accessibility) on the console's overview and findings pages (newest first and by
// priority), with N findings in the organisation, driving Debian's Chromium through chrome-launcher (CHROME_PATH;
// nothing is downloaded).
// Lighthouse's desktop preset (simulated 40 ms RTT, 10 Mbit/s, no CPU slowdown): the console is a workplace
// tool used from desktops. Targets (issue 33): performance ≥ 90, accessibility 100.
// `node bench/console/lighthouse.bench.ts [--findings 62500]` (one in five seeded findings is closed).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openSqlite } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { bootstrapIfEmpty } from '../../src/server.ts';
import { createServices } from '../../src/services.ts';
import { CHROMIUM, ensureConsoleBuilt, NO_CHROMIUM } from '../../test/support/browser.ts';
import { machine } from '../support/process.ts';
import { seedExploitData, seedFindings } from './seed.ts';

const { values } = parseArgs({ options: { findings: { type: 'string', default: '62500' } } });
const FINDINGS = Number(values.findings);

if (NO_CHROMIUM) {
  console.error(NO_CHROMIUM);
  process.exit(2);
}
ensureConsoleBuilt();

const dataDir = mkdtempSync(join(tmpdir(), 'bulwark-lighthouse-'));
const store = openSqlite(join(dataDir, 'bench.sqlite'));
await migrateToLatest(store.db);
const config = defaultConfig({ RATE_LIMIT_MAX: 1_000_000 });
const services = createServices(store, config);
const files = await bootstrapIfEmpty(services, dataDir);
const seeded = await seedFindings(store, services, FINDINGS);
await seedExploitData(store, seeded.findings);
const app = await buildApp({ store, config, services, logger: createLogger('silent') });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

// A session cookie, sent by Lighthouse with every request of the page (the console needs a signed-in person).
const signIn = await fetch(base + '/api/v1/session', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: 'admin@localhost',
    password: readFileSync(files!.passwordFile, 'utf8').trim(),
  }),
});
const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const results: { page: string; performance: number; accessibility: number; details: string[] }[] = [];
try {
  for (const [page, path] of [
    ['overview', '/'],
    ['findings', '/findings'],
    ['findings by priority', '/findings?sort=priority'],
  ] as const) {
    const result = await lighthouse(
      base + path,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: { Cookie: cookie },
      },
      desktopConfig,
    );
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.displayValue ?? '—';
    // Accessibility audits that failed, by id: what to fix.
    const failed = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `accessibility: ${ref.id} (${audits[ref.id]?.title})`);
    results.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      details: [
        `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
          `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ` +
          `SI ${metric('speed-index')}; transferred ${metric('total-byte-weight')}`,
        ...failed,
      ],
    });
  }
} finally {
  chrome.kill();
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`machine: ${await machine()}`);
console.log(`findings seeded: ${seeded.findings}`);
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const r of results) {
  console.log(
    `${r.page}: performance ${r.performance} (target ≥ 90), accessibility ${r.accessibility} (target 100)`,
  );
  for (const d of r.details) console.log(`  ${d}`);
}
