/**
 * PostgreSQL, two instances on one schema (docs/identity.md, "Cached principals"): what instance A revokes is
 * refused by instance B on the very next request, with no wait for B's change listener. B has just served the
 * user's API token and OAuth access token from its principal cache; A deactivates the user through SCIM (or
 * revokes a token) and B is asked in the same tick A answered. Each loop runs many times: one stale answer fails.
 */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { openStore } from '../../src/db/connect.ts';
import { findUsersByEmailAnyOrg } from '../../src/tenancy/tenancy.repository.ts';
import { build, createOrg, type TestEnv } from '../support/app.ts';
import { eventually } from '../support/poll.ts';
import type { SignedIn } from '../support/session.ts';
import { createTestStore, DIALECTS, testStoreUrl } from '../support/store.ts';
import { approvedCode, clientId, codeGrant, freePort, mcp, pkce, token, type Running } from './oauth-kit.ts';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const VENDORS = '/api/v1/sscs/vendors';
/** A client address per round: over 100 failed authentications a minute, one address is answered 429. */
const clientOf = (round: number) => `10.9.${round >> 8}.${round & 255}`;
/** Rounds of each loop: a deactivation round runs a whole OAuth connection, so it has fewer of them. */
const ROUNDS = Number(process.env.CUT_OFF_ROUNDS ?? 200);
const SCIM_ROUNDS = Number(process.env.CUT_OFF_ROUNDS ?? 100);

/** A session for a provisioned user without a password (what SSO does): no scrypt per round. */
async function sessionOf(env: TestEnv, email: string): Promise<SignedIn> {
  const [user] = await findUsersByEmailAnyOrg(env.store.db, email);
  const { secret, view } = await env.services.sessions.start(user!, 'cut-off test');
  const cookie = `bulwark_session=${secret}`;
  return {
    userId: user!.id,
    cookie: { cookie },
    csrf: view.csrfToken,
    write: { cookie, 'x-csrf-token': view.csrfToken },
    body: view,
  };
}

/** Instance A listening (the OAuth flow needs a real origin) and instance B, each with its own store handle. */
async function twoInstances(t: TestContext) {
  const store = await createTestStore('postgres');
  const second = openStore(testStoreUrl(store));
  t.after(async () => {
    await second.close();
    await store.close();
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Hundreds of calls a minute from one address: above the default rate limit.
  const config = { PUBLIC_URL: [base], RATE_LIMIT_MAX: 100_000 };
  const a = await build(t, 'postgres', { store, config });
  await a.app.listen({ port, host: '127.0.0.1' });
  const b = await build(t, 'postgres', { store: second, config });
  // B caches only while its change listener is up: wait for it, so the loops below test the cache.
  for (let i = 0; i < 100 && second.changeStamp() === undefined; i++)
    await new Promise((r) => setTimeout(r, 20));
  assert.notEqual(second.changeStamp(), undefined, 'B is listening');
  const env: Running = { ...a, base, mcpUrl: `${base}/api/v1/mcp` };
  return { a: env, b, second, host: new URL(base).host };
}

if (DIALECTS.includes('postgres'))
  describe('postgres: a cut-off on one instance is refused by another on its next request', () => {
    it(`SCIM deactivation on A: B refuses the user's session, API token and OAuth token at once (${SCIM_ROUNDS} rounds)`, async (t) => {
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
      for (let round = 0; round < SCIM_ROUNDS; round++) {
        const email = `leaver-${round}@${org.slug}.example.com`;
        const created = await scim('POST', '/Users', { userName: email });
        assert.equal(created.statusCode, 201, created.body);
        const session = await sessionOf(a, email);
        const { secret } = await a.services.tokens.create({
          orgId: org.id,
          userEmail: email,
          scopes: ['sbom:read'],
        });
        const { verifier, challenge } = pkce();
        const code = await approvedCode(a, session, assistant, challenge);
        const issued = await token(a, codeGrant(assistant, code, verifier, a));
        assert.equal(issued.status, 200, JSON.stringify(issued.body));
        const access = issued.body.access_token!;
        // Each round calls from an address of its own: its refusals count as failed authentications.
        const remoteAddress = clientOf(round);
        const onB = {
          session: () => b.app.inject({ url: VENDORS, headers: session.cookie, remoteAddress }),
          apiToken: () =>
            b.app.inject({ url: VENDORS, headers: { authorization: `Bearer ${secret}` }, remoteAddress }),
          oauth: () => mcp({ ...a, app: b.app }, access, host, remoteAddress),
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
      assert.deepEqual(stale, [], `${stale.length} stale answers in ${SCIM_ROUNDS} rounds`);
    });

    it(`a token revoked on A is refused by B at once (${ROUNDS} rounds)`, async (t) => {
      const { a, b, second } = await twoInstances(t);
      const org = await createOrg(a.services, {});
      const stale: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const before = second.changeStamp();
        const created = await a.services.tokens.create({ orgId: org.id, scopes: ['sbom:read'] });
        // B has heard of the new token, so what it loads now stays cached (the cut-off below is the only news).
        await eventually(second.changeStamp, (stamp) => stamp !== undefined && stamp !== before, 1000);
        const onB = () =>
          b.app.inject({
            url: VENDORS,
            headers: { authorization: `Bearer ${created.secret}` },
            remoteAddress: clientOf(round),
          });
        assert.equal((await onB()).statusCode, 200);
        assert.equal((await onB()).statusCode, 200, 'served from the cache');
        await a.services.tokens.revoke(created.token.id);
        if ((await onB()).statusCode !== 401) stale.push(round);
      }
      assert.deepEqual(stale, [], `${stale.length} stale answers in ${ROUNDS} rounds`);
    });
  });
