import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchAudit } from '../audit/audit.repository.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { addUser, PASSWORD, signIn, signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Every session-only endpoint with a body it would accept. */
const SESSION_ONLY: Array<[Method, string, Record<string, unknown> | undefined]> = [
  ['GET', '/api/v1/session', undefined],
  ['DELETE', '/api/v1/session', undefined],
  ['GET', '/api/v1/tokens', undefined],
  ['POST', '/api/v1/tokens', { scopes: ['sbom:read'] }],
  ['DELETE', '/api/v1/tokens/tok_x', undefined],
  ['GET', '/api/v1/users', undefined],
  ['POST', '/api/v1/users', { email: 'new@example.com', role: 'viewer' }],
  ['PATCH', '/api/v1/users/usr_x', { name: 'X' }],
  ['DELETE', '/api/v1/users/usr_x', undefined],
  ['GET', '/api/v1/org', undefined],
  ['PATCH', '/api/v1/org', { mcpWriteEnabled: true }],
];

for (const dialect of DIALECTS) {
  describe(`${dialect}: session-only management`, () => {
    it('answers an API token with 403 FORBIDDEN on every session-only endpoint, and no header with 401', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      for (const [method, url, payload] of SESSION_ONLY) {
        const res = await app.inject({
          method,
          url,
          headers: org.bearer('all'),
          ...(payload ? { payload } : {}),
        });
        assert.equal(res.statusCode, 403, `${method} ${url}`);
        assert.deepEqual(res.json(), {
          data: null,
          error: { code: 'FORBIDDEN', message: 'This endpoint does not accept API tokens; sign in instead' },
          meta: null,
        });
        const anonymous = await app.inject({ method, url, ...(payload ? { payload } : {}) });
        assert.deepEqual([anonymous.statusCode, anonymous.json().error.code], [401, 'UNAUTHORIZED'], url);
        const revoked = await app.inject({
          method,
          url,
          headers: { authorization: 'Bearer bwk_0000000000000000000000000000000000000000' },
        });
        assert.deepEqual([revoked.statusCode, revoked.json().error.code], [401, 'INVALID_TOKEN'], url);
      }
    });

    it('lets an admin create, list and revoke tokens; the revoked token gets 401 at once', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services, { tokens: {} });
      const admin = await signInAs(app, services, org, 'admin');

      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: admin.write,
        payload: { name: 'ci', scopes: ['sbom:read', 'mcp:read'], expiresIn: '30d' },
      });
      assert.equal(created.statusCode, 201);
      const token = created.json().data;
      assert.deepEqual(Object.keys(token), ['id', 'token', 'name', 'scopes', 'assetTags', 'expiresAt']);
      assert.equal(created.headers['cache-control'], 'no-store');
      assert.match(token.id, /^tok_/);
      assert.match(token.token, /^bwk_[0-9A-Za-z]{40}$/);
      assert.deepEqual([token.name, token.scopes], ['ci', ['sbom:read', 'mcp:read']]);
      const days = (Date.parse(token.expiresAt) - Date.now()) / 86_400_000;
      assert.ok(days > 29.99 && days <= 30, `expires in ${days} days`);

      const bearer = { authorization: `Bearer ${token.token}` };
      assert.equal(
        (await app.inject({ method: 'GET', url: '/api/v1/sscs/vendors', headers: bearer })).statusCode,
        200,
      );

      const list = await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: admin.cookie });
      assert.deepEqual(list.json().data, [
        {
          id: token.id,
          name: 'ci',
          userId: admin.userId,
          scopes: ['sbom:read', 'mcp:read'],
          assetTags: null,
          expiresAt: token.expiresAt,
          revokedAt: null,
          createdAt: list.json().data[0].createdAt,
        },
      ]);
      assert.ok(!list.body.includes(token.token), 'the secret is shown once');

      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/v1/tokens/${token.id}`,
        headers: admin.write,
      });
      assert.deepEqual(revoked.json().data, { id: token.id, deleted: true });
      const refused = await app.inject({ method: 'GET', url: '/api/v1/sscs/vendors', headers: bearer });
      assert.deepEqual([refused.statusCode, refused.json().error.code], [401, 'INVALID_TOKEN']);

      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: admin.write,
        payload: { scopes: ['admin'], expiresIn: 'soon' },
      });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(
        bad.json().error.details.map((d: { path: string }) => d.path),
        ['body.scopes.0', 'body.expiresIn'],
      );

      const audit = await searchAudit(store.db, org.id, { actorId: admin.userId, limit: 10, offset: 0 });
      assert.deepEqual(
        audit.rows.map((r) => [r.action, r.entity_type]),
        [
          ['token.revoke', 'token'],
          ['token.create', 'token'],
          ['session.sign_in', 'session'],
        ],
      );
      assert.deepEqual([audit.rows[0]!.entity_id, audit.rows[1]!.entity_id], [token.id, token.id]);
    });

    it("answers another organisation's token and user ids with 404", async (t) => {
      const { app, services } = await build(t, dialect);
      const mine = await createOrg(services);
      const theirs = await createOrg(services);
      const admin = await signInAs(app, services, mine, 'owner');
      const [theirToken] = await services.tokens.list(theirs.id);
      const cases: Array<[Method, string, Record<string, unknown> | undefined]> = [
        ['DELETE', `/api/v1/tokens/${theirToken!.id}`, undefined],
        ['PATCH', `/api/v1/users/${theirs.userId}`, { name: 'Mallory' }],
        ['DELETE', `/api/v1/users/${theirs.userId}`, undefined],
        ['DELETE', '/api/v1/tokens/tok_missing', undefined],
        ['PATCH', '/api/v1/users/usr_missing', { name: 'Nobody' }],
      ];
      for (const [method, url, payload] of cases) {
        const res = await app.inject({ method, url, headers: admin.write, ...(payload ? { payload } : {}) });
        assert.deepEqual([res.statusCode, res.json().error.code], [404, 'NOT_FOUND'], `${method} ${url}`);
      }
      const stillThere = await app.inject({
        method: 'GET',
        url: '/api/v1/sscs/vendors',
        headers: theirs.bearer(),
      });
      assert.equal(stillThere.statusCode, 200, 'their token was not revoked');
      const users = await app.inject({ method: 'GET', url: '/api/v1/users', headers: admin.cookie });
      assert.ok(!users.json().data.some((u: { id: string }) => u.id === theirs.userId));
    });

    it('manages users: create with a password, change role and name, remove; every change audited', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services, { tokens: {} });
      const owner = await signInAs(app, services, org, 'owner');

      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: owner.write,
        payload: { email: 'Bob@Example.com', name: 'Bob', role: 'viewer', password: PASSWORD },
      });
      assert.equal(created.statusCode, 201);
      const bob = created.json().data;
      assert.deepEqual(
        { ...bob, id: 'x', createdAt: 'x' },
        {
          id: 'x',
          email: 'bob@example.com',
          name: 'Bob',
          role: 'viewer',
          createdAt: 'x',
        },
      );
      const bobSession = await signIn(app, 'bob@example.com');
      assert.equal(bobSession.body.user.role, 'viewer');

      const promoted = await app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${bob.id}`,
        headers: owner.write,
        payload: { role: 'member', name: 'Robert' },
      });
      assert.deepEqual([promoted.json().data.role, promoted.json().data.name], ['member', 'Robert']);
      const me = await app.inject({ method: 'GET', url: '/api/v1/session', headers: bobSession.cookie });
      assert.equal(me.json().data.user.role, 'member', 'the new role applies to open sessions at once');

      const short = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: owner.write,
        payload: { email: 'c@example.com', role: 'viewer', password: 'short' },
      });
      assert.deepEqual([short.statusCode, short.json().error.code], [400, 'VALIDATION_FAILED']);
      assert.ok(!short.body.includes('"short"'), 'the password is not echoed');
      const duplicate = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: owner.write,
        payload: { email: 'bob@example.com', role: 'viewer' },
      });
      assert.deepEqual([duplicate.statusCode, duplicate.json().error.code], [409, 'CONFLICT']);

      const bobToken = await services.tokens.create({
        orgId: org.id,
        userEmail: 'bob@example.com',
        scopes: ['sbom:read'],
      });
      const bobBearer = { authorization: `Bearer ${bobToken.secret}` };
      const vendors = () => app.inject({ method: 'GET', url: '/api/v1/sscs/vendors', headers: bobBearer });
      assert.equal((await vendors()).statusCode, 200);

      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${bob.id}`,
        headers: owner.write,
      });
      assert.deepEqual(removed.json().data, { id: bob.id, deleted: true });
      const gone = await app.inject({ method: 'GET', url: '/api/v1/session', headers: bobSession.cookie });
      assert.equal(gone.statusCode, 401, "a removed user's sessions end");
      assert.equal((await vendors()).statusCode, 401, 'and their API tokens stop working at once');
      const signInAgain = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'bob@example.com', password: PASSWORD },
      });
      assert.equal(signInAgain.statusCode, 401);

      const audit = await searchAudit(store.db, org.id, { actorId: owner.userId, limit: 10, offset: 0 });
      assert.deepEqual(
        audit.rows.map((r) => r.action),
        ['user.delete', 'user.update', 'user.create', 'session.sign_in'],
      );
      assert.deepEqual(
        audit.rows.slice(0, 3).map((r) => r.entity_id),
        [bob.id, bob.id, bob.id],
      );
      assert.deepEqual(JSON.parse(audit.rows[1]!.details!), {
        name: 'Robert',
        role: 'member',
        previousRole: 'viewer',
      });
      assert.ok(!JSON.stringify(audit.rows).includes(PASSWORD), 'passwords never reach the audit trail');
    });

    it("ends all of a user's sessions when the password changes", async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services, { tokens: {} });
      const admin = await signInAs(app, services, org, 'admin');
      const member = await addUser(services, org, 'member');
      const phone = await signIn(app, member.email);
      const laptop = await signIn(app, member.email);
      const get = (s: { cookie: { cookie: string } }) =>
        app.inject({ method: 'GET', url: '/api/v1/session', headers: s.cookie });

      // By the user, through the console: every session ends, this one included.
      const own = await app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${member.id}`,
        headers: laptop.write,
        payload: { password: 'a brand new passphrase' },
      });
      assert.equal(own.statusCode, 200);
      assert.deepEqual([(await get(phone)).statusCode, (await get(laptop)).statusCode], [401, 401]);
      assert.equal((await get(admin)).statusCode, 200, "other users' sessions stay");

      // By an admin: the same.
      const again = await signIn(app, member.email, 'a brand new passphrase');
      const reset = await app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${member.id}`,
        headers: admin.write,
        payload: { password: 'reset by the admin 1' },
      });
      assert.equal(reset.statusCode, 200);
      assert.equal((await get(again)).statusCode, 401);
      await signIn(app, member.email, 'reset by the admin 1');

      // By the operator (CLI service): the same.
      const third = await signIn(app, member.email, 'reset by the admin 1');
      await services.users.setPassword(org.id, member.email, 'set by the operator');
      assert.equal((await get(third)).statusCode, 401);
      await signIn(app, member.email, 'set by the operator');

      const audit = await searchAudit(store.db, org.id, { limit: 50, offset: 0 });
      assert.deepEqual(
        audit.rows.filter((r) => r.action === 'user.set_password').map((r) => r.actor_id),
        ['system', admin.userId, member.id],
      );
    });

    it('keeps role limits: members and viewers cannot manage, only owners touch owners, one owner remains', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services, { tokens: {} });
      const owner = await signInAs(app, services, org, 'owner');
      const admin = await signInAs(app, services, org, 'admin');
      const member = await signInAs(app, services, org, 'member');
      const viewer = await signInAs(app, services, org, 'viewer');
      const send = (who: typeof owner, method: Method, url: string, payload?: Record<string, unknown>) =>
        app.inject({ method, url, headers: who.write, ...(payload ? { payload } : {}) });
      const expect = async (res: ReturnType<typeof send>, status: number, code: string | null) => {
        const answer = await res;
        assert.deepEqual([answer.statusCode, answer.json().error?.code ?? null], [status, code], answer.body);
      };

      for (const who of [member, viewer]) {
        await expect(send(who, 'GET', '/api/v1/tokens'), 403, 'FORBIDDEN');
        await expect(send(who, 'POST', '/api/v1/tokens', { scopes: ['sbom:read'] }), 403, 'FORBIDDEN');
        await expect(send(who, 'GET', '/api/v1/users'), 403, 'FORBIDDEN');
        await expect(
          send(who, 'POST', '/api/v1/users', { email: 'x@example.com', role: 'viewer' }),
          403,
          'FORBIDDEN',
        );
        await expect(send(who, 'DELETE', `/api/v1/users/${owner.userId}`), 403, 'FORBIDDEN');
        await expect(send(who, 'PATCH', '/api/v1/org', { mcpWriteEnabled: true }), 403, 'FORBIDDEN');
        await expect(send(who, 'PATCH', `/api/v1/users/${admin.userId}`, { name: 'X' }), 403, 'FORBIDDEN');
        await expect(send(who, 'PATCH', `/api/v1/users/${who.userId}`, { role: 'admin' }), 403, 'FORBIDDEN');
        await expect(send(who, 'PATCH', `/api/v1/users/${who.userId}`, { name: 'Me' }), 200, null);
        await expect(send(who, 'GET', '/api/v1/org'), 200, null);
      }
      await expect(
        send(admin, 'POST', '/api/v1/users', { email: 'o2@example.com', role: 'owner' }),
        403,
        'FORBIDDEN',
      );
      await expect(
        send(admin, 'PATCH', `/api/v1/users/${member.userId}`, { role: 'owner' }),
        403,
        'FORBIDDEN',
      );
      await expect(
        send(admin, 'PATCH', `/api/v1/users/${owner.userId}`, { role: 'member' }),
        403,
        'FORBIDDEN',
      );
      await expect(send(admin, 'DELETE', `/api/v1/users/${owner.userId}`), 403, 'FORBIDDEN');
      await expect(send(admin, 'PATCH', `/api/v1/users/${viewer.userId}`, { role: 'member' }), 200, null);

      await expect(send(owner, 'PATCH', `/api/v1/users/${owner.userId}`, { role: 'admin' }), 409, 'CONFLICT');
      await expect(send(owner, 'DELETE', `/api/v1/users/${owner.userId}`), 409, 'CONFLICT');
      await expect(send(owner, 'PATCH', `/api/v1/users/${admin.userId}`, { role: 'owner' }), 200, null);
      await expect(send(owner, 'PATCH', `/api/v1/users/${owner.userId}`, { role: 'admin' }), 200, null);
    });

    it('reads and changes organisation settings: the MCP write switch and the name, not the plan', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services, { tokens: {} });
      const admin = await signInAs(app, services, org, 'admin');
      const read = await app.inject({ method: 'GET', url: '/api/v1/org', headers: admin.cookie });
      assert.deepEqual(read.json().data, {
        id: org.id,
        slug: org.slug,
        name: org.slug,
        plan: 'professional',
        mcpWriteEnabled: false,
        requireMfa: false,
        mcpSupplyChainTools: false,
        portfolioAccess: false,
        retention: null,
        createdAt: read.json().data.createdAt,
      });
      const changed = await app.inject({
        method: 'PATCH',
        url: '/api/v1/org',
        headers: admin.write,
        payload: { mcpWriteEnabled: true, name: 'Acme Ltd' },
      });
      assert.deepEqual([changed.json().data.mcpWriteEnabled, changed.json().data.name], [true, 'Acme Ltd']);
      const plan = await app.inject({
        method: 'PATCH',
        url: '/api/v1/org',
        headers: admin.write,
        payload: { plan: 'essentials' },
      });
      assert.deepEqual([plan.statusCode, plan.json().error.code], [400, 'VALIDATION_FAILED']);
      const audit = await searchAudit(store.db, org.id, { actorId: admin.userId, limit: 1, offset: 0 });
      assert.deepEqual(
        [audit.rows[0]!.action, JSON.parse(audit.rows[0]!.details!)],
        ['org.update', { mcpWriteEnabled: true, name: 'Acme Ltd' }],
      );
    });
  });
}
