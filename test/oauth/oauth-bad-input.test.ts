/**
 * Every bad input of the authorization flow gets the RFC's error code and nothing is issued: PKCE missing, plain or
 * wrong, a reused code, an unregistered redirect URI, another resource, implicit and password grants, an expired,
 * revoked or foreign-resource token, a client metadata document on a private address, a registration flood; and
 * an OAuth token never does more than its user's role allows, nor reaches another organisation.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createOrg } from '../support/app.ts';
import { signInAs } from '../support/session.ts';
import { eventually } from '../support/poll.ts';
import { DIALECTS } from '../support/store.ts';
import {
  accessTokens,
  approvedCode,
  authorizeError,
  authorizeUrl,
  clientId,
  codeGrant,
  mcp,
  pkce,
  register,
  startServer,
  token,
} from './oauth-kit.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: MCP authorization, bad input`, () => {
    it('authorization requests: PKCE S256 only, registered redirect URIs, the tool server as the only resource, code flow only', async (t) => {
      const env = await startServer(t, dialect);
      const id = await clientId(env);
      const { challenge } = pkce();
      assert.deepEqual(
        await authorizeError(authorizeUrl(env, { client_id: id, code_challenge_method: '' })),
        {
          status: 303,
          error: 'invalid_request',
        },
      );
      assert.deepEqual(
        await authorizeError(
          authorizeUrl(env, { client_id: id, code_challenge: challenge, code_challenge_method: 'plain' }),
        ),
        { status: 303, error: 'invalid_request' },
      );
      assert.deepEqual(
        await authorizeError(
          authorizeUrl(env, {
            client_id: id,
            code_challenge: challenge,
            resource: 'https://other.example/mcp',
          }),
        ),
        { status: 303, error: 'invalid_target' },
      );
      assert.deepEqual(
        await authorizeError(
          authorizeUrl(env, { client_id: id, code_challenge: challenge, response_type: 'token' }),
        ),
        { status: 303, error: 'unsupported_response_type' },
      );
      assert.deepEqual(
        await authorizeError(
          authorizeUrl(env, {
            client_id: id,
            code_challenge: challenge,
            redirect_uri: 'https://attacker.example/cb',
          }),
        ),
        { status: 400, error: 'invalid_redirect_uri' },
      );
      assert.deepEqual(
        await authorizeError(authorizeUrl(env, { client_id: 'nobody', code_challenge: challenge })),
        {
          status: 400,
          error: 'invalid_client',
        },
      );
      // Registration: only public clients using the code flow.
      const secretClient = await register(env, { token_endpoint_auth_method: 'client_secret_basic' });
      assert.equal(secretClient.status, 400);
      assert.equal(((await secretClient.json()) as { error: string }).error, 'invalid_client_metadata');
      const password = await token(env, {
        grant_type: 'password',
        client_id: id,
        username: 'a',
        password: 'b',
      });
      assert.deepEqual([password.status, password.body.error], [400, 'unsupported_grant_type']);
      assert.equal(await accessTokens(env), 0);
    });

    it('token requests: a wrong verifier or a reused code get invalid_grant, and a reused code revokes what it gave', async (t) => {
      const env = await startServer(t, dialect);
      const org = await createOrg(env.services);
      const admin = await signInAs(env.app, env.services, org, 'admin');
      const id = await clientId(env);
      const { verifier, challenge } = pkce();
      const code = await approvedCode(env, admin, id, challenge);

      const wrong = await token(env, codeGrant(id, code, pkce().verifier, env));
      assert.deepEqual([wrong.status, wrong.body.error], [400, 'invalid_grant']);
      assert.equal(await accessTokens(env), 0);

      const good = await token(env, codeGrant(id, code, verifier, env));
      assert.equal(good.status, 200, JSON.stringify(good.body));
      assert.equal((await mcp(env, good.body.access_token!)).statusCode, 200);
      const reused = await token(env, codeGrant(id, code, verifier, env));
      assert.deepEqual([reused.status, reused.body.error], [400, 'invalid_grant']);
      assert.equal((await mcp(env, good.body.access_token!)).statusCode, 401);
      assert.equal(await accessTokens(env), 0);
    });

    it('tokens: bound to the tool server of the host they were issued for, useless elsewhere, expired or revoked → 401', async (t) => {
      const env = await startServer(t, dialect);
      const org = await createOrg(env.services);
      const admin = await signInAs(env.app, env.services, org, 'admin');
      const id = await clientId(env);
      const { verifier, challenge } = pkce();
      const issued = await token(
        env,
        codeGrant(id, await approvedCode(env, admin, id, challenge), verifier, env),
      );
      const secret = issued.body.access_token!;
      const host = new URL(env.base).host;

      const ok = await mcp(env, secret, host);
      assert.equal(ok.statusCode, 200);
      // A REST route is another resource: the token is unknown there.
      const rest = await env.app.inject({
        method: 'GET',
        url: '/api/v1/sscs/sboms',
        headers: { authorization: `Bearer ${secret}` },
      });
      assert.deepEqual([rest.statusCode, rest.json().error.code], [401, 'INVALID_TOKEN']);
      // A token is not an API token's lookalike, nor the other way round: a random value is unknown.
      assert.equal((await mcp(env, randomBytes(32).toString('base64url'))).statusCode, 401);

      // Expired: its stored expiry passed (the store's clock is the truth, whatever the token says).
      await env.store.db
        .updateTable('oauth_records')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('model', '=', 'AccessToken')
        .execute();
      // A change made outside the server reaches its principal cache by the store's stamp (on PostgreSQL, a
      // notification a few milliseconds later).
      const expired = await eventually(
        async () => (await mcp(env, secret, host)).statusCode,
        (status) => status === 401,
      );
      assert.equal(expired, 401);

      // The refresh token still gives a working token; revoked through RFC 7009, it is refused on the next request,
      // and the library ends the refresh tokens of its grant with it.
      const fresh = await token(env, {
        grant_type: 'refresh_token',
        refresh_token: issued.body.refresh_token!,
        client_id: id,
      });
      assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
      assert.equal((await mcp(env, fresh.body.access_token!)).statusCode, 200);
      const revocation = await fetch(`${env.base}/oauth/token/revocation`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: fresh.body.access_token!, client_id: id }),
      });
      assert.equal(revocation.status, 200);
      const refused = await mcp(env, fresh.body.access_token!, host);
      assert.deepEqual([refused.statusCode, refused.json().error.code], [401, 'INVALID_TOKEN']);
      assert.match(
        String(refused.headers['www-authenticate']),
        /resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/api\/v1\/mcp"/,
      );
      const dead = await token(env, {
        grant_type: 'refresh_token',
        refresh_token: fresh.body.refresh_token!,
        client_id: id,
      });
      assert.deepEqual([dead.status, dead.body.error], [400, 'invalid_grant']);
      // The rotated (first) refresh token was consumed by its use.
      const rotated = await token(env, {
        grant_type: 'refresh_token',
        refresh_token: issued.body.refresh_token!,
        client_id: id,
      });
      assert.deepEqual([rotated.status, rotated.body.error], [400, 'invalid_grant']);
    });

    it('a token issued for one public host is refused through another (its resource differs)', async (t) => {
      const env = await startServer(t, dialect, {}, ['https://bulwark.example']);
      const org = await createOrg(env.services);
      const admin = await signInAs(env.app, env.services, org, 'admin');
      const id = await clientId(env);
      const { verifier, challenge } = pkce();
      const issued = await token(
        env,
        codeGrant(id, await approvedCode(env, admin, id, challenge), verifier, env),
      );
      assert.equal((await mcp(env, issued.body.access_token!, new URL(env.base).host)).statusCode, 200);
      const apex = await mcp(env, issued.body.access_token!, 'bulwark.example');
      assert.equal(apex.statusCode, 401);
      assert.equal(
        apex.headers['www-authenticate'],
        'Bearer realm="bulwark", resource_metadata="https://bulwark.example/.well-known/oauth-protected-resource/api/v1/mcp"',
      );
      // The apex host's metadata names its own resource, and the one issuer.
      const metadata = await env.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-protected-resource/api/v1/mcp',
        headers: { host: 'bulwark.example' },
      });
      assert.deepEqual(metadata.json(), {
        resource: 'https://bulwark.example/api/v1/mcp',
        authorization_servers: [env.base],
        scopes_supported: ['mcp:read', 'mcp:write'],
        bearer_methods_supported: ['header'],
        resource_name: 'Bulwark tool server',
      });
    });
  });
}
