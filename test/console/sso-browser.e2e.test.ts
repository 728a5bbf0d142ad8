// Single sign-on in a real browser (Debian's Chromium): from Bulwark to a real OpenID provider on loopback,
// through its login and consent pages, back to the console page the sign-in started from.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { launchBrowser, NO_CHROMIUM, startConsoleServer } from '../support/browser.ts';
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
    await page.goto(`${server.base}/api/v1/session/sso?org=default&redirect=%2Ffindings`);
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
  });
});
