/**
 * A user who leaves takes their assistants' access along (docs/identity.md, docs/mcp-oauth.md): SCIM
 * `active:false`, SCIM DELETE and an admin's DELETE /api/v1/users/{id} delete the user's OAuth grants with their
 * access and refresh tokens and unexchanged codes in the same transaction, so the very next tool call, refresh or
 * code exchange is refused, like the user's API tokens; other users' assistants stay connected. Both dialects.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openStore } from '../../src/db/connect.ts';
import { build, createOrg } from '../support/app.ts';
import { addUser, signIn, type SignedIn } from '../support/session.ts';
import { createTestStore, DIALECTS, testStoreUrl } from '../support/store.ts';
import {
  freePort,
  approvedCode,
  clientId,
  codeGrant,
  mcp,
  pkce,
  startServer,
  token,
  type Running,
} from './oauth-kit.ts';

/** An assistant the person connected: its client id and the tokens of the code exchange. */
async function connect(env: Running, person: SignedIn) {
  const id = await clientId(env);
  const { verifier, challenge } = pkce();
  const issued = await token(
    env,
    codeGrant(id, await approvedCode(env, person, id, challenge), verifier, env),
  );
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  return { id, access: issued.body.access_token!, refresh: issued.body.refresh_token! };
}

const refresh = (env: Running, assistant: { id: string; refresh: string }) =>
  token(env, { grant_type: 'refresh_token', refresh_token: assistant.refresh, client_id: assistant.id });

/** The models of the oauth_records rows acting for the user, sorted. */
const recordsOf = async (env: Running, userId: string) =>
  (await env.store.db.selectFrom('oauth_records').select('model').where('account_id', '=', userId).execute())
    .map((r) => r.model)
    .sort();

/** What one connection leaves behind: the grant, the (used) code, the library's session, the two tokens. */
const CONNECTION = ['AccessToken', 'AuthorizationCode', 'Grant', 'RefreshToken', 'Session'];

for (const dialect of DIALECTS) {
  describe(`${dialect}: MCP authorization, users who leave`, () => {
    it('SCIM deactivation, SCIM deletion and an admin deleting the user revoke their OAuth grants on the very next request', async (t) => {
      const env = await startServer(t, dialect);
      const org = await createOrg(env.services, { tokens: { scim: ['scim'] } });
      const admin = await signIn(env.app, (await addUser(env.services, org, 'admin')).email);
      const people = {
        deactivated: await signIn(env.app, (await addUser(env.services, org, 'member')).email),
        provisionedOut: await signIn(env.app, (await addUser(env.services, org, 'member')).email),
        removed: await signIn(env.app, (await addUser(env.services, org, 'member')).email),
        stays: await signIn(env.app, (await addUser(env.services, org, 'member')).email),
      };
      const assistants = {
        deactivated: await connect(env, people.deactivated),
        provisionedOut: await connect(env, people.provisionedOut),
        removed: await connect(env, people.removed),
        stays: await connect(env, people.stays),
      };
      // A second assistant approved but whose code is not exchanged yet.
      const pendingId = await clientId(env);
      const pending = pkce();
      const pendingCode = await approvedCode(env, people.deactivated, pendingId, pending.challenge);
      // Each token works (and its principal is cached) before the user leaves.
      for (const a of Object.values(assistants)) assert.equal((await mcp(env, a.access)).statusCode, 200);
      // The first also has the second assistant's grant, code and session.
      assert.deepEqual(
        await recordsOf(env, people.deactivated.userId),
        [...CONNECTION, 'AuthorizationCode', 'Grant', 'Session'].sort(),
      );
      assert.deepEqual(await recordsOf(env, people.removed.userId), CONNECTION);

      const scim = (method: 'PATCH' | 'DELETE', userId: string, body?: object) =>
        env.app.inject({
          method,
          url: `/scim/v2/Users/${userId}`,
          headers: {
            authorization: `Bearer ${org.tokens.scim!}`,
            ...(body ? { 'content-type': 'application/scim+json' } : {}),
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      const leave = {
        deactivated: () =>
          scim('PATCH', people.deactivated.userId, {
            schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
            Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
          }),
        provisionedOut: () => scim('DELETE', people.provisionedOut.userId),
        removed: () =>
          env.app.inject({
            method: 'DELETE',
            url: `/api/v1/users/${people.removed.userId}`,
            headers: admin.write,
          }),
      };
      for (const [who, go] of Object.entries(leave) as Array<
        [keyof typeof leave, () => ReturnType<typeof scim>]
      >) {
        const res = await go();
        assert.equal(res.statusCode, who === 'provisionedOut' ? 204 : 200, res.body);
        const refused = await mcp(env, assistants[who].access);
        assert.deepEqual([refused.statusCode, refused.json().error.code], [401, 'INVALID_TOKEN'], who);
        const renewed = await refresh(env, assistants[who]);
        assert.deepEqual([renewed.status, renewed.body.error], [400, 'invalid_grant'], who);
        assert.deepEqual(await recordsOf(env, people[who].userId), [], who);
        // The others keep theirs until their own turn.
        assert.equal((await mcp(env, assistants.stays.access)).statusCode, 200, who);
      }
      const exchanged = await token(env, codeGrant(pendingId, pendingCode, pending.verifier, env));
      assert.deepEqual([exchanged.status, exchanged.body.error], [400, 'invalid_grant']);

      // The person who stays keeps a working assistant, refresh included. Reactivating a user brings nothing back.
      const kept = await refresh(env, assistants.stays);
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      assert.equal((await mcp(env, kept.body.access_token!)).statusCode, 200);
      // A second access token and the rotated refresh token beside the first (consumed) one.
      assert.deepEqual(
        await recordsOf(env, people.stays.userId),
        [...CONNECTION, 'AccessToken', 'RefreshToken'].sort(),
      );
      const reactivated = await scim('PATCH', people.deactivated.userId, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
      });
      assert.equal(reactivated.statusCode, 200, reactivated.body);
      assert.equal((await mcp(env, assistants.deactivated.access)).statusCode, 401, 'stays revoked');
    });

    if (dialect === 'postgres')
      it('deactivation through one instance refuses the OAuth token on another on its very next request', async (t) => {
        const store = await createTestStore(dialect);
        const second = openStore(testStoreUrl(store));
        t.after(async () => {
          await second.close();
          await store.close();
        });
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const a = await build(t, dialect, { store, config: { PUBLIC_URL: [base] } });
        await a.app.listen({ port, host: '127.0.0.1' });
        const env: Running = { ...a, base, mcpUrl: `${base}/api/v1/mcp` };
        const b = await build(t, dialect, { store: second, config: { PUBLIC_URL: [base] } });
        const org = await createOrg(a.services, { tokens: { scim: ['scim'] } });
        const person = await signIn(a.app, (await addUser(a.services, org, 'member')).email);
        const assistant = await connect(env, person);
        // Instance b caches the principal once its change listener is up.
        for (let i = 0; i < 50 && second.changeStamp() === undefined; i++)
          await new Promise((r) => setTimeout(r, 20));
        const onB = () => mcp({ ...env, app: b.app }, assistant.access, new URL(base).host);
        assert.equal((await onB()).statusCode, 200);
        assert.equal((await onB()).statusCode, 200, 'served from b');
        const res = await a.app.inject({
          method: 'PATCH',
          url: `/scim/v2/Users/${person.userId}`,
          headers: { authorization: `Bearer ${org.tokens.scim!}`, 'content-type': 'application/scim+json' },
          payload: JSON.stringify({
            schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
            Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
          }),
        });
        assert.equal(res.statusCode, 200, res.body);
        // No wait for b's listener: its cache hit waits for the store's barrier (docs/identity.md).
        assert.equal((await onB()).statusCode, 401);
      });
  });
}
