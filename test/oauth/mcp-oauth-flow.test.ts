/**
 * The whole flow as a hosted assistant runs it, with the MCP SDK's own client-side OAuth: discovery from the 401,
 * dynamic registration, authorization approved by a signed-in person, token, tools/list and a call, refresh, and
 * the cut-off when the person disconnects the application; on both dialects.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createOrg } from '../support/app.ts';
import { signInAs } from '../support/session.ts';
import { DIALECTS } from '../support/store.ts';
import { authorizeInBrowser, REDIRECT_URI, startServer, TestOAuthClient } from './oauth-kit.ts';

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

for (const dialect of DIALECTS) {
  describe(`${dialect}: MCP authorization (OAuth 2.1)`, () => {
    it('a client that knows only the URL connects, is approved, lists and calls tools, refreshes, and is cut off on disconnect', async (t) => {
      const env = await startServer(t, dialect);
      const org = await createOrg(env.services);
      const admin = await signInAs(env.app, env.services, org, 'admin');
      const oauth = new TestOAuthClient();

      // 1. No token: the 401 names the protected-resource metadata; the SDK discovers, registers, redirects.
      const bare = await fetch(env.mcpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(LIST),
      });
      assert.equal(bare.status, 401);
      assert.equal(
        bare.headers.get('www-authenticate'),
        `Bearer realm="bulwark", resource_metadata="${env.base}/.well-known/oauth-protected-resource/api/v1/mcp"`,
      );
      const first = new Client({ name: 'assistant', version: '1.0.0' });
      await assert.rejects(
        first.connect(new StreamableHTTPClientTransport(new URL(env.mcpUrl), { authProvider: oauth })),
        UnauthorizedError,
      );
      const asked = oauth.authorizationUrl!;
      assert.equal(asked.origin + asked.pathname, `${env.base}/oauth/auth`);
      assert.equal(asked.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(asked.searchParams.get('resource'), env.mcpUrl);
      assert.equal(asked.searchParams.get('scope'), 'mcp:read mcp:write');
      assert.equal(asked.searchParams.get('redirect_uri'), REDIRECT_URI);
      const clientId = oauth.information!.client_id;

      // 2. The person sees the request in the console and approves it.
      const redirect = await authorizeInBrowser(asked, async (uid) => {
        const shown = await env.app.inject({
          method: 'GET',
          url: `/api/v1/oauth/requests/${uid}`,
          headers: admin.cookie,
        });
        assert.equal(shown.statusCode, 200, shown.body);
        assert.deepEqual(shown.json().data, {
          uid,
          client: { id: clientId, name: 'Test assistant', metadataDocument: false },
          redirectUri: REDIRECT_URI,
          redirectHost: '127.0.0.1:9999',
          resource: env.mcpUrl,
          requestedScopes: ['mcp:read', 'mcp:write'],
          grantableScopes: ['mcp:read', 'mcp:write'],
        });
        const approved = await env.app.inject({
          method: 'POST',
          url: `/api/v1/oauth/requests/${uid}/approve`,
          headers: admin.write,
        });
        assert.equal(approved.statusCode, 200, approved.body);
        assert.equal(approved.json().data.redirectTo, `${env.base}/oauth/auth/${uid}`);
        return approved.json().data.redirectTo as string;
      });
      assert.equal(redirect.origin + redirect.pathname, REDIRECT_URI);
      const code = redirect.searchParams.get('code')!;
      assert.ok(code.length >= 32);

      // 3. Token, then tools/list and a call as the approving person.
      const transport = new StreamableHTTPClientTransport(new URL(env.mcpUrl), { authProvider: oauth });
      await transport.finishAuth(code);
      const issued = oauth.saved!;
      assert.equal(issued.token_type.toLowerCase(), 'bearer');
      assert.equal(issued.expires_in, 3600);
      assert.equal(issued.scope, 'mcp:read mcp:write');
      assert.ok(issued.refresh_token);
      const client = new Client({ name: 'assistant', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(env.mcpUrl), { authProvider: oauth }));
      t.after(() => client.close());
      assert.equal((await client.listTools()).tools.length, 23);
      const suppliers = await client.callTool({ name: 'supplier_list', arguments: {} });
      assert.deepEqual(suppliers.structuredContent, { items: [], total: 0, truncated: false });

      // Stored hashed: neither the access nor the refresh token appears in the store.
      const rows = await env.store.db
        .selectFrom('oauth_records')
        .select(['model', 'id', 'payload'])
        .execute();
      const dump = JSON.stringify(rows);
      assert.equal(dump.includes(issued.access_token), false);
      assert.equal(dump.includes(issued.refresh_token!), false);
      const sha = (v: string) => createHash('sha256').update(v).digest('hex');
      assert.deepEqual(
        rows.filter((r) => r.model === 'AccessToken').map((r) => r.id),
        [sha(issued.access_token)],
      );

      // 4. Refresh: a new access token and a new (rotated) refresh token; the new one works.
      assert.equal(await auth(oauth, { serverUrl: env.mcpUrl }), 'AUTHORIZED');
      const refreshed = oauth.saved!;
      assert.notEqual(refreshed.access_token, issued.access_token);
      assert.notEqual(refreshed.refresh_token, issued.refresh_token);
      assert.equal(await mcpStatus(env.mcpUrl, refreshed.access_token), 200);

      // 5. Connected applications: listed, then disconnected; the very next request is refused.
      const listed = await env.app.inject({
        method: 'GET',
        url: '/api/v1/oauth/connections',
        headers: admin.cookie,
      });
      const [connection] = listed.json().data as Array<Record<string, unknown>>;
      assert.deepEqual(
        { ...connection, createdAt: typeof connection!.createdAt, lastUsedAt: typeof connection!.lastUsedAt },
        {
          id: connection!.id,
          clientId,
          clientName: 'Test assistant',
          scopes: ['mcp:read', 'mcp:write'],
          resource: env.mcpUrl,
          createdAt: 'string',
          lastUsedAt: 'string',
        },
      );
      const revoked = await env.app.inject({
        method: 'DELETE',
        url: `/api/v1/oauth/connections/${String(connection!.id)}`,
        headers: admin.write,
      });
      assert.equal(revoked.statusCode, 200, revoked.body);
      assert.equal(await mcpStatus(env.mcpUrl, refreshed.access_token), 401);
      const again = await fetch(`${env.base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshed.refresh_token!,
          client_id: clientId,
        }),
      });
      assert.equal(again.status, 400);
      assert.equal(((await again.json()) as { error: string }).error, 'invalid_grant');
      const after = await env.app.inject({
        method: 'GET',
        url: '/api/v1/oauth/connections',
        headers: admin.cookie,
      });
      assert.deepEqual(after.json().data, []);
    });
  });
}

async function mcpStatus(url: string, token: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(LIST),
  });
  await response.body?.cancel();
  return response.status;
}
