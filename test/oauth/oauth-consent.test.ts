/**
 * The consent: scopes capped by the approving person's role (and by their role at each call), a denial that
 * reaches the client as access_denied with nothing issued, and connected applications kept per person and
 * organisation.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOrg } from '../support/app.ts';
import { signInAs } from '../support/session.ts';
import { eventually } from '../support/poll.ts';
import { DIALECTS } from '../support/store.ts';
import {
  accessTokens,
  approvedCode,
  authorizeInBrowser,
  authorizeUrl,
  clientId,
  codeGrant,
  pkce,
  REDIRECT_URI,
  startServer,
  token,
} from './oauth-kit.ts';

const callTool = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name, arguments: args },
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: MCP authorization, consent`, () => {
    it('a viewer grants only mcp:read, whatever the client asks; a role lowered later caps the next call', async (t) => {
      const env = await startServer(t, dialect);
      const org = await createOrg(env.services, { mcpWriteEnabled: true });
      const viewer = await signInAs(env.app, env.services, org, 'viewer');
      const id = await clientId(env);
      const { verifier, challenge } = pkce();
      const url = authorizeUrl(env, { client_id: id, code_challenge: challenge });
      const back = await authorizeInBrowser(url, async (uid) => {
        const shown = await env.app.inject({
          method: 'GET',
          url: `/api/v1/oauth/requests/${uid}`,
          headers: viewer.cookie,
        });
        assert.deepEqual(shown.json().data.grantableScopes, ['mcp:read']);
        const res = await env.app.inject({
          method: 'POST',
          url: `/api/v1/oauth/requests/${uid}/approve`,
          headers: viewer.write,
        });
        return res.json().data.redirectTo as string;
      });
      const issued = await token(env, codeGrant(id, back.searchParams.get('code')!, verifier, env));
      assert.equal(issued.body.scope, 'mcp:read');
      const draft = await env.app.inject({
        method: 'POST',
        url: '/api/v1/mcp',
        headers: {
          authorization: `Bearer ${issued.body.access_token}`,
          accept: 'application/json, text/event-stream',
        },
        payload: callTool('risk_create_draft', { title: 'From an assistant' }),
      });
      assert.equal(draft.statusCode, 200);
      assert.deepEqual(draft.json().result._meta, {
        error: {
          code: 'INSUFFICIENT_SCOPE',
          message: 'The token lacks the scope mcp:write that risk_create_draft needs',
        },
      });

      // An admin's token carries mcp:write, until the admin becomes a viewer.
      const admin = await signInAs(env.app, env.services, org, 'admin');
      const pair = pkce();
      const adminToken = await token(
        env,
        codeGrant(id, await approvedCode(env, admin, id, pair.challenge), pair.verifier, env),
      );
      assert.equal(adminToken.body.scope, 'mcp:read mcp:write');
      const call = () =>
        env.app.inject({
          method: 'POST',
          url: '/api/v1/mcp',
          headers: {
            authorization: `Bearer ${adminToken.body.access_token}`,
            accept: 'application/json, text/event-stream',
          },
          payload: callTool('risk_create_draft', { title: 'From an assistant' }),
        });
      assert.equal((await call()).json().result.structuredContent.status, 'draft');
      await env.store.db
        .updateTable('users')
        .set({ role: 'viewer' })
        .where('id', '=', admin.userId)
        .execute();
      // Seen through the store's stamp (on PostgreSQL, a notification a few milliseconds later).
      const capped = await eventually(
        async () => (await call()).json().result._meta?.error.code as string | undefined,
        (code) => code === 'INSUFFICIENT_SCOPE',
      );
      assert.equal(capped, 'INSUFFICIENT_SCOPE');
    });

    it('deny: the client gets error=access_denied at its redirect URI, and no code or token exists', async (t) => {
      const env = await startServer(t, dialect);
      const org = await createOrg(env.services);
      const member = await signInAs(env.app, env.services, org, 'member');
      const id = await clientId(env);
      const back = await authorizeInBrowser(
        authorizeUrl(env, { client_id: id, code_challenge: pkce().challenge }),
        async (uid) => {
          const res = await env.app.inject({
            method: 'POST',
            url: `/api/v1/oauth/requests/${uid}/deny`,
            headers: member.write,
          });
          assert.equal(res.statusCode, 200, res.body);
          // Answered once: the request is gone for a second decision.
          const again = await env.app.inject({
            method: 'POST',
            url: `/api/v1/oauth/requests/${uid}/approve`,
            headers: member.write,
          });
          assert.deepEqual([again.statusCode, again.json().error.code], [404, 'NOT_FOUND']);
          return res.json().data.redirectTo as string;
        },
      );
      assert.equal(back.origin + back.pathname, REDIRECT_URI);
      assert.equal(back.searchParams.get('error'), 'access_denied');
      assert.equal(back.searchParams.get('code'), null);
      assert.equal(back.searchParams.get('state'), 'st4te');
      assert.equal(await accessTokens(env), 0);
      const grants = await env.store.db
        .selectFrom('oauth_records')
        .select('id')
        .where('model', '=', 'AuthorizationCode')
        .execute();
      assert.deepEqual(grants, []);
    });

    it('connections are per person: another organisation (or person) sees none and gets 404 revoking one; API tokens get 403', async (t) => {
      const env = await startServer(t, dialect);
      const org = await createOrg(env.services);
      const other = await createOrg(env.services);
      const owner = await signInAs(env.app, env.services, org, 'owner');
      const colleague = await signInAs(env.app, env.services, org, 'admin');
      const stranger = await signInAs(env.app, env.services, other, 'owner');
      const id = await clientId(env);
      const { verifier, challenge } = pkce();
      await token(env, codeGrant(id, await approvedCode(env, owner, id, challenge), verifier, env));
      const mine = await env.app.inject({
        method: 'GET',
        url: '/api/v1/oauth/connections',
        headers: owner.cookie,
      });
      const grantId = (mine.json().data as Array<{ id: string }>)[0]!.id;
      for (const person of [stranger, colleague]) {
        const listed = await env.app.inject({
          method: 'GET',
          url: '/api/v1/oauth/connections',
          headers: person.cookie,
        });
        assert.deepEqual(listed.json().data, []);
        const revoke = await env.app.inject({
          method: 'DELETE',
          url: `/api/v1/oauth/connections/${grantId}`,
          headers: person.write,
        });
        assert.deepEqual([revoke.statusCode, revoke.json().error.code], [404, 'NOT_FOUND']);
      }
      const byToken = await env.app.inject({
        method: 'GET',
        url: '/api/v1/oauth/connections',
        headers: org.bearer('all'),
      });
      assert.deepEqual([byToken.statusCode, byToken.json().error.code], [403, 'FORBIDDEN']);
      const still = await env.app.inject({
        method: 'GET',
        url: '/api/v1/oauth/connections',
        headers: owner.cookie,
      });
      assert.equal(still.json().data.length, 1);
    });
  });
}
