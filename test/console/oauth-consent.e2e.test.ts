// The OAuth consent page and connected applications in Debian's Chromium: an assistant's authorization request
// sends the browser to sign-in, then to the consent page (client, redirect host, scopes); approving returns a
// code to the assistant, which lists tools; disconnecting on the applications page cuts it off. axe-core on both.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, it } from 'node:test';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createOrg } from '../support/app.ts';
import {
  assertAccessible,
  ensureConsoleBuilt,
  launchBrowser,
  NO_CHROMIUM,
  watchCsp,
} from '../support/browser.ts';
import { addUser, PASSWORD } from '../support/session.ts';
import { mcp, REDIRECT_URI, startServer, TestOAuthClient } from '../oauth/oauth-kit.ts';

describe('OAuth consent in the browser', { skip: NO_CHROMIUM }, () => {
  it('signs in from the authorization request, approves, and disconnects the application', async (t) => {
    ensureConsoleBuilt();
    const env = await startServer(t, 'sqlite');
    const org = await createOrg(env.services);
    const member = await addUser(env.services, org, 'member');
    const oauth = new TestOAuthClient('Claude (test)');
    const first = new Client({ name: 'assistant', version: '1.0.0' });
    await assert.rejects(
      first.connect(new StreamableHTTPClientTransport(new URL(env.mcpUrl), { authProvider: oauth })),
      UnauthorizedError,
    );

    const browser = await launchBrowser(t);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    const csp = watchCsp(page);
    // The assistant's redirect URI: the browser's arrival there is the answer. A loopback server listens on it
    // (as a desktop assistant's does): Chromium does not always hand the end of a redirect chain to page.route,
    // and a refused connection failed this test now and then.
    let returned: URL | undefined;
    const receiver = createServer((request, response) => {
      const url = new URL(request.url ?? '/', REDIRECT_URI);
      // Only the redirect itself: the browser also asks this host for /favicon.ico.
      if (url.pathname === new URL(REDIRECT_URI).pathname) returned = url;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
    });
    const { port, hostname } = new URL(REDIRECT_URI);
    await new Promise<void>((resolve, reject) =>
      receiver.once('error', reject).listen(Number(port), hostname, () => resolve()),
    );
    t.after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    await page.goto(oauth.authorizationUrl!.href);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Bulwark' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(member.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Connect an application' }).waitFor();
    await page.getByTestId('client-name').waitFor();
    assert.equal(await page.getByTestId('client-name').textContent(), 'Claude (test)');
    assert.equal(await page.getByTestId('redirect-host').textContent(), '127.0.0.1:9999');
    // A member may read through the tool server but not write: mcp:write is shown as not granted.
    assert.deepEqual(await page.getByTestId('granted-scopes').locator('code').allTextContents(), [
      'mcp:read',
    ]);
    await page.getByText('Not granted (your role does not allow it):').waitFor();
    await assertAccessible(page, 'consent');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${REDIRECT_URI}**`);
    assert.equal(returned!.searchParams.get('error'), null);
    const code = returned!.searchParams.get('code')!;

    const transport = new StreamableHTTPClientTransport(new URL(env.mcpUrl), { authProvider: oauth });
    await transport.finishAuth(code);
    assert.equal(oauth.saved!.scope, 'mcp:read');
    const client = new Client({ name: 'assistant', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(env.mcpUrl), { authProvider: oauth }));
    t.after(() => client.close());
    assert.equal((await client.listTools()).tools.length, 23);

    await page.goto(`${env.base}/access/applications`);
    await page.getByRole('heading', { level: 1, name: 'Connected applications' }).waitFor();
    const row = page.getByRole('row', { name: /Claude \(test\)/ });
    await row.waitFor();
    assert.equal(await row.getByRole('cell').nth(1).textContent(), 'mcp:read');
    await assertAccessible(page, 'connected applications');
    await row.getByRole('button', { name: 'Disconnect Claude (test)' }).click();
    await page.getByText('No connected applications.').waitFor();
    assert.equal((await mcp(env, oauth.saved!.access_token)).statusCode, 401);
    assert.deepEqual(csp, []);
  });
});
