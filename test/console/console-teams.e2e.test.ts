// Teams and scoped access in the console (docs/portfolio-access.md), in Debian's Chromium: an admin creates a team
// granting a tag, turns portfolio access on, and makes a token restricted to a tag; each page passes axe-core.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replaceTags } from '../../src/portfolio/asset.repository.ts';
import {
  assertAccessible,
  bearer,
  launchBrowser,
  NO_CHROMIUM,
  startConsoleServer,
  watchCsp,
} from '../support/browser.ts';

const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', name: 'pay-api', version: '1.0.0' } },
  components: [{ type: 'library', name: 'requests', version: '2.31.0', purl: 'pkg:pypi/requests@2.31.0' }],
});

describe('console: teams and scoped access', { skip: NO_CHROMIUM }, () => {
  it('creates a team with a tag grant, turns portfolio access on, and restricts a token to a tag', async (t) => {
    const server = await startConsoleServer(t);
    const form = new FormData();
    form.append('file', new Blob([SBOM]), 'pay-api.cdx.json');
    const uploaded = await fetch(`${server.base}/api/v1/sscs/sboms/upload`, {
      method: 'POST',
      headers: bearer(server.token),
      body: form,
    });
    assert.equal(uploaded.status, 201);
    const org = (await server.services.organisations.list())[0]!;
    const asset = await server.store.db
      .selectFrom('assets')
      .select('id')
      .where('org_id', '=', org.id)
      .executeTakeFirstOrThrow();
    await replaceTags(server.store.db, org.id, asset.id, ['pay']);

    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const csp = watchCsp(page);
    await page.goto(server.base + '/sign-in');
    await page.getByLabel('E-mail', { exact: true }).fill('admin@localhost');
    await page.getByLabel('Password').fill(server.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // Access → Teams: a new team granting the tag pay to the admin (who is not restricted anyway).
    await page.getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    await page.getByText('No teams yet.').waitFor();
    await page.getByLabel('Name').fill('Payments');
    await page.getByRole('checkbox', { name: /admin@localhost/ }).check();
    await page.getByLabel('Asset tags (comma-separated)').fill('pay');
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Create team' }).click();
    const row = page.locator('tr[data-team-id]', { hasText: 'Payments' });
    await row.waitFor();
    assert.equal(await row.getByTestId('team-grants').textContent(), 'tags pay (viewer)');
    // A tag nothing carries is refused, naming it.
    await page.getByRole('button', { name: 'Edit Payments' }).click();
    await page.getByLabel('Asset tags (comma-separated)').fill('nowhere');
    await page.getByRole('button', { name: 'Save team' }).click();
    await page
      .getByText(/no asset carries the tag 'nowhere'/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await page.getByText(/no asset carries the tag/).count(), 0, 'cancel clears the error');
    await assertAccessible(page, 'the Teams page');
    await page.screenshot({
      path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/teams.png` : '/tmp/bulwark-teams.png',
      fullPage: true,
    });
    const teams = (await (await fetch(`${server.base}/api/v1/teams`)).json()) as { error: { code: string } };
    assert.equal(teams.error.code, 'UNAUTHORIZED', 'the API needs a session');

    // Organisation: the portfolio access switch.
    await page.getByRole('link', { name: 'Organisation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organisation' }).waitFor();
    assert.equal(await page.getByTestId('portfolio-access-state').textContent(), 'off');
    await page.getByRole('switch', { name: 'Scope members and viewers to their teams' }).click();
    await page.getByTestId('portfolio-access-state').filter({ hasText: 'on' }).waitFor();
    assert.equal((await server.services.organisations.get(org.id)).portfolioAccess, true);
    await assertAccessible(page, 'the Organisation page');

    // Tokens: one restricted to the tag pay, listed with it.
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
    await page.getByLabel('Name').fill('pay ci');
    await page.getByLabel('Asset tags (optional)').fill('Pay');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('heading', { name: 'Token created: copy it now' }).waitFor();
    const tokenRow = page.locator('tr[data-token-id]', { hasText: 'pay ci' });
    assert.equal(await tokenRow.getByTestId('token-tags').textContent(), 'pay');
    await assertAccessible(page, 'the Tokens page');
    await page.screenshot({ path: '/tmp/bulwark-tokens.png', fullPage: true });
    assert.deepEqual(csp, []);
  });
});
