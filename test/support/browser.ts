// Browser test support: the server with its first-run account on a free port, Debian's Chromium driven by
// playwright-core (never a downloaded browser), and an axe-core check that runs under the console's CSP.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { CONSOLE_DIST } from '../../src/http/console.routes.ts';
import { createLogger } from '../../src/logger.ts';
import { bootstrapIfEmpty } from '../../src/server.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { Store } from '../../src/db/connect.ts';
import { createTestStore } from './store.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The skip reason when there is no browser (CI installs Debian's chromium package). */
export const NO_CHROMIUM: string | false = existsSync(CHROMIUM)
  ? false
  : `browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

// The machine's network is closed: without these Chromium retries Google's hosts at every start.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ConsoleServer {
  base: string;
  password: string;
  /** The bootstrap API token, for checking what the console did through the API. */
  token: string;
  services: Services;
  /** The store, for what a test sets up below the API (a governance bundle). */
  store: Store;
}

/** Builds console/dist once when it is missing (a fresh clone that skipped `npm install`'s prepare step). */
export function ensureConsoleBuilt(): void {
  if (existsSync(join(CONSOLE_DIST, 'index.html'))) return;
  execFileSync(process.execPath, [new URL('../../scripts/build-console.ts', import.meta.url).pathname], {
    stdio: 'inherit',
  });
}

/** The server as `bulwark serve` runs it on an empty SQLite store, with the given OSV files imported. */
export async function startConsoleServer(
  t: Pick<TestContext, 'after'>,
  options: { osv?: string[] } = {},
): Promise<ConsoleServer> {
  ensureConsoleBuilt();
  const store = await createTestStore('sqlite');
  const config = defaultConfig({ RATE_LIMIT_MAX: 100_000 });
  const services = createServices(store, config);
  const dataDir = mkdtempSync(join(tmpdir(), 'bulwark-console-'));
  const files = await bootstrapIfEmpty(services, dataDir);
  assert.ok(files, 'the empty store is bootstrapped');
  if (options.osv?.length) await services.vulndb.import(options.osv);
  const app = await buildApp({ store, config, services, logger: createLogger('silent') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address && typeof address === 'object');
  t.after(async () => {
    // A browser that stopped reading (a hung page) must not keep the server, and so the test process, open:
    // in-flight responses are cut rather than waited for.
    app.server.closeAllConnections();
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    base: `http://127.0.0.1:${address.port}`,
    password: readFileSync(files.passwordFile, 'utf8').trim(),
    token: readFileSync(files.tokenFile, 'utf8').trim(),
    services,
    store,
  };
}

export async function launchBrowser(t: Pick<TestContext, 'after'>): Promise<Browser> {
  // playwright gives each launch a new empty profile directory of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  t.after(() => browser.close());
  return browser;
}

/** Records Content-Security-Policy violations the page reports, so a test can assert there were none. */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core on the page as it is: WCAG 2.x A and AA rules; serious and critical violations fail. The script is
 * evaluated through the DevTools protocol, which the page's CSP does not govern (a <script> tag would be blocked).
 */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  await within(30_000, `loading axe-core on ${what}`, page.evaluate(axeSource));
  const violations = await within(
    60_000,
    `axe-core on ${what}`,
    page.evaluate(async () => {
      const axe = (
        globalThis as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }
      ).axe;
      const result = await axe.run({
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      return result.violations;
    }),
  );
  const bad = (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(bad, [], `axe-core on ${what}`);
}

/**
 * `promise`, or a failure naming `what` after `ms`: Playwright bounds its own waits (30 s), but not
 * `page.evaluate`, so a page that stops answering would otherwise hold the test until the runner's timeout.
 */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Authorization header for API checks with a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
