/** Clients: the RFC 8414 metadata, client ID metadata documents behind the target guard, the registration limit. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from '../support/store.ts';
import { authorizeError, authorizeUrl, pkce, register, startServer } from './oauth-kit.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: MCP authorization, clients`, () => {
    it('client ID metadata documents on loopback or private addresses are not fetched: invalid_client', async (t) => {
      const env = await startServer(t, dialect);
      const { challenge } = pkce();
      for (const documentUrl of [
        'https://127.0.0.1/client.json',
        'https://10.1.2.3/client.json',
        'https://[::1]/client.json',
        'https://localhost/client.json',
      ]) {
        assert.deepEqual(
          await authorizeError(authorizeUrl(env, { client_id: documentUrl, code_challenge: challenge })),
          { status: 400, error: 'invalid_client' },
          documentUrl,
        );
      }
      const metadata = await fetch(`${env.base}/.well-known/oauth-authorization-server`);
      const body = (await metadata.json()) as Record<string, unknown>;
      assert.deepEqual(
        {
          issuer: body.issuer,
          authorization_endpoint: body.authorization_endpoint,
          token_endpoint: body.token_endpoint,
          registration_endpoint: body.registration_endpoint,
          revocation_endpoint: body.revocation_endpoint,
          code_challenge_methods_supported: body.code_challenge_methods_supported,
          client_id_metadata_document_supported: body.client_id_metadata_document_supported,
          response_types_supported: body.response_types_supported,
          grant_types_supported: body.grant_types_supported,
          token_endpoint_auth_methods_supported: body.token_endpoint_auth_methods_supported,
          scopes_supported: body.scopes_supported,
        },
        {
          issuer: env.base,
          authorization_endpoint: `${env.base}/oauth/auth`,
          token_endpoint: `${env.base}/oauth/token`,
          registration_endpoint: `${env.base}/oauth/reg`,
          revocation_endpoint: `${env.base}/oauth/token/revocation`,
          code_challenge_methods_supported: ['S256'],
          client_id_metadata_document_supported: true,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          token_endpoint_auth_methods_supported: ['none'],
          scopes_supported: ['mcp:read', 'mcp:write'],
        },
      );
    });

    it('a registration flood is limited per address: the 21st registration within the hour gets 429', async (t) => {
      const env = await startServer(t, dialect);
      for (let i = 0; i < 20; i++) assert.equal((await register(env)).status, 201);
      const flooded = await register(env);
      assert.equal(flooded.status, 429);
      assert.equal(flooded.headers.get('retry-after'), '3600');
      assert.deepEqual(await flooded.json(), {
        error: 'too_many_requests',
        error_description: 'At most 20 client registrations per address and hour',
      });
      const clients = await env.store.db
        .selectFrom('oauth_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('model', '=', 'Client')
        .executeTakeFirstOrThrow();
      assert.equal(Number(clients.n), 20);
    });
  });
}
