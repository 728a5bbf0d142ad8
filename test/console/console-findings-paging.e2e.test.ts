// The findings page at a size that needs paging, in Debian's Chromium (issue 33): it asks for 200 findings at a
// time, loads the next page as the table scrolls to its end, shows every order exactly as the server gives it,
// says what "select all" selects, keeps its scroll position through a triage, and fits a 390-px phone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { insertMany } from '../../src/db/helpers.ts';
import { newId } from '../../src/shared/ids.ts';
import {
  assertAccessible,
  bearer,
  launchBrowser,
  NO_CHROMIUM,
  startConsoleServer,
  watchCsp,
  type ConsoleServer,
} from '../support/browser.ts';

const OPEN = 360;
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'MEDIUM', 'LOW'];
const ORDERS = [
  'priority',
  'severity',
  '-severity',
  '-createdAt',
  'createdAt',
  'epss',
  '-epss',
  'vulnerability',
  '-vulnerability',
  'package',
  '-package',
];

/**
 * `OPEN` open findings and a few fixed ones, written straight into the tables (matching advisories is not what
 * is tested here), with ties in every order: repeated vulnerability ids, packages, dates and scores.
 */
async function seed(server: ConsoleServer): Promise<void> {
  const orgId = (await server.services.organisations.requireBySlug('default')).id;
  const sbom = await server.services.sboms.create(orgId, 'system', { name: 'paged-app', version: '1.0' });
  const components: Record<string, unknown>[] = [];
  const findings: Record<string, unknown>[] = [];
  for (let i = 0; i < OPEN + 20; i++) {
    const componentId = newId('cmp');
    const name = `${i % 7 === 0 ? 'Lib' : 'lib'}-${(i * 37) % 50}`;
    const version = i % 23 === 0 ? null : `${i % 4}.${i % 11}.0`;
    components.push({
      ...{ id: componentId, org_id: orgId, sbom_id: sbom.id, bom_ref: null, type: 'library' },
      ...{ group_name: null, name, version, purl: `pkg:pypi/${name.toLowerCase()}@${version ?? '0'}` },
      ...{ cpe: null, ecosystem: 'PyPI', package_key: `PyPI:${name.toLowerCase()}`, licenses: '[]' },
      ...{ hashes: '[]', supplier: null, scope: null, depends_on: '[]', position: i },
    });
    const cve = `CVE-2025-${1000 + ((i * 13) % 400)}`;
    const created = new Date(Date.UTC(2026, 0, 1 + (i % 30))).toISOString();
    findings.push({
      ...{ id: newId('fnd'), org_id: orgId, sbom_id: sbom.id, component_id: componentId },
      ...(i % 3 === 0
        ? { vulnerability_id: `GHSA-test-${i % 100}`, aliases: JSON.stringify([cve]) }
        : { vulnerability_id: cve, aliases: '[]' }),
      ...{ advisory_ids: JSON.stringify([cve]), summary: `Advisory ${i}`, severity: SEVERITIES[i % 5] },
      ...{ severity_source: 'cvss_v3', cvss_score: i % 5 === 0 ? null : (i % 10) + 0.5, cvss_vector: null },
      ...{ fixed_versions: '["9.9.9"]', refs: '[]', match_reasons: '[]' },
      ...{ status: i < OPEN ? 'open' : 'fixed', remediation_notes: null },
      ...{ created_at: created, updated_at: created, status_changed_at: created },
      ...{ retracted_at: null, retraction_reason: null },
    });
  }
  const { db } = server.store;
  await insertMany(db, 'sbom_components', components);
  await insertMany(db, 'findings', findings);
  const cves = Array.from({ length: 400 }, (_, n) => `CVE-2025-${1000 + n}`);
  await insertMany(
    db,
    'vuln_epss',
    cves
      .filter((_, n) => n % 2 === 0)
      .map((cve, n) => ({ cve_id: cve, score: (n % 10) / 10, percentile: 0.5, score_date: '2026-01-31' })),
  );
  await insertMany(
    db,
    'vuln_kev',
    cves
      .filter((_, n) => n % 40 === 0)
      .map((cve) => ({ cve_id: cve, date_added: '2026-01-02', due_date: null, ransomware: 'Unknown' })),
  );
}

interface ListPage {
  data: { id: string }[];
  meta: { nextCursor: string | null; total: number } | null;
}

async function listed(server: ConsoleServer, query: string): Promise<ListPage> {
  const response = await fetch(`${server.base}/api/v1/sscs/findings?${query}`, {
    headers: bearer(server.token),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as ListPage;
}

async function signIn(page: Page, server: ConsoleServer): Promise<void> {
  await page.goto(server.base + '/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill('admin@localhost');
  await page.getByLabel('Password').fill(server.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

const table = (page: Page) => page.getByRole('table', { name: 'Findings' });
/** The finding ids of the rows in the DOM (the rendered window), top to bottom. */
const renderedIds = async (page: Page) =>
  table(page)
    .locator('[role=row][data-key]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key') ?? ''));
const scrollBody = (page: Page, top: number | 'end') =>
  table(page)
    .locator('.vbody')
    .evaluate((body, to) => {
      body.scrollTop = to === 'end' ? body.scrollHeight : to;
    }, top);

describe('console: findings a page at a time', { skip: NO_CHROMIUM }, () => {
  it('asks for 200 at a time, loads more on scrolling, and shows the server order for every sort', async (t) => {
    const server = await startConsoleServer(t);
    await seed(server);
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const csp = watchCsp(page);
    const asked: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/sscs/findings') asked.push(url.searchParams);
    });
    await signIn(page, server);

    await page.goto(server.base + '/findings');
    await page.getByText(`Showing 200 of ${OPEN} findings`).waitFor();
    assert.deepEqual(
      asked.map((q) => [q.get('limit'), q.get('cursor')]),
      [['200', null]],
      'one request, for the first 200',
    );
    const first = await listed(server, 'limit=200');
    const top = await renderedIds(page);
    assert.ok(top.length >= 15, `${top.length} rows rendered`);
    assert.deepEqual(
      top,
      first.data.slice(0, top.length).map((f) => f.id),
    );
    await assertAccessible(page, 'findings, first of two pages');

    // Selection is of loaded rows, and the page says so.
    await page.getByRole('button', { name: 'Select the 200 loaded' }).click();
    await page.getByRole('region', { name: 'Selection' }).getByText('200 selected').waitFor();
    await page.getByText('Selection covers loaded rows only: scroll to load more.').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();

    // Scrolling to the end asks for the next page with the first page's cursor, and shows its rows.
    await scrollBody(page, 'end');
    await page.getByText(`${OPEN} findings`, { exact: true }).waitFor();
    assert.deepEqual(
      asked.map((q) => [q.get('limit'), q.get('cursor')]),
      [
        ['200', null],
        ['200', first.meta!.nextCursor],
      ],
    );
    const whole = (await listed(server, 'status=open')).data.map((f) => f.id);
    await scrollBody(page, 'end');
    await table(page)
      .locator(`[data-key="${whole.at(-1)}"]`)
      .waitFor();
    assert.equal(await table(page).getAttribute('aria-rowcount'), String(OPEN + 1));
    assert.equal(await page.getByRole('button', { name: 'Select all', exact: true }).count(), 1);

    // Every order in the URL: the rows shown are the server's first rows in that order.
    for (const sort of ORDERS) {
      await page.goto(`${server.base}/findings?sort=${sort}`);
      await page.getByText(`Showing 200 of ${OPEN} findings`).waitFor();
      const shown = await renderedIds(page);
      const served = (await listed(server, `sort=${sort}&limit=${shown.length}`)).data.map((f) => f.id);
      assert.deepEqual(shown, served, `sort=${sort}`);
      assert.equal(asked.at(-1)?.get('sort'), sort);
    }
    assert.ok(
      asked.every((q) => q.get('limit') === '200'),
      'the page never asks for the whole list',
    );
    assert.deepEqual(csp, []);
  });

  it('keeps the scroll position through a triage, and fits a 390-px phone', async (t) => {
    const server = await startConsoleServer(t);
    await seed(server);
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    await page.goto(server.base + '/findings?sort=package');
    await page.getByText(`Showing 200 of ${OPEN} findings`).waitFor();
    await scrollBody(page, 'end');
    await page.getByText(`${OPEN} findings`, { exact: true }).waitFor();

    // Row 250 (of the second page) at the top, then triage the first row in view.
    await scrollBody(page, 250 * 36);
    const before = (await listed(server, 'sort=package')).data.map((f) => f.id);
    const target = table(page).locator(`[data-key="${before[250]}"]`);
    await target.waitFor();
    await target.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Status').selectOption('false_positive');
    await dialog.getByRole('button', { name: 'Save triage' }).click();
    await dialog.getByText('Saved.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The loaded pages are asked again: the triaged row leaves, the rows around it stay where they were.
    await page.getByText(`${OPEN - 1} findings`, { exact: true }).waitFor();
    assert.equal(
      await table(page)
        .locator('.vbody')
        .evaluate((body) => body.scrollTop),
      250 * 36,
    );
    await table(page).locator(`[data-key="${before[251]}"]`).waitFor();
    assert.equal(await table(page).locator(`[data-key="${before[250]}"]`).count(), 0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.base + '/findings');
    await page.getByText(`Showing 200 of ${OPEN - 1} findings`).waitFor();
    assert.ok((await page.evaluate<number>('document.documentElement.scrollWidth')) <= 390);
    await assertAccessible(page, 'findings on a phone');
  });
});
