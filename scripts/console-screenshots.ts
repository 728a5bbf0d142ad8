// Writes screenshots of the console's main pages into docs/console/ (README shows the overview):
// `scripts/with-node.sh node scripts/console-screenshots.ts`. Needs Chromium and ../shared/data.
import { readFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, NO_CHROMIUM, startConsoleServer } from '../test/support/browser.ts';
import { SHARED_DATA } from '../test/support/shared-data.ts';

if (NO_CHROMIUM) {
  console.error(NO_CHROMIUM);
  process.exit(2);
}

const out = fileURLToPath(new URL('../docs/console/', import.meta.url));
mkdirSync(out, { recursive: true });
const data = (path: string) => fileURLToPath(new URL(path, SHARED_DATA));
const afters: (() => unknown)[] = [];
const t = { after: (fn: () => unknown) => void afters.push(fn) };

const server = await startConsoleServer(t, { osv: [data('osv/Go-all.zip')] });
const auth = { authorization: `Bearer ${server.token}` };
const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${server.base}/api/v1${path}`, {
    method,
    headers: body instanceof FormData ? auth : { ...auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  return ((await response.json()) as { data: T }).data;
};

// A small but real workspace: two Go SBOMs, some triage, a few vendors.
for (const [path, version] of [
  ['sboms/cyclonedx/proton-bridge__proton-bridge-v1.8.0.bom.json', '1.8.0'],
  ['sboms/spdx/constellation-v2.2.2-golang.syft.spdx-2.2.json', '2.2.2'],
] as const) {
  const form = new FormData();
  form.append('version', version);
  form.append('file', new Blob([readFileSync(data(path))]), basename(path));
  await api('POST', '/sscs/sboms/upload', form);
}
const open = await api<{ id: string }[]>('GET', '/sscs/findings');
for (const [i, finding] of open.slice(0, 6).entries()) {
  await api('PATCH', `/sscs/findings/${finding.id}/status`, {
    status: i % 2 ? 'mitigated' : 'accepted_risk',
    remediationNotes: 'Reviewed in the weekly triage: not reachable from the public API.',
  });
}
for (const vendor of [
  {
    name: 'Acme Hosting',
    type: 'commercial',
    riskTier: 1,
    assessmentStatus: 'completed',
    website: 'https://acme.example',
  },
  { name: 'Globex Payments', type: 'commercial', riskTier: 1, assessmentStatus: 'in_progress' },
  { name: 'OpenSSL', type: 'oss', riskTier: 2, assessmentStatus: 'not_started' },
  { name: 'Platform team', type: 'internal', riskTier: 3, assessmentStatus: 'completed' },
]) {
  await api('POST', '/sscs/vendors', vendor);
}
// This round's pages need something to show: two policies (their violations come from the re-evaluation) and a
// portfolio-wide triage rule.
for (const [name, kind, violationState, condition] of [
  ['No strong copyleft', 'license', 'fail', { subject: 'license_group', operator: 'is', value: 'copyleft' }],
  [
    'No critical vulnerabilities',
    'security',
    'warn',
    { subject: 'severity', operator: 'at_least', value: 'CRITICAL' },
  ],
] as const) {
  await api('POST', '/sscs/policies', {
    name,
    kind,
    operator: 'any',
    violationState,
    conditions: [condition],
    enabled: true,
  });
}
await api('POST', '/sscs/triage-rules', {
  name: 'x/net HTTP/2 advisories: not reachable in our builds',
  match: { purls: ['pkg:golang/golang.org/x/net'] },
  analysis: {
    status: 'false_positive',
    justification: 'code_not_reachable',
    detail: 'The services terminate HTTP/2 at the load balancer.',
  },
});
const sboms = await api<{ id: string; name: string }[]>('GET', '/sscs/sboms');

const browser = await launchBrowser(t);
async function shoot(page: Page, name: string, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}${name}.png` });
  console.log(`docs/console/${name}.png`);
}

const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
await page.goto(server.base + '/');
await shoot(page, 'sign-in', 'Sign in to Bulwark');
await page.getByLabel('Password').fill(server.password);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.locator('.trend').waitFor();
await shoot(page, 'overview', 'Overview');
// The freshness card sits below the fold: its own picture.
await page.getByTestId('vulndb-freshness').getByRole('table').waitFor();
await page.getByTestId('vulndb-freshness').screenshot({ path: `${out}overview-freshness.png` });
console.log('docs/console/overview-freshness.png');
await page.goto(server.base + '/sboms');
await shoot(page, 'sboms', 'SBOMs');
await page.goto(`${server.base}/sboms/${sboms.at(-1)!.id}`);
await shoot(page, 'sbom-detail', sboms.at(-1)!.name + ' 1.8.0');
const plan = page.getByTestId('fix-plan');
await plan.getByRole('region', { name: 'Fix plan upgrades' }).waitFor();
await plan.screenshot({ path: `${out}fix-plan.png` });
console.log('docs/console/fix-plan.png');
await page.goto(server.base + '/findings');
await shoot(page, 'findings', 'Findings');
// A finding's own button: the header row's buttons sort the columns.
await page
  .getByRole('table', { name: 'Findings' })
  .locator('[role=row][data-key]')
  .getByRole('button')
  .first()
  .click();
await page.getByTestId('history').waitFor();
await page.screenshot({ path: `${out}triage.png` });
console.log('docs/console/triage.png');
await page.keyboard.press('Escape');
await page.goto(server.base + '/vendors');
await shoot(page, 'vendors', 'Vendors');
// Before any token is created here: a freshly created secret on the page has no place in docs/.
await page.goto(server.base + '/access/tokens');
await shoot(page, 'tokens', 'API tokens');
await page.goto(server.base + '/access/organisation');
await shoot(page, 'organisation', 'Organisation');
await page.goto(server.base + '/access/connect');
await shoot(page, 'connect', 'Connect an AI assistant');
for (const [path, name, heading] of [
  ['/assets', 'assets', 'Assets'],
  ['/policies', 'policies', 'Policies'],
  ['/violations', 'violations', 'Violations'],
  ['/triage-rules', 'triage-rules', 'Triage rules'],
  ['/governance/evidence', 'evidence', 'Evidence'],
  ['/access/teams', 'teams', 'Teams'],
  ['/access/security', 'security', 'Security'],
  ['/access/applications', 'applications', 'Connected applications'],
] as const) {
  await page.goto(server.base + path);
  await shoot(page, name, heading);
}

const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
await phone.context().addCookies(await page.context().cookies());
await phone.goto(server.base + '/');
await phone.locator('.trend').waitFor();
await shoot(phone, 'overview-phone', 'Overview');

for (const fn of afters.reverse()) await fn();
