// The console for daily work, in Debian's Chromium: unrated severity said as such, findings ordered by
// priority and by column (kept in the URL), scoring and references in the triage dialog, focus that returns,
// exports from an SBOM, pages a role may not use, the console's own "not found", the outage banner, the
// overview without the findings list, and no page wider than a 390-px phone.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertAccessible,
  bearer,
  launchBrowser,
  NO_CHROMIUM,
  startConsoleServer,
  watchCsp,
  type ConsoleServer,
} from '../support/browser.ts';
import { orgIdOf } from '../support/app.ts';
import { eventually } from '../support/poll.ts';

const advisory = (id: string, name: string, extra: Record<string, unknown>) => ({
  schema_version: '1.6.0',
  id,
  modified: '2026-01-01T00:00:00Z',
  summary: `${name} is vulnerable`,
  references: [{ type: 'ADVISORY', url: `https://example.org/advisories/${id}` }],
  affected: [
    {
      package: { ecosystem: 'PyPI', name },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0' }] }],
    },
  ],
  ...extra,
});

/** Three advisories: one with no score at all (unrated), one CVSS 3.1 CRITICAL, one CVSS 3.1 LOW. */
function writeAdvisories(dir: string): string[] {
  const files = [
    advisory('PYSEC-2026-1', 'quietlib', {}),
    advisory('PYSEC-2026-2', 'loudlib', {
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    }),
    advisory('PYSEC-2026-3', 'minorlib', {
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:L/AC:H/PR:H/UI:R/S:U/C:L/I:N/A:N' }],
    }),
  ].map((content) => {
    const path = join(dir, `${content.id}.json`);
    writeFileSync(path, JSON.stringify(content));
    return path;
  });
  return files;
}

const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', name: 'daily-app', version: '1.0.0' } },
  components: ['quietlib', 'loudlib', 'minorlib', 'safelib'].map((name) => ({
    type: 'library',
    name,
    version: '1.0',
    purl: `pkg:pypi/${name}@1.0`,
  })),
});

async function uploadSbom(server: ConsoleServer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([SBOM]), 'daily-app.cdx.json');
  const response = await fetch(server.base + '/api/v1/sscs/sboms/upload', {
    method: 'POST',
    headers: bearer(server.token),
    body: form,
  });
  assert.equal(response.status, 201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function signIn(page: Page, server: ConsoleServer, email = 'admin@localhost', password?: string) {
  await page.goto(server.base + '/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password ?? server.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/** The vulnerability ids of the findings table, top to bottom. */
/**
 * Asserts the findings' ids in the order the list shows them. After a sort change the list reloads (for a moment
 * it has no rows), so the order is read until it is `expected` or 10 s have passed.
 */
async function assertOrder(page: Page, expected: string[]): Promise<void> {
  const shown = await eventually(
    () =>
      page
        .locator('[role=table][aria-label=Findings] [role=row][data-key] [role=cell]:nth-child(3) button')
        .allTextContents(),
    (ids) => ids.join() === expected.join(),
    10_000,
  );
  assert.deepEqual(shown, expected);
}

describe('console for daily work', { skip: NO_CHROMIUM }, () => {
  it('says "unrated", orders findings, shows scoring, returns focus and offers exports', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-daily-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const server = await startConsoleServer(t, { osv: writeAdvisories(dir) });
    const sbomId = await uploadSbom(server);
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const csp = watchCsp(page);

    // A wrong password: the error is said once, and focus moves to it.
    await page.goto(server.base + '/sign-in');
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal(await alert.textContent(), 'The e-mail or the password is wrong.');
    assert.equal(await page.evaluate<string | null>("document.activeElement?.getAttribute('role')"), 'alert');

    // The overview asks for counts and the top packages, never for the findings themselves.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/')) asked.push(url.pathname + url.search);
    });
    await signIn(page, server);
    const packages = page.getByRole('heading', { name: 'Most affected packages' }).locator('..');
    await packages.getByRole('link', { name: 'loudlib 1.0' }).waitFor();
    assert.deepEqual(await packages.locator('li').allTextContents(), [
      'loudlib 1.01',
      'minorlib 1.01',
      'quietlib 1.01',
    ]);
    assert.equal(
      asked.some((path) => path.startsWith('/api/v1/sscs/findings?')),
      false,
      `the overview asked for ${asked.join(', ')}`,
    );
    assert.ok(asked.includes('/api/v1/sscs/findings/packages?limit=5'));

    // Findings: the unscored one is "Unrated", with the MEDIUM it counts as shown as the default it is.
    await page.goto(server.base + '/findings');
    await heading(page, 'Findings');
    const quiet = page.locator('[role=row][data-key]', { hasText: 'PYSEC-2026-1' });
    await quiet.waitFor();
    assert.equal(await quiet.locator('.badge').first().textContent(), 'Unrated (medium by default)');
    assert.equal(
      await page
        .locator('[role=row][data-key]', { hasText: 'PYSEC-2026-2' })
        .locator('.badge')
        .first()
        .textContent(),
      'CRITICAL',
    );
    await assertAccessible(page, 'findings');

    // Column order: severity, highest first, then reversed; kept in the URL and across a reload.
    await page.getByRole('button', { name: 'Severity' }).click();
    await page.waitForURL(/sort=severity/);
    await assertOrder(page, ['PYSEC-2026-2', 'PYSEC-2026-1', 'PYSEC-2026-3']);
    assert.equal(
      await page.getByRole('columnheader', { name: 'Severity' }).getAttribute('aria-sort'),
      'descending',
    );
    await page.getByRole('button', { name: 'Severity' }).click();
    await page.waitForURL(/sort=-severity/);
    await assertOrder(page, ['PYSEC-2026-3', 'PYSEC-2026-1', 'PYSEC-2026-2']);
    await page.getByRole('button', { name: 'Package' }).click();
    await page.waitForURL(/sort=package/);
    await assertOrder(page, ['PYSEC-2026-2', 'PYSEC-2026-3', 'PYSEC-2026-1']);
    await page.getByLabel('Order').selectOption('priority');
    await page.waitForURL(/sort=priority/);
    await page.reload();
    await heading(page, 'Findings');
    assert.equal(await page.getByLabel('Order').inputValue(), 'priority');
    // No KEV or EPSS data here: priority falls back to severity, highest first.
    await page.locator('[role=row][data-key]').first().waitFor();
    await assertOrder(page, ['PYSEC-2026-2', 'PYSEC-2026-1', 'PYSEC-2026-3']);

    // The triage dialog: CVSS version, score and vector, references; closing returns focus to its opener.
    const opener = page.getByRole('button', { name: 'PYSEC-2026-2' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'PYSEC-2026-2' });
    await dialog.getByTestId('scoring').waitFor();
    assert.equal(
      await dialog.getByTestId('scoring').textContent(),
      'CVSS 3.1 base score 9.8 · CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    );
    await dialog.getByText('References (1)').click();
    await dialog.getByRole('link', { name: 'https://example.org/advisories/PYSEC-2026-2' }).waitFor();
    await assertAccessible(page, 'triage dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A locator, not waitForFunction('…'): a string predicate is polled through eval, which the console's CSP
    // (script-src 'self') refuses whenever the first check is not already true.
    await page.locator(':focus', { hasText: /^PYSEC-2026-2$/ }).waitFor();
    await page.getByRole('button', { name: 'PYSEC-2026-1' }).click();
    const unrated = page.getByRole('dialog', { name: 'PYSEC-2026-1' });
    assert.equal(
      await unrated.getByTestId('scoring').textContent(),
      'Unrated: no advisory gives a score or severity, so it counts as MEDIUM by default.',
    );
    await page.keyboard.press('Escape');
    await page.locator(':focus', { hasText: /^PYSEC-2026-1$/ }).waitFor();

    // The skip link moves focus into the page.
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate<string | null>('document.activeElement?.id'), 'main');

    // An SBOM offers its exports, and each downloads.
    await page.goto(`${server.base}/sboms/${sbomId}`);
    await page.getByRole('heading', { name: 'Export' }).waitFor();
    const exports = page.getByRole('heading', { name: 'Export' }).locator('..');
    assert.deepEqual(await exports.getByRole('link').allTextContents(), [
      'CycloneDX (with vulnerabilities)',
      'CycloneDX VEX',
      'OpenVEX',
      'SARIF (code scanning)',
      'CSV (spreadsheet)',
    ]);
    const download = page.waitForEvent('download');
    await exports.getByRole('link', { name: 'SARIF (code scanning)' }).click();
    const file = await (await download).path();
    assert.ok(file);
    const sarif = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(file, 'utf8'))) as {
      runs: { results: unknown[] }[];
    };
    assert.equal(sarif.runs[0]!.results.length, 3);
    await assertAccessible(page, 'SBOM detail');

    // The audit log is filtered by the actor's e-mail.
    await page.goto(server.base + '/audit');
    await heading(page, 'Audit log');
    await page.getByLabel('Actor (e-mail or usr_… id)').fill('nobody@example.com');
    await page.getByText('No user of this organisation has this e-mail.').waitFor();
    assert.equal(await page.locator('tbody tr').count(), 0);
    await page.getByLabel('Actor (e-mail or usr_… id)').fill('admin@localhost');
    // Until this filter's page arrives the previous one stays, marked busy: read the rows once it is not.
    const entries = page.locator('section[aria-busy="false"]', { hasText: 'Entries' });
    await entries.locator('tbody tr').first().waitFor();
    const actors = await entries.locator('tbody tr td:nth-child(3)').allTextContents();
    assert.ok(actors.length > 0);
    assert.deepEqual([...new Set(actors)], ['Administrator <admin@localhost>']);

    // Advisories that were imported, not synced, are not "never" updated.
    await page.goto(server.base + '/');
    const freshness = page.getByTestId('vulndb-freshness');
    await freshness.getByRole('cell', { name: 'PyPI', exact: true }).waitFor();
    assert.equal(
      await freshness.locator('tbody tr td:nth-child(3)').first().textContent(),
      'imported, never synced',
    );

    // The fix plan on the SBOM: one upgrade per vulnerable package, CRITICAL first, LOW last.
    await page.goto(`${server.base}/sboms/${sbomId}`);
    const plan = page.getByTestId('fix-plan');
    await plan.locator('tbody tr').first().waitFor();
    assert.deepEqual(
      await plan
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))),
      [
        ['pkg:pypi/loudlib', '1.0 → 2.0', '1 (1 critical)', '0', '—'],
        ['pkg:pypi/quietlib', '1.0 → 2.0', '1 (1 medium)', '0', '—'],
        ['pkg:pypi/minorlib', '1.0 → 2.0', '1 (1 low)', '0', '—'],
      ],
    );

    // Triage with the VEX analysis: status, justification, responses and detail are saved and kept in history.
    await page.goto(server.base + '/findings');
    await page.getByRole('button', { name: 'PYSEC-2026-3' }).click();
    const triage = page.getByRole('dialog', { name: 'PYSEC-2026-3' });
    await triage.getByLabel('Status').selectOption('false_positive');
    await triage.getByLabel('Justification (why it does not affect you)').selectOption('code_not_reachable');
    await triage.getByLabel('will not fix').check();
    await triage.getByLabel('Detail (in the VEX statement)').fill('The vulnerable path is never called.');
    await triage.getByRole('button', { name: 'Save triage' }).click();
    await triage.getByText('Saved.').waitFor();
    await triage.getByTestId('history').getByText('code not reachable').waitFor();
    await assertAccessible(page, 'triage dialog with analysis');
    const stored = (await (
      await fetch(`${server.base}/api/v1/sscs/findings?status=false_positive`, {
        headers: bearer(server.token),
      })
    ).json()) as {
      data: { vulnerabilityId: string; justification: string; response: string[]; detail: string }[];
    };
    assert.deepEqual(
      stored.data.map((f) => [f.vulnerabilityId, f.justification, f.response, f.detail]),
      [['PYSEC-2026-3', 'code_not_reachable', ['will_not_fix'], 'The vulnerable path is never called.']],
    );
    assert.deepEqual(csp, []);
  });

  it('shows a viewer only what the role may use, and its own page for unknown addresses', async (t) => {
    const server = await startConsoleServer(t);
    await server.services.users.add(await orgIdOf(server.services, 'default'), {
      email: 'viewer@example.com',
      role: 'viewer',
      password: 'a long viewer password',
    });
    const browser = await launchBrowser(t);
    const page = await browser.newPage();
    await signIn(page, server, 'viewer@example.com', 'a long viewer password');
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await nav.getByRole('link', { name: 'Audit log' }).count(), 0);
    await page.goto(server.base + '/access/tokens');
    await heading(page, 'Not available for your role');
    assert.equal(await page.getByRole('button', { name: 'Create token' }).count(), 0);
    await page.goto(server.base + '/audit');
    await heading(page, 'Not available for your role');

    // An unknown address: the console's own page (404), accessible; a script asking the same gets JSON.
    const response = await page.goto(server.base + '/no/such/page');
    assert.equal(response?.status(), 404);
    await heading(page, 'Page not found');
    await assertAccessible(page, 'not found');
    const api = await fetch(server.base + '/no/such/page');
    assert.equal(api.status, 404);
    assert.equal(((await api.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
  });

  it('says when the server cannot be reached, retries, and recovers by itself', async (t) => {
    const server = await startConsoleServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPage();
    await signIn(page, server);
    // The network to the server fails (as when it is down): every API call and health check is refused.
    const refuse = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route('**/api/v1/**', refuse);
    await page.route('**/healthz', refuse);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendors' }).click();
    const banner = page.getByTestId('outage');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /^Bulwark's server cannot be reached\./);
    assert.equal(await page.getByText('Failed to fetch').count(), 0);
    await assertAccessible(page, 'outage');
    await page.unroute('**/api/v1/**', refuse);
    await page.unroute('**/healthz', refuse);
    await banner.waitFor({ state: 'detached' });
    await page.getByText('No vendors yet', { exact: false }).waitFor();
  });

  it('shows the Statement of Applicability and collects evidence on demand', async (t) => {
    const server = await startConsoleServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Evidence' }).click();
    await heading(page, 'Evidence');
    // No active ISO project yet: said as a state with the way out, not as a 404 error.
    const none = page.getByTestId('no-iso-project');
    await none.getByRole('heading', { name: 'No ISO 27001 project yet' }).waitFor();
    assert.match((await none.textContent()) ?? '', /bulwark import governance\.json --org <slug>/);
    assert.equal(await page.locator('.error').count(), 0);

    const { importBundle } = await import('../../src/governance/import/import.service.ts');
    const org = await server.services.organisations.requireBySlug('default');
    await importBundle(server.store.db, org.id, 'system', {
      version: 1,
      isoProjects: [{ externalId: 'p1', name: 'ISMS 2026', status: 'active' }],
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Statement of Applicability: ISMS 2026' }).waitFor();
    assert.equal(await page.getByTestId('soa').locator('tbody tr').count(), 93);
    assert.equal(
      await page.getByLabel('Show').locator('option').nth(1).textContent(),
      'Current evidence (0)',
    );
    await page.getByRole('button', { name: 'Collect evidence now' }).click();
    const run = page.getByTestId('last-run');
    await run.waitFor();
    assert.match((await run.getByRole('heading').textContent()) ?? '', /: 3 passed, 2 failed$/);
    assert.deepEqual(await run.locator('li > strong').allTextContents(), [
      'Vulnerability management',
      'Software inventory',
      'Supplier relationships',
      'Access rights',
      'Policy compliance',
    ]);
    // Software inventory (2 controls), supplier relationships (4) and policy compliance (1) passed.
    await page
      .getByLabel('Show')
      .locator('option', { hasText: 'Current evidence (7)' })
      .waitFor({ state: 'attached' });
    await page.getByLabel('Show').selectOption('current');
    assert.deepEqual(await page.getByTestId('soa').locator('tbody th').allTextContents(), [
      'A.5.9',
      'A.5.19',
      'A.5.20',
      'A.5.21',
      'A.5.22',
      'A.5.36',
      'A.8.19',
    ]);
    await assertAccessible(page, 'evidence');
    const csv = await page.request.get(server.base + '/api/v1/governance/soa/export?format=csv');
    assert.equal(csv.status(), 200);
    assert.equal((await csv.text()).split('\r\n').length, 95);
  });

  it('fits a 390-px phone on every page and in the triage dialog', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'bulwark-daily-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const server = await startConsoleServer(t, { osv: writeAdvisories(dir) });
    const sbomId = await uploadSbom(server);
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server);
    const wider: string[] = [];
    for (const path of [
      '/',
      '/sboms',
      `/sboms/${sbomId}`,
      '/findings',
      '/vendors',
      '/access/tokens',
      '/access/users',
      '/access/organisation',
      '/access/connect',
      '/audit',
      '/governance/evidence',
    ]) {
      await page.goto(server.base + path);
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate<number>('document.documentElement.scrollWidth');
      if (width > 390) wider.push(`${path}: ${width} px`);
    }
    assert.deepEqual(wider, []);
    await page.goto(server.base + '/findings');
    await page.getByRole('button', { name: 'PYSEC-2026-2' }).click();
    const dialog = page.getByRole('dialog', { name: 'PYSEC-2026-2' });
    await dialog.getByTestId('scoring').waitFor();
    const box = await dialog.boundingBox();
    assert.ok(box);
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the dialog spans ${box.x}–${box.x + box.width} px`);
    const inner = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
    assert.equal(inner, 0);
  });
});
