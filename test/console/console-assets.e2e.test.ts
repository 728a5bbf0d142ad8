// The Assets page in Debian's Chromium (docs/portfolio.md): the portfolio as a tree with roll-ups over
// descendants, the tag filter, inactive assets on request, and retention edited by an admin; accessible, no CSP
// violation.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  assertAccessible,
  bearer,
  launchBrowser,
  NO_CHROMIUM,
  startConsoleServer,
  watchCsp,
  type ConsoleServer,
} from '../support/browser.ts';

/** One CRITICAL advisory on loudlib < 2.0. */
function writeAdvisory(dir: string): string {
  const path = join(dir, 'PYSEC-2026-9.json');
  writeFileSync(
    path,
    JSON.stringify({
      schema_version: '1.6.0',
      id: 'PYSEC-2026-9',
      modified: '2026-01-01T00:00:00Z',
      summary: 'loudlib is vulnerable',
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      affected: [
        {
          package: { ecosystem: 'PyPI', name: 'loudlib' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0' }] }],
        },
      ],
    }),
  );
  return path;
}

async function uploadTo(server: ConsoleServer, assetName: string): Promise<void> {
  const form = new FormData();
  const sbom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: [{ type: 'library', name: 'loudlib', version: '1.0', purl: 'pkg:pypi/loudlib@1.0' }],
  };
  form.append('file', new Blob([JSON.stringify(sbom)]), 'app.cdx.json');
  form.append('assetName', assetName);
  const response = await fetch(server.base + '/api/v1/sscs/sboms/upload', {
    method: 'POST',
    headers: bearer(server.token),
    body: form,
  });
  assert.equal(response.status, 201);
}

describe('console: assets', { skip: NO_CHROMIUM }, () => {
  it('shows the tree with roll-ups, filters by tag, edits retention', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-assets-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const server = await startConsoleServer(t, { osv: [writeAdvisory(dir)] });
    // platform (no SBOM) ← shop (2 versions) ← shop-ui; billing apart, inactive: one open finding per latest SBOM.
    for (const name of ['shop', 'shop', 'shop-ui', 'billing']) await uploadTo(server, name);
    const org = (await server.services.organisations.list())[0]!;
    const users = await server.services.users.list(org.id);
    const assets = server.services.portfolio.assets;
    const platform = await assets.create(org.id, users[0]!.id, { name: 'platform', tags: ['team-a'] });
    const shop = await assets.resolve(org.id, 'shop');
    await assets.update(org.id, users[0]!.id, shop.id, { parentId: platform.id, tags: ['team-a', 'web'] });
    await assets.update(org.id, users[0]!.id, (await assets.resolve(org.id, 'shop-ui')).id, {
      parentId: shop.id,
      classifier: 'library',
    });
    await assets.update(org.id, users[0]!.id, (await assets.resolve(org.id, 'billing')).id, {
      active: false,
    });

    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const csp = watchCsp(page);
    await page.goto(server.base + '/sign-in');
    await page.getByLabel('E-mail', { exact: true }).fill('admin@localhost');
    await page.getByLabel('Password').fill(server.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'Assets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    await page.getByTestId('asset-shop-ui').waitFor();

    const names = () => page.locator('tbody tr th').allTextContents();
    assert.deepEqual(await names(), ['platform', '└ shop', '└ shop-ui']);
    assert.equal(await page.getByTestId('rollup-platform').textContent(), '2 in 3 assets');
    assert.equal(await page.getByTestId('rollup-shop').textContent(), '2 in 2 assets');
    assert.equal(await page.getByTestId('rollup-shop-ui').textContent(), '1');
    await assertAccessible(page, 'the assets page');
    await page.screenshot({ path: join(tmpdir(), 'bulwark-assets-page.png'), fullPage: true });

    await page.getByLabel('Show inactive assets').check();
    await page.getByTestId('asset-billing').waitFor();
    assert.match((await page.getByTestId('asset-billing').textContent()) ?? '', /inactive/);
    await page.getByLabel('Tag').selectOption('web');
    await page.getByTestId('asset-platform').waitFor({ state: 'detached' });
    await page.getByTestId('asset-shop').waitFor();
    assert.deepEqual(await names(), ['shop']);

    // Retention of shop: keep 5 versions, saved through the API.
    await page.getByRole('button', { name: 'Edit retention of shop' }).click();
    await page.getByLabel('Keep the newest versions').fill('5');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page.getByRole('heading', { name: 'Retention of shop' }).waitFor({ state: 'detached' });
    assert.match((await page.getByTestId('asset-shop').textContent()) ?? '', /newest 5/);
    assert.deepEqual((await assets.get(org.id, shop.id)).retention, { keepVersions: 5 });
    // A deep link (a reload) opens the page too, not the console's "not found".
    await page.goto(server.base + '/assets');
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    await page.getByTestId('asset-platform').waitFor();
    assert.deepEqual(csp, []);
  });
});
