// The API reference page (/api/v1/docs) renders every operation in a real headless Chromium, spinner gone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build } from './support/app.ts';
import { launchBrowser, NO_CHROMIUM } from './support/browser.ts';

describe('API reference page', { skip: NO_CHROMIUM }, () => {
  it('renders the OpenAPI document: every operation listed, no loading spinner, no script errors', async (t) => {
    const { app } = await build(t, 'sqlite');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const spec = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(spec.paths).flatMap((item) =>
      Object.keys(item).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)),
    ).length;

    const browser = await launchBrowser(t);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/api/v1/docs`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    assert.equal(await page.locator('.opblock').count(), operations);
    assert.equal(await page.locator('.loading-container').count(), 0);
    assert.match((await page.locator('.info .title').textContent()) ?? '', /Bulwark API/);
    assert.deepEqual(errors, []);
  });
});
