// The console end to end in Debian's Chromium: sign-in with the bootstrap password, upload a real SBOM, its
// findings, triage with history, tokens (a revoked one gets 401), the MCP write switch, expiry, sign-out;
// axe-core on every page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import {
  assertAccessible,
  bearer,
  launchBrowser,
  NO_CHROMIUM,
  startConsoleServer,
  watchCsp,
} from '../support/browser.ts';
import { SHARED_DATA, sharedDataSkip } from '../support/shared-data.ts';
import { orgIdOf } from '../support/app.ts';

const DATA = SHARED_DATA;
const SBOM = fileURLToPath(new URL('sboms/cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json', DATA));
const GO_ADVISORIES = fileURLToPath(new URL('osv/Go-all.zip', DATA));

async function api<T>(base: string, path: string, token: string): Promise<{ status: number; data: T }> {
  const response = await fetch(base + '/api/v1' + path, { headers: bearer(token) });
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

/** A link of the main navigation (page bodies link to the same places under longer names). */
async function go(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('console in the browser', { skip: NO_CHROMIUM }, () => {
  it(
    'signs in, uploads, triages, manages tokens and settings, expires and signs out',
    {
      skip: sharedDataSkip('sboms', 'osv'),
    },
    async (t) => {
      const server = await startConsoleServer(t, { osv: [GO_ADVISORIES] });
      const browser = await launchBrowser(t);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      const csp = watchCsp(page);
      const { base, token } = server;

      // A deep link while signed out lands on sign-in, remembering the page.
      await page.goto(base + '/findings?status=open');
      await heading(page, 'Sign in to Bulwark');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/findings?status=open');
      await assertAccessible(page, 'sign-in');

      await page.getByLabel('Password').fill('not the password at all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('The e-mail or the password is wrong.').waitFor();

      await page.getByLabel('Password').fill(server.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Findings');
      assert.equal(new URL(page.url()).pathname, '/findings');

      // Upload a real SBOM with the file picker; the result names its findings.
      await go(page, 'SBOMs');
      await heading(page, 'SBOMs');
      await assertAccessible(page, 'SBOMs');
      // A file that is no SBOM, dropped on the drop zone: the documented error, in words.
      const dropped = await page.evaluateHandle(`(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['hello\\n'], 'notes.txt', { type: 'text/plain' }));
        return transfer;
      })()`);
      await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer: dropped });
      await page.getByTestId('chosen-file').getByText('notes.txt').waitFor();
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('alert').getByText('This file is not a format Bulwark reads.').waitFor();
      await page.locator('#sbom-file').setInputFiles(SBOM);
      await page
        .getByTestId('chosen-file')
        .getByText('proton-bridge__proton-bridge-v1.8.0.bom.json')
        .waitFor();
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const done = page.locator('.success[role=status]');
      await done.waitFor();
      const listed = await api<{ id: string; name: string; findingCount: number; componentCount: number }[]>(
        base,
        '/sscs/sboms',
        token,
      );
      assert.equal(listed.data.length, 1);
      const sbom = listed.data[0]!;
      assert.ok(sbom.findingCount > 0, 'the Go advisories match proton-bridge');
      assert.equal(
        (await done.textContent())?.replace(/\s+/g, ' ').trim(),
        `Uploaded ${sbom.name}: ${sbom.componentCount} components, ${sbom.findingCount} findings.`,
      );

      // Its detail page: the components table and the findings.
      await done.getByRole('link', { name: sbom.name }).click();
      await heading(page, sbom.name);
      await page.getByText(`${sbom.componentCount} of ${sbom.componentCount} components`).waitFor();
      await page.getByTestId('sbom-findings').waitFor();
      await assertAccessible(page, 'SBOM detail');

      // Triage one finding and see it in the history.
      await page
        .getByRole('link', { name: `Triage all ${sbom.findingCount} open findings of this SBOM` })
        .click();
      await heading(page, 'Findings');
      await page.getByText(`${sbom.findingCount} findings`, { exact: true }).waitFor();
      await assertAccessible(page, 'findings');
      // The first finding's button (the header's buttons sort the columns).
      const first = page
        .getByRole('table', { name: 'Findings' })
        .locator('[role=row][data-key]')
        .getByRole('button')
        .first();
      const vulnerabilityId = (await first.textContent())!.replace(' · KEV', '');
      await first.click();
      const dialog = page.getByRole('dialog', { name: vulnerabilityId });
      await dialog.waitFor();
      await dialog.getByLabel('Status').selectOption('accepted_risk');
      await dialog.getByLabel('Notes').fill('Not reachable: the bridge never calls this code path.');
      await dialog.getByRole('button', { name: 'Save triage' }).click();
      await dialog.getByText('Saved.').waitFor();
      const history = dialog.getByTestId('history');
      await history.getByText('open → accepted risk').waitFor();
      await history.getByText('Not reachable: the bridge never calls this code path.').waitFor();
      await assertAccessible(page, 'triage dialog');
      await dialog.getByRole('button', { name: 'Close' }).click();
      const accepted = await api<{ vulnerabilityId: string }[]>(
        base,
        `/sscs/findings?status=accepted_risk&sbomId=${sbom.id}`,
        token,
      );
      assert.deepEqual(
        accepted.data.map((f) => f.vulnerabilityId),
        [vulnerabilityId],
      );

      // Bulk triage from the keyboard: Space ticks two rows, Shift+T opens the dialog.
      const boxes = page.getByRole('table', { name: 'Findings' }).getByRole('checkbox');
      await boxes.nth(0).focus();
      await page.keyboard.press('Space');
      await boxes.nth(1).focus();
      await page.keyboard.press('Space');
      await page.getByText('2 selected').waitFor();
      await page.keyboard.press('Shift+T');
      const bulk = page.getByRole('dialog', { name: 'Triage 2 findings' });
      await bulk.getByLabel('Status').selectOption('false_positive');
      await bulk.getByRole('button', { name: 'Set false positive on 2 findings' }).click();
      await bulk.waitFor({ state: 'detached' });
      const falsePositives = await api<unknown[]>(
        base,
        `/sscs/findings?status=false_positive&sbomId=${sbom.id}`,
        token,
      );
      assert.equal(falsePositives.data.length, 2);

      // The overview counts what is still open.
      await go(page, 'Overview');
      await heading(page, 'Overview');
      const summary = await api<{ total: number }>(base, '/sscs/findings/summary', token);
      assert.equal(summary.data.total, sbom.findingCount - 3);
      await page.getByTestId('open-total').getByText(String(summary.data.total)).waitFor();
      await page
        .getByText('Open findings per day', { exact: false })
        .or(page.locator('.trend'))
        .first()
        .waitFor();
      // Vulnerability data freshness: the Go advisories imported for this test, per the status endpoint.
      const vulndb = await api<{ osv: { ecosystem: string; advisories: number }[] }>(
        base,
        '/vulndb/status',
        token,
      );
      const goData = vulndb.data.osv.find((e) => e.ecosystem === 'Go')!;
      assert.ok(goData.advisories > 0, 'the Go advisories are held');
      const freshness = page.getByTestId('vulndb-freshness');
      await freshness
        .getByRole('row', { name: `Go ${goData.advisories.toLocaleString('en-US')}`, exact: false })
        .waitFor();
      assert.equal(
        (await freshness.getByTestId('kev-status').textContent())?.trim(),
        '0 entries, synced never',
      );
      await assertAccessible(page, 'overview');
      // No KEV catalog is loaded here: the overview says 0, and its link filters the findings to none.
      await page.getByRole('link', { name: "0 in CISA's Known Exploited Vulnerabilities" }).click();
      await heading(page, 'Findings');
      assert.equal(await page.getByLabel('Known exploited (KEV) only').isChecked(), true);
      await page.getByText('No findings match these filters.').waitFor();

      // Vendors: create one.
      await go(page, 'Vendors');
      await heading(page, 'Vendors');
      await page.getByRole('button', { name: 'New vendor' }).click();
      const vendorDialog = page.getByRole('dialog', { name: 'New vendor' });
      await vendorDialog.getByLabel('Name').fill('Acme Hosting');
      await vendorDialog.getByLabel('Risk tier (1 is the most critical)').selectOption('1');
      await vendorDialog.getByRole('button', { name: 'Create vendor' }).click();
      await page.getByRole('cell', { name: 'Acme Hosting', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Edit Acme Hosting' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Acme Hosting' });
      await editDialog.getByLabel('Assessment').selectOption('completed');
      await editDialog.getByRole('button', { name: 'Save vendor' }).click();
      await page.getByRole('cell', { name: 'completed', exact: true }).waitFor();
      const vendors = await api<{ name: string; riskTier: number; assessmentStatus: string }[]>(
        base,
        '/sscs/vendors',
        token,
      );
      assert.deepEqual(
        vendors.data.map((v) => [v.name, v.riskTier, v.assessmentStatus]),
        [['Acme Hosting', 1, 'completed']],
      );
      await assertAccessible(page, 'vendors');

      // A token: created, shown once, works; revoked, it gets 401.
      await go(page, 'API tokens');
      await heading(page, 'API tokens');
      await page.getByLabel('Name').fill('e2e reader');
      await page.getByRole('button', { name: 'Create token' }).click();
      const secret = await page.getByLabel('New token secret').inputValue();
      assert.match(secret, /^bwk_[A-Za-z0-9]{32,}$/);
      assert.equal((await api(base, '/sscs/sboms', secret)).status, 200);
      await assertAccessible(page, 'tokens');
      await page.getByRole('button', { name: 'Revoke e2e reader' }).click();
      await page.getByRole('button', { name: 'Revoke e2e reader' }).waitFor({ state: 'detached' });
      assert.equal((await api(base, '/sscs/sboms', secret)).status, 401);

      // Users and the MCP write switch.
      await go(page, 'Users');
      await heading(page, 'Users');
      await page.getByRole('cell', { name: 'admin@localhost', exact: true }).waitFor();
      await assertAccessible(page, 'users');
      await go(page, 'Organisation');
      await heading(page, 'Organisation');
      const toggle = page.getByRole('switch', { name: 'Allow write tools (MCP)' });
      assert.equal(await toggle.getAttribute('aria-checked'), 'false');
      await toggle.click();
      await page.getByTestId('mcp-write-state').getByText('on').waitFor();
      const org = await page.request.get(base + '/api/v1/org');
      assert.equal(((await org.json()) as { data: { mcpWriteEnabled: boolean } }).data.mcpWriteEnabled, true);
      await assertAccessible(page, 'organisation');

      await go(page, 'Connect an AI assistant');
      await heading(page, 'Connect an AI assistant');
      await page.getByText(`"url": "${base}/api/v1/mcp"`).waitFor();
      await assertAccessible(page, 'connect');
      await go(page, 'Audit log');
      await heading(page, 'Audit log');
      const statusChanges = page.getByRole('cell', { name: 'finding.status_change', exact: true });
      await statusChanges.first().waitFor();
      assert.equal(await statusChanges.count(), 3);
      // The action filter is the server's: exactly the three triage entries, all of them, by the admin.
      await page.getByLabel('Action (exact)').fill('finding.status_change');
      await page.getByText('1–3 of 3', { exact: true }).waitFor();
      assert.equal(await page.locator('tbody tr').count(), 3);
      assert.equal(await page.getByRole('cell', { name: 'admin@localhost', exact: false }).count(), 3);
      await assertAccessible(page, 'audit log');

      // The session ends behind the console's back: the next call (a filter never asked before) brings back
      // sign-in, remembering the page.
      await go(page, 'Findings');
      await heading(page, 'Findings');
      await context.clearCookies();
      await page.getByLabel('Severity').selectOption('LOW');
      await heading(page, 'Sign in to Bulwark');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/findings?severity=LOW');
      await page.getByText('Your session has ended.', { exact: false }).waitFor();
      await page.getByLabel('Password').fill(server.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Findings');
      assert.equal(await page.getByLabel('Severity').inputValue(), 'LOW');

      // Sign out: back to sign-in, and the session is gone server-side.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await heading(page, 'Sign in to Bulwark');
      assert.equal((await page.request.get(base + '/api/v1/session')).status(), 401);
      assert.deepEqual(csp, []);
    },
  );

  it('is readable on a 390-px phone: no sideways scrolling, navigation behind the menu button', async (t) => {
    const server = await startConsoleServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(server.base + '/');
    await page.getByLabel('Password').fill(server.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Overview');
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await nav.isVisible(), false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'SBOMs' }).click();
    await heading(page, 'SBOMs');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.equal(overflow, 0);
  });

  it('offers a viewer no write controls and no access management', async (t) => {
    const server = await startConsoleServer(t);
    await server.services.users.add(await orgIdOf(server.services, 'default'), {
      email: 'auditor@example.com',
      role: 'viewer',
      password: 'a long viewer password',
    });
    const browser = await launchBrowser(t);
    const page = await browser.newPage();
    await page.goto(server.base + '/sboms');
    await page.getByLabel('E-mail', { exact: true }).fill('auditor@example.com');
    await page.getByLabel('Password').fill('a long viewer password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'SBOMs');
    await page.getByRole('heading', { name: 'All SBOMs' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Upload an SBOM' }).count(), 0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.deepEqual(await nav.getByRole('link').allTextContents(), [
      'Overview',
      'Assets',
      'SBOMs',
      'Findings',
      'Vendors',
      // Read-only for a viewer (their pages offer no write controls: console-policies.e2e.test.ts).
      'Policies',
      'Violations',
      'Triage rules',
      'Evidence',
      'Security',
      'Connect an AI assistant',
      // Every person manages the assistants they authorised (OAuth grants), a viewer too.
      'Connected applications',
    ]);
    await go(page, 'Vendors');
    await heading(page, 'Vendors');
    assert.equal(await page.getByRole('button', { name: 'New vendor' }).count(), 0);
  });
});
