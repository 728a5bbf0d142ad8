// Single sign-on in a real browser (Debian's Chromium): from Bulwark to a real OpenID provider on loopback,
// through its login and consent pages, back to the console page the sign-in started from.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { totpCode } from '../../src/identity/mfa/totp.ts';
import { assertAccessible, launchBrowser, NO_CHROMIUM, startConsoleServer } from '../support/browser.ts';
import { startProvider } from '../support/oidc.ts';

describe('single sign-on in the browser', { skip: NO_CHROMIUM }, () => {
  it('signs in through the provider and lands on the page it started from, with the role of its groups', async (t) => {
    const server = await startConsoleServer(t);
    const provider = await startProvider(t, { redirectUris: [`${server.base}/api/v1/session/sso/callback`] });
    provider.users.set('grace', { email: 'grace@example.com', name: 'Grace H', groups: ['security-team'] });

    // The bootstrap owner configures SSO through the API, as the settings page would.
    const signIn = await fetch(`${server.base}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@localhost', password: server.password }),
    });
    const cookie = /bulwark_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
    const { csrfToken } = ((await signIn.json()) as { data: { csrfToken: string } }).data;
    const put = await fetch(`${server.base}/api/v1/org/sso`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scopes: ['openid', 'email', 'profile', 'groups'],
        roleMapping: { 'security-team': 'member' },
      }),
    });
    assert.equal(put.status, 200, await put.text());

    const browser = await launchBrowser(t);
    const page = await browser.newPage();
    // From the console's sign-in page, as a person would after being sent there from /findings.
    await page.goto(`${server.base}/sign-in?redirect=%2Ffindings`);
    await page.fill('#sso-org', 'default');
    await page.click('text=Continue with your identity provider');
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    assert.ok(page.url().startsWith(provider.issuer), `at the provider: ${page.url()}`);
    await page.fill('input[name="login"]', 'grace');
    await page.fill('input[name="password"]', 'whatever the provider accepts');
    await page.click('button[type="submit"]');
    await page.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.base}/findings`);

    const session = await page.request.get(`${server.base}/api/v1/session`);
    assert.equal(session.status(), 200);
    const me = (await session.json()).data;
    assert.deepEqual(
      [me.user.email, me.user.name, me.user.role, me.org.slug],
      ['grace@example.com', 'Grace H', 'member', 'default'],
    );

    // A refusal comes back to the sign-in page with its reason.
    provider.users.set('eve', { email: 'eve@example.com', groups: ['marketing'] });
    const other = await browser.newPage();
    await other.goto(`${server.base}/sign-in`);
    await other.fill('#sso-org', 'default');
    await other.click('text=Continue with your identity provider');
    await other.waitForURL((url) => url.href.startsWith(provider.issuer));
    await other.fill('input[name="login"]', 'eve');
    await other.fill('input[name="password"]', 'whatever');
    await other.click('button[type="submit"]');
    await other.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
    await other.click('button[type="submit"]');
    await other.waitForURL((url) => url.pathname === '/sign-in');
    const alert = await other.textContent('[role="alert"]');
    assert.equal(
      alert,
      'Single sign-on failed: None of the groups (marketing) is in the role mapping, and there is no default role',
    );
  });
});

describe('second-factor enrolment in the browser', { skip: NO_CHROMIUM }, () => {
  it('shows a QR code, turns TOTP on with a code from it, and lists ten recovery codes', async (t) => {
    const server = await startConsoleServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPage();
    await page.goto(`${server.base}/sign-in?redirect=%2Faccess%2Fsecurity`);
    await page.fill('#email', 'admin@localhost');
    await page.fill('#password', server.password);
    await page.click('button:has-text("Sign in")');
    await page.waitForURL(`${server.base}/access/security`);
    await page.click('text=Set up an authenticator app');
    const secret = (await page.textContent('[data-testid="totp-secret"]'))!;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.match((await page.getAttribute('img[alt^="QR code"]', 'src'))!, /^data:image\/png;base64,/);
    await assertAccessible(page, 'the enrolment form');
    await page.fill('#mfa-code', totpCode(secret));
    await page.click('button:has-text("Turn on")');
    await page.waitForSelector('[data-testid="recovery-codes"] li');
    assert.equal(await page.locator('[data-testid="recovery-codes"] li').count(), 10);
    const status = await page.request.get(`${server.base}/api/v1/session/mfa`);
    assert.deepEqual((await status.json()).data, { enabled: true, recoveryCodesLeft: 10 });
  });
});
