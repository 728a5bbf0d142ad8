// Policies, violations and triage rules in Debian's Chromium: a policy built with form controls and previewed
// before saving, edited and deleted; violations filtered (kept in the URL), suppressed with a comment and
// reopened; badges on SBOMs and components; a triage rule previewed, saved (what it changed) and deleted; a
// viewer's read-only view; a member who suppresses but may not change policies; every page and editor no wider than a 390-px phone; axe-core on each state.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  assertAccessible,
  bearer,
  launchBrowser,
  NO_CHROMIUM,
  startConsoleServer,
  watchCsp,
  within,
  type ConsoleServer,
} from '../support/browser.ts';

/** loudlib < 2.0 has a CRITICAL advisory (CVSS 9.8); quietlib < 2.0 an unscored one. */
function writeAdvisories(dir: string): string[] {
  const advisory = (id: string, name: string, extra: Record<string, unknown>) => ({
    schema_version: '1.6.0',
    id,
    modified: '2026-01-01T00:00:00Z',
    summary: `${name} is vulnerable`,
    affected: [
      {
        package: { ecosystem: 'PyPI', name },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0' }] }],
      },
    ],
    ...extra,
  });
  return [
    advisory('PYSEC-2026-11', 'loudlib', {
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    }),
    advisory('PYSEC-2026-12', 'quietlib', {}),
  ].map((content) => {
    const path = join(dir, `${content.id}.json`);
    writeFileSync(path, JSON.stringify(content));
    return path;
  });
}

/** shop: left-pad (MIT), gpl-lib (GPL-3.0-only), loudlib (Apache-2.0, CRITICAL), quietlib (MIT, unrated). */
const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', name: 'shop', version: '1.0.0' } },
  components: [
    ['left-pad', 'MIT'],
    ['gpl-lib', 'GPL-3.0-only'],
    ['loudlib', 'Apache-2.0'],
    ['quietlib', 'MIT'],
  ].map(([name, license]) => ({
    type: 'library',
    name,
    version: '1.0',
    purl: `pkg:pypi/${name}@1.0`,
    licenses: [{ license: { id: license } }],
  })),
});

async function setUp(t: TestContext): Promise<{ server: ConsoleServer; sbomId: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-policies-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const server = await startConsoleServer(t, { osv: writeAdvisories(dir) });
  const form = new FormData();
  form.append('file', new Blob([SBOM]), 'shop.cdx.json');
  const response = await fetch(server.base + '/api/v1/sscs/sboms/upload', {
    method: 'POST',
    headers: bearer(server.token),
    body: form,
  });
  assert.equal(response.status, 201);
  return { server, sbomId: ((await response.json()) as { data: { id: string } }).data.id };
}

const api = async <T>(server: ConsoleServer, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(server.base + '/api/v1' + path, {
    method,
    headers: { ...bearer(server.token), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
};

async function signIn(page: Page, server: ConsoleServer, email = 'admin@localhost', password?: string) {
  await page.goto(server.base + '/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password ?? server.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

/** The cells of body rows as text, without what only a phone shows (a column's text under the name). */
const cellsOf = (rows: Locator) =>
  rows.evaluateAll((trs) =>
    trs.map((r) =>
      [...r.querySelectorAll('td')].map((td) => {
        const copy = td.cloneNode(true) as typeof td;
        copy.querySelectorAll('.phone-only').forEach((e: { remove(): void }) => e.remove());
        return (copy.textContent ?? '').trim();
      }),
    ),
  );
const rowsOf = (page: Page, testId: string) => cellsOf(page.getByTestId(testId).locator('tbody tr'));

const COPYLEFT_REASON = 'license GPL-3.0-only is in group copyleft';

describe('console: policies, violations and triage rules', { skip: NO_CHROMIUM }, () => {
  it('builds, previews, saves, edits and deletes policies; suppresses violations; runs triage rules', async (t) => {
    const { server, sbomId } = await setUp(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const csp = watchCsp(page);
    await signIn(page, server);

    // Policies: none yet; the default license groups are listed.
    await nav(page, 'Policies');
    await heading(page, 'Policies');
    await page.getByText('No policies yet').waitFor();
    const groups = page.getByRole('heading', { name: 'License groups' }).locator('../..');
    await groups.locator('summary').first().waitFor();
    assert.deepEqual(await groups.locator('summary strong').allTextContents(), [
      'copyleft',
      'permissive',
      'weak-copyleft',
    ]);
    await assertAccessible(page, 'policies, empty');

    // A license policy from form controls: license group is copyleft; the preview names gpl-lib before saving.
    await page.getByRole('button', { name: 'New policy' }).click();
    let dialog = page.getByRole('dialog', { name: 'New policy' });
    await dialog.getByLabel('Name').fill('No copyleft');
    assert.equal(await dialog.getByLabel('Subject').inputValue(), 'license_group');
    await dialog.getByLabel('Group').selectOption('copyleft');
    await dialog.getByRole('button', { name: 'Preview violations' }).click();
    const preview = dialog.getByTestId('policy-preview');
    await preview.waitFor();
    assert.equal(
      await preview.getByRole('status').textContent(),
      '1 violation in 1 component, in the latest SBOM of 1 asset.',
    );
    assert.deepEqual(
      await preview
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))),
      [['shop', 'gpl-lib 1.0', COPYLEFT_REASON]],
    );
    await assertAccessible(page, 'policy editor with preview');
    await page.screenshot({ path: '/tmp/console-policy-editor.png' });
    // Nothing was saved by the preview.
    assert.deepEqual(await api(server, 'GET', '/sscs/policies'), []);
    await dialog.getByRole('button', { name: 'Create policy' }).click();
    await dialog.waitFor({ state: 'detached' });
    const license = page.getByRole('heading', { name: 'License policies (1)' }).locator('..');
    await license.waitFor();
    assert.deepEqual(
      (await cellsOf(license.locator('tbody tr'))).map((cells) => cells.slice(0, 3)),
      [['No copyleft', 'license group is copyleft', 'fail']],
    );

    // A security policy with two conditions (any): severity at least CRITICAL, or in the KEV catalog.
    await page.getByRole('button', { name: 'New policy' }).click();
    dialog = page.getByRole('dialog', { name: 'New policy' });
    await dialog.getByLabel('Name').fill('Critical or exploited');
    await dialog.getByLabel('Kind').selectOption('security');
    await dialog.getByLabel('A violation is').selectOption('warn');
    await dialog.getByLabel('Subject').selectOption('severity');
    await dialog.getByLabel('Operator').selectOption('at_least');
    await dialog.getByLabel('Severity').selectOption('CRITICAL');
    await dialog.getByRole('button', { name: 'Add condition' }).click();
    const second = dialog.getByRole('listitem', { name: 'Condition 2' });
    await second.getByLabel('Subject').selectOption('kev');
    assert.equal(await second.getByLabel("In CISA's KEV catalog").inputValue(), 'true');
    await dialog.getByRole('button', { name: 'Preview violations' }).click();
    await dialog
      .getByTestId('policy-preview')
      .getByText('1 violation in 1 component, in the latest SBOM of 1 asset.')
      .waitFor();
    assert.equal(
      await dialog.getByTestId('policy-preview').locator('tbody td').nth(1).textContent(),
      'loudlib 1.0',
    );
    await dialog.getByRole('button', { name: 'Create policy' }).click();
    await dialog.waitFor({ state: 'detached' });
    const security = page.getByRole('heading', { name: 'Security policies (1)' }).locator('..');
    assert.equal(
      await security.locator('tbody td').nth(1).textContent(),
      'severity at least CRITICAL or known exploited (kev) is true',
    );

    // A value the server refuses comes back in words, naming the condition; nothing is saved.
    await page.getByRole('button', { name: 'New policy' }).click();
    dialog = page.getByRole('dialog', { name: 'New policy' });
    await dialog.getByLabel('Name').fill('Broken');
    await dialog.getByLabel('Subject').selectOption('license');
    await dialog.getByLabel('License', { exact: true }).fill('Not-A-License');
    await dialog.getByRole('button', { name: 'Create policy' }).click();
    const error = dialog.getByRole('alert');
    await error.waitFor();
    assert.equal(await error.locator('strong').textContent(), 'Some fields are not valid.');
    assert.deepEqual(await error.locator('li').allTextContents(), [
      "body.conditions.0.value: 'Not-A-License' is not an SPDX license id, LicenseRef-… or NONE",
    ]);
    await assertAccessible(page, 'policy editor with an error');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await api<unknown[]>(server, 'GET', '/sscs/policies')).length, 2);
    await page.screenshot({ path: '/tmp/console-policies.png', fullPage: true });

    // Violations: both policies' (the background re-evaluation has run), filtered by policy and state.
    await within(60_000, 'the re-evaluation', server.services.policies.reevaluation.idle());
    await nav(page, 'Violations');
    await heading(page, 'Violations');
    await page.getByTestId('violations').waitFor();
    const byPolicy = (rows: string[][]) => rows.map((r) => r.slice(0, 4)).sort();
    assert.deepEqual(byPolicy(await rowsOf(page, 'violations')), [
      ['gpl-lib 1.0', 'No copyleft', 'fail', 'open'],
      ['loudlib 1.0', 'Critical or exploited', 'warn', 'open'],
    ]);
    await assertAccessible(page, 'violations');
    await page.getByLabel('State').selectOption('warn');
    await page.waitForURL(/state=warn/);
    await page.getByRole('heading', { name: 'Open violations (1)' }).waitFor();
    await page.getByLabel('State').selectOption('');
    await page.getByLabel('Policy').selectOption({ label: 'No copyleft' });
    await page.waitForURL(/policyId=pol_/);
    await page.getByRole('heading', { name: 'Open violations (1)' }).waitFor();
    await page.reload();
    await heading(page, 'Violations');
    await page.getByRole('heading', { name: 'Open violations (1)' }).waitFor();
    assert.deepEqual(byPolicy(await rowsOf(page, 'violations')), [
      ['gpl-lib 1.0', 'No copyleft', 'fail', 'open'],
    ]);

    // Suppressed with a comment; gone from the open list; listed as suppressed; reopened; history kept.
    await page.getByRole('button', { name: 'gpl-lib 1.0' }).click();
    dialog = page.getByRole('dialog', { name: 'No copyleft: gpl-lib' });
    await dialog.getByTestId('violation-history').waitFor();
    await dialog.getByLabel('Why it is suppressed').fill('Approved by legal for internal use');
    await dialog.getByRole('button', { name: 'Suppress' }).click();
    await dialog.getByText('Saved.').waitFor();
    await dialog.getByTestId('violation-history').getByText('open → suppressed').waitFor();
    assert.match(
      (await dialog.getByTestId('violation-history').locator('li').first().textContent()) ?? '',
      /open → suppressed by youApproved by legal for internal use$/,
    );
    await assertAccessible(page, 'violation dialog');
    await page.screenshot({ path: '/tmp/console-violation.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByText('No violations match.').waitFor();
    await page.getByLabel('Status').selectOption('suppressed');
    await page.waitForURL(/status=suppressed/);
    await page.getByRole('heading', { name: 'Suppressed violations (1)' }).waitFor();
    assert.deepEqual(byPolicy(await rowsOf(page, 'violations')), [
      ['gpl-lib 1.0', 'No copyleft', 'fail', 'suppressed'],
    ]);
    await page.getByRole('button', { name: 'gpl-lib 1.0' }).click();
    dialog = page.getByRole('dialog', { name: 'No copyleft: gpl-lib' });
    await dialog.getByRole('button', { name: 'Reopen' }).waitFor();
    await dialog.getByLabel('Why it is reopened').fill('Shipped to customers after all');
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    await dialog.getByText('Saved.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const [stored] = await api<{ id: string }[]>(server, 'GET', '/sscs/violations?status=open&kind=license');
    const detail = await api<{ history: { fromStatus: string; toStatus: string; comment: string }[] }>(
      server,
      'GET',
      `/sscs/violations/${stored!.id}`,
    );
    assert.deepEqual(
      detail.history.map((h) => [h.fromStatus, h.toStatus, h.comment]),
      [
        ['open', 'suppressed', 'Approved by legal for internal use'],
        ['suppressed', 'open', 'Shipped to customers after all'],
      ],
    );

    // Badges: the SBOM list and detail count open violations by state; the component rows carry theirs.
    await nav(page, 'SBOMs');
    await heading(page, 'SBOMs');
    const badges = page.locator('tbody tr').first().locator('.state-counts');
    await badges.waitFor();
    assert.equal(await badges.textContent(), '1 fail1 warn');
    await page.locator('tbody tr').first().getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/sboms/${sbomId}$`));
    await page.locator('dt', { hasText: 'Policy violations' }).waitFor();
    assert.equal(
      await page.locator('dd', { has: page.locator('.state-counts') }).textContent(),
      '1 fail1 warn open policy violations',
    );
    const componentRow = (name: string) =>
      page.locator('[role=table][aria-label=Components] [role=row]', { hasText: name });
    await componentRow('gpl-lib').locator('.badge').waitFor();
    assert.equal(await componentRow('gpl-lib').locator('.state-counts').textContent(), '1 fail');
    assert.equal(await componentRow('loudlib').locator('.state-counts').textContent(), '1 warn');
    assert.equal(await componentRow('left-pad').locator('.badge').count(), 0);
    await assertAccessible(page, 'SBOM detail with violations');
    await page.locator('dd .badge-link').click();
    await page.waitForURL(new RegExp(`/violations\\?sbomId=${sbomId}`));
    await page.getByRole('heading', { name: 'Open violations (2)' }).waitFor();

    // Edit: the copyleft policy becomes a warning; delete the security policy (its violations go with it).
    await nav(page, 'Policies');
    await page.getByRole('button', { name: 'Edit No copyleft' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit No copyleft' });
    assert.equal(await dialog.getByLabel('Group').inputValue(), 'copyleft');
    await dialog.getByLabel('A violation is').selectOption('warn');
    await dialog.getByRole('button', { name: 'Save policy' }).click();
    await dialog.waitFor({ state: 'detached' });
    await license.locator('.badge', { hasText: 'warn' }).waitFor();
    await page.getByRole('button', { name: 'Delete Critical or exploited' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete Critical or exploited' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Security policies (1)' }).waitFor({ state: 'detached' });
    assert.deepEqual(
      (await api<{ name: string; violationState: string }[]>(server, 'GET', '/sscs/policies')).map((p) => [
        p.name,
        p.violationState,
      ]),
      [['No copyleft', 'warn']],
    );
    await within(60_000, 'the re-evaluation', server.services.policies.reevaluation.idle());
    assert.deepEqual(
      (await api<{ policyName: string; state: string }[]>(server, 'GET', '/sscs/violations')).map((v) => [
        v.policyName,
        v.state,
      ]),
      [['No copyleft', 'warn']],
    );

    // Triage rules: previewed (which open findings it would change), created (what it changed), the findings it
    // set listed, named in the finding's history, then deleted (what that reopened).
    await nav(page, 'Triage rules');
    await heading(page, 'Triage rules');
    await page.getByText('No triage rules yet.').waitFor();
    await page.getByRole('button', { name: 'New rule' }).click();
    dialog = page.getByRole('dialog', { name: 'New triage rule' });
    await dialog.getByLabel('Name').fill('quietlib is test tooling');
    await dialog.getByLabel('Package URL patterns (one a line)').fill('pkg:pypi/quietlib');
    await dialog.getByLabel('Status').selectOption('false_positive');
    await dialog.getByLabel('Justification (why it does not affect you)').selectOption('code_not_reachable');
    await dialog.getByLabel('Detail (in the VEX statement)').fill('Only the test suite imports it.');
    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    const rulePreview = dialog.getByTestId('rule-preview');
    await rulePreview.waitFor();
    assert.equal(
      await rulePreview.getByRole('status').textContent(),
      'Matches 1 open finding; would change 1.',
    );
    assert.deepEqual(
      await rulePreview
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))),
      [['PYSEC-2026-12', 'quietlib 1.0', 'shop', 'open']],
    );
    await assertAccessible(page, 'triage rule editor with preview');
    await dialog.getByTestId('rule-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/console-rule-editor.png' });
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(
      await page.getByTestId('rule-effect').textContent(),
      'Rule quietlib is test tooling created: 1 finding triaged, 0 reopened.',
    );
    assert.deepEqual(await rowsOf(page, 'triage-rules'), [
      [
        'quietlib is test tooling',
        'package pkg:pypi/quietlib',
        'false positive',
        '50',
        'in force',
        'Edit quietlib is test toolingDelete quietlib is test tooling',
      ],
    ]);
    await assertAccessible(page, 'triage rules');
    await page.screenshot({ path: '/tmp/console-triage-rules.png', fullPage: true });
    await page.getByRole('button', { name: 'quietlib is test tooling', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'quietlib is test tooling' });
    const ruleFindings = dialog.getByTestId('rule-findings');
    await ruleFindings.waitFor();
    assert.deepEqual(await ruleFindings.locator('li').allTextContents(), [
      'PYSEC-2026-12 in quietlib 1.0: false positive',
    ]);
    await assertAccessible(page, 'triage rule detail');
    await dialog.getByRole('button', { name: 'Close' }).click();
    const [rule] = await api<{ id: string }[]>(server, 'GET', '/sscs/triage-rules');
    await page.goto(server.base + '/findings?status=false_positive');
    await page.getByRole('button', { name: 'PYSEC-2026-12' }).click();
    const triage = page.getByRole('dialog', { name: 'PYSEC-2026-12' });
    await triage.getByTestId('history').getByText(`by rule ${rule!.id}`).waitFor();
    await triage.getByRole('button', { name: 'Close' }).click();

    await nav(page, 'Triage rules');
    await page.getByRole('button', { name: 'Delete quietlib is test tooling' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete quietlib is test tooling' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(
      await page.getByTestId('rule-effect').textContent(),
      'Rule quietlib is test tooling deleted: 0 findings triaged, 1 reopened.',
    );
    await page.getByText('No triage rules yet.').waitFor();
    assert.deepEqual(csp, []);
  });

  it('shows a viewer the policies, violations and rules read-only, as the server enforces', async (t) => {
    const { server } = await setUp(t);
    await api(server, 'POST', '/sscs/policies', {
      name: 'No copyleft',
      kind: 'license',
      conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
    });
    await api(server, 'POST', '/sscs/triage-rules', {
      name: 'quietlib is test tooling',
      match: { purls: ['pkg:pypi/quietlib'] },
      analysis: { status: 'false_positive', detail: 'Only the test suite imports it.' },
    });
    await within(60_000, 'the re-evaluation', server.services.policies.reevaluation.idle());
    await server.services.tenancy.createUser('default', {
      email: 'viewer@example.com',
      role: 'viewer',
      password: 'a long viewer password',
    });
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server, 'viewer@example.com', 'a long viewer password');

    await nav(page, 'Policies');
    await heading(page, 'Policies');
    await page.getByRole('heading', { name: 'License policies (1)' }).waitFor();
    assert.match(
      (await page.locator('.notice').textContent()) ?? '',
      /^You can read the policies; owners and admins create and change them/,
    );
    for (const name of ['New policy', 'New group', 'Edit No copyleft', 'Delete No copyleft'])
      assert.equal(await page.getByRole('button', { name }).count(), 0, name);
    // The viewer may still preview: it writes nothing (the server allows any reading role).
    await assertAccessible(page, 'policies as a viewer');

    await nav(page, 'Violations');
    await page.getByRole('button', { name: 'gpl-lib 1.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'No copyleft: gpl-lib' });
    await dialog.getByText('Your role reads violations; members and admins suppress them.').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Suppress' }).count(), 0);
    await assertAccessible(page, 'violation as a viewer');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await nav(page, 'Triage rules');
    await page.getByRole('button', { name: 'quietlib is test tooling', exact: true }).waitFor();
    for (const name of ['New rule', 'Edit quietlib is test tooling', 'Delete quietlib is test tooling'])
      assert.equal(await page.getByRole('button', { name }).count(), 0, name);
    await assertAccessible(page, 'triage rules as a viewer');

    // What the console does not offer, the server refuses.
    const refused = await within(
      60_000,
      'the refused POST',
      page.evaluate(async () => {
        const session = (await (await fetch('/api/v1/session')).json()) as { data: { csrfToken: string } };
        const response = await fetch('/api/v1/sscs/policies', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
          body: JSON.stringify({
            name: 'Sneaky',
            kind: 'license',
            conditions: [{ subject: 'license', operator: 'is', value: 'MIT' }],
          }),
        });
        return response.status;
      }),
    );
    assert.equal(refused, 403);
  });

  it('lets a member suppress a violation but not change policies or rules', async (t) => {
    const { server } = await setUp(t);
    await api(server, 'POST', '/sscs/policies', {
      name: 'No copyleft',
      kind: 'license',
      conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
    });
    await within(60_000, 'the re-evaluation', server.services.policies.reevaluation.idle());
    await server.services.tenancy.createUser('default', {
      email: 'member@example.com',
      role: 'member',
      password: 'a long member password',
    });
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server, 'member@example.com', 'a long member password');
    await nav(page, 'Policies');
    await page.getByRole('heading', { name: 'License policies (1)' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'New policy' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Edit No copyleft' }).count(), 0);
    await nav(page, 'Triage rules');
    await page.getByText('No triage rules yet.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'New rule' }).count(), 0);
    await nav(page, 'Violations');
    await page.getByRole('button', { name: 'gpl-lib 1.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'No copyleft: gpl-lib' });
    await dialog.getByLabel('Why it is suppressed').fill('Internal tool only');
    await dialog.getByRole('button', { name: 'Suppress' }).click();
    await dialog.getByText('Saved.').waitFor();
    const [violation] = await api<{ status: string; comment: string }[]>(server, 'GET', '/sscs/violations');
    assert.deepEqual([violation!.status, violation!.comment], ['suppressed', 'Internal tool only']);
  });

  it('fits a 390-px phone on each page and in each editor', async (t) => {
    const { server, sbomId } = await setUp(t);
    await api(server, 'POST', '/sscs/policies', {
      name: 'No copyleft in anything we ship to customers or partners',
      kind: 'license',
      conditions: [
        { subject: 'license_group', operator: 'is', value: 'copyleft' },
        { subject: 'purl', operator: 'matches', value: 'pkg:pypi/gpl-lib' },
      ],
    });
    await api(server, 'POST', '/sscs/triage-rules', {
      name: 'quietlib is test tooling',
      match: { purls: ['pkg:pypi/quietlib'] },
      analysis: { status: 'false_positive', detail: 'Only the test suite imports it.' },
    });
    await within(60_000, 'the re-evaluation', server.services.policies.reevaluation.idle());
    const browser = await launchBrowser(t);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server);
    const wider: string[] = [];
    for (const path of ['/policies', '/violations', '/triage-rules', '/sboms', `/sboms/${sbomId}`]) {
      await page.goto(server.base + path);
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate<number>('document.documentElement.scrollWidth');
      if (width > 390) wider.push(`${path}: ${width} px`);
      await page.screenshot({ path: `/tmp/phone${path.replaceAll('/', '-')}.png`, fullPage: true });
      await assertAccessible(page, `${path} on a phone`);
    }
    assert.deepEqual(wider, []);

    const fits = async (name: string, shot: string) => {
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      await page.screenshot({ path: `/tmp/${shot}.png` });
      const box = await dialog.boundingBox();
      assert.ok(box);
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `${name} spans ${box.x}–${box.x + box.width} px`);
      assert.equal(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth), 0, name);
      await dialog.getByRole('button', { name: 'Close' }).click();
    };
    await page.goto(server.base + '/policies');
    await page.getByRole('button', { name: /^Edit No copyleft/ }).click();
    const editor = page.getByRole('dialog', { name: /^Edit No copyleft/ });
    await editor.getByRole('button', { name: 'Preview violations' }).click();
    await editor.getByTestId('policy-preview').waitFor();
    await fits('Edit No copyleft in anything we ship to customers or partners', 'phone-policy-editor');
    await page.goto(server.base + '/violations');
    await page.getByRole('button', { name: 'gpl-lib 1.0' }).click();
    await fits('No copyleft in anything we ship to customers or partners: gpl-lib', 'phone-violation');
    await page.goto(server.base + '/triage-rules');
    await page.getByRole('button', { name: 'New rule' }).click();
    await fits('New triage rule', 'phone-rule-editor');
    await page.screenshot({ path: '/tmp/phone-triage-rules.png', fullPage: true });
  });
});
