/**
 * PostgreSQL, two instances on one schema (docs/identity.md, "Cached principals"): what instance A revokes is
 * refused by instance B on the very next request, with no wait for B's change listener. B has just served the
 * user's API token and OAuth access token from its principal cache; A deactivates the user through SCIM (or
 * revokes a token) and B is asked in the same tick A answered. Each loop runs many times: one stale answer fails.
 */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { openStore } from '../../src/db/connect.ts';
import { build, createOrg } from '../support/app.ts';
import { PASSWORD, signIn } from '../support/session.ts';
import { createTestStore, DIALECTS } from '../support/store.ts';
import {
  approvedCode,
  clientId,
  codeGrant,
  freePort,
  mcp,
  pkce,
  token,
  type Running,
} from './oauth-kit.ts';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ROUNDS = Number(process.env.CUT_OFF_ROUNDS ?? 200);

/** Instance A listening (the OAuth flow needs a real origin) and instance B, each with its own store handle. */
async function twoInstances(t: TestContext) {
  const store = await createTestStore('postgres');
  const schema = store.location.split('#')[1]!;
  const second = openStore(process.env.TEST_DATABASE_URL, undefined, { schema });
  t.after(async () => {
    await second.close();
    await store.close();
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const a = await build(t, 'postgres', { store, config: { PUBLIC_URL: [base] } });
  await a.app.listen({ port, host: '127.0.0.1' });
  const b = await build(t, 'postgres', { store: second, config: { PUBLIC_URL: [base] } });
  // B caches only while its change listener is up: wait for it, so the loops below test the cache.
  for (let i = 0; i < 100 && second.changeStamp() === undefined; i++) await new Promise((r) => setTimeout(r, 20));
  assert.notEqual(second.changeStamp(), undefined, 'B is listening');
  const env: Running = { ...a, base, mcpUrl: `${base}/api/v1/mcp` };
  return { a: env, b, host: new URL(base).host };
}

if (DIALECTS.includes('postgres'))
  describe('postgres: a cut-off on one instance is refused by another on its next request', () => {
    it(`SCIM deactivation on A: B refuses the user's session, API token and OAuth token at once (${ROUNDS} rounds)`, async (t) => {
      const { a, b, host } = await twoInstances(t);
      const org = await createOrg(a.services, { tokens: { scim: ['scim'] } });
      const scim = (method: 'POST' | 'PATCH', url: string, body: object) =>
        a.app.inject({
          method,
          url: `/scim/v2${url}`,
          headers: { authorization: `Bearer ${org.tokens.scim!}`, 'content-type': 'application/scim+json' },
          payload: JSON.stringify(body),
        });
      const assistant = await clientId(a);
      const stale: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const email = `leaver-${round}@${org.slug}.example.com`;
        const created = await scim('POST', '/Users', { userName: email });
        assert.equal(created.statusCode, 201, created.body);
        await a.services.users.setPassword(org.slug, email, PASSWORD);
        const session = await signIn(a.app, email);
        const { secret } = await a.services.tenancy.createToken({
          orgSlug: org.slug,
          userEmail: email,
          scopes: ['sbom:read'],
        });
        const { verifier, challenge } = pkce();
        const code = await approvedCode(a, session, assistant, challenge);
        const issued = await token(a, codeGrant(assistant, code, verifier, a));
        assert.equal(issued.status, 200, JSON.stringify(issued.body));
        const access = issued.body.access_token!;
        const onB = {
          session: () => b.app.inject({ url: '/api/v1/sscs/vendors', headers: session.cookie }),
          apiToken: () =>
            b.app.inject({ url: '/api/v1/sscs/vendors', headers: { authorization: `Bearer ${secret}` } }),
          oauth: () => mcp({ ...a, app: b.app }, access, host),
        };
        // B serves all three, the two tokens from its cache the second time.
        for (const call of [...Object.values(onB), onB.apiToken, onB.oauth])
          assert.equal((await call()).statusCode, 200, `round ${round}: B serves before the cut-off`);
        const cut = await scim('PATCH', `/Users/${created.json().id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        });
        assert.equal(cut.statusCode, 200, cut.body);
        for (const [name, call] of Object.entries(onB)) {
          const status = (await call()).statusCode;
          if (status !== 401) stale.push(`round ${round}: ${name} ${status}`);
        }
      }
      assert.deepEqual(stale, []);
    });

    it(`a token revoked on A is refused by B at once (${ROUNDS} rounds)`, async (t) => {
      const { a, b } = await twoInstances(t);
      const org = await createOrg(a.services, {});
      const stale: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const created = await a.services.tenancy.createToken({ orgSlug: org.slug, scopes: ['sbom:read'] });
        const onB = () =>
          b.app.inject({
            url: '/api/v1/sscs/vendors',
            headers: { authorization: `Bearer ${created.secret}` },
          });
        assert.equal((await onB()).statusCode, 200);
        assert.ok(b.services.tenancy.cachedPrincipal(created.secret), `round ${round}: cached on B`);
        await a.services.tenancy.revokeToken(created.token.id);
        if ((await onB()).statusCode !== 401) stale.push(round);
      }
      assert.deepEqual(stale, []);
    });
  });
