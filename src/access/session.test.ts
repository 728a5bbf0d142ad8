import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchAudit } from '../audit/audit.repository.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { addUser, PASSWORD, signIn } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';

const HOUR = 3_600_000;
const vendor = { name: 'Acme', type: 'oss', riskTier: 2, assessmentStatus: 'completed' };

/** A clock the test moves by hand. */
function clock(start = Date.parse('2026-11-23T09:00:00.000Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: sessions`, () => {
    it('signs in with e-mail and password: the documented object, an HttpOnly cookie, and GET /session', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const user = await services.users.add(org.id, {
        email: 'Ada@Example.com',
        name: 'Ada Lovelace',
        role: 'admin',
        password: PASSWORD,
      });

      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'ada@example.com', password: PASSWORD },
      });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.match(body.data.csrfToken, /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(body, {
        data: {
          user: { id: user.id, email: 'ada@example.com', name: 'Ada Lovelace', role: 'admin' },
          org: { id: org.id, slug: org.slug, name: org.slug, plan: 'professional' },
          csrfToken: body.data.csrfToken,
        },
        error: null,
        meta: null,
      });
      assert.equal(res.headers['cache-control'], 'no-store');
      const setCookie = String(res.headers['set-cookie']);
      assert.match(
        setCookie,
        /^bulwark_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
        'no Secure over plain HTTP',
      );

      const cookie = setCookie.split(';')[0]!;
      const current = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
      assert.equal(current.statusCode, 200);
      assert.deepEqual(current.json(), body);
      assert.equal(current.headers['cache-control'], 'no-store');

      const audit = await searchAudit(store.db, org.id, { actorId: user.id, limit: 10, offset: 0 });
      assert.deepEqual(
        audit.rows.map((r) => [r.action, r.entity_type]),
        [['session.sign_in', 'session']],
      );
      assert.match(audit.rows[0]!.entity_id!, /^ses_/);
    });

    it('marks the cookie Secure when the request arrived over TLS', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const user = await addUser(services, org, 'viewer');
      // Fastify reports the protocol of the socket: an encrypted one means TLS.
      app.addHook('onRequest', async (request) => {
        Object.defineProperty(request.raw.socket, 'encrypted', { value: true, configurable: true });
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: user.email, password: PASSWORD },
      });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['set-cookie']), /; HttpOnly; Secure; SameSite=Lax$/);
    });

    it('answers a wrong password and an unknown e-mail the same way, and audits the failure without the password', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const user = await addUser(services, org, 'member');
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: user.email, password: 'not the password at all' },
      });
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'nobody@example.com', password: PASSWORD },
      });
      const expected = {
        data: null,
        error: { code: 'INVALID_CREDENTIALS', message: 'The e-mail address or the password is wrong' },
        meta: null,
      };
      assert.deepEqual([wrong.statusCode, wrong.json()], [401, expected]);
      assert.deepEqual([unknown.statusCode, unknown.json()], [401, expected]);
      assert.equal(wrong.headers['set-cookie'], undefined);

      const audit = await searchAudit(store.db, org.id, { actorId: user.id, limit: 10, offset: 0 });
      assert.deepEqual(
        audit.rows.map((r) => [r.action, r.entity_id, JSON.parse(r.details!)]),
        [['session.sign_in_failed', user.id, { email: user.email, client: '127.0.0.1' }]],
      );
      assert.ok(!audit.rows[0]!.details!.includes('not the password'), 'the password is never recorded');

      // A user without a password (created before passwords existed, or by the CLI without one) cannot sign in.
      const noPassword = await services.users.add(org.id, { email: 'nopass@example.com' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: noPassword.email, password: PASSWORD },
      });
      assert.equal(res.statusCode, 401);
    });

    it('validates the sign-in body', async (t) => {
      const { app } = await build(t, dialect);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'a@example.com', password: PASSWORD, remember: true },
      });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error.code, 'VALIDATION_FAILED');
      const missing = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'a@b.c' },
      });
      assert.deepEqual([missing.statusCode, missing.json().error.code], [400, 'VALIDATION_FAILED']);
    });

    it('needs the org slug only when the e-mail belongs to several organisations', async (t) => {
      const { app, services } = await build(t, dialect);
      const first = await createOrg(services);
      const second = await createOrg(services);
      await addUser(services, first, 'viewer', 'shared@example.com');
      await addUser(services, second, 'admin', 'shared@example.com');

      const ambiguous = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'shared@example.com', password: PASSWORD },
      });
      assert.equal(ambiguous.statusCode, 400);
      assert.equal(ambiguous.json().error.code, 'VALIDATION_FAILED');
      assert.equal(ambiguous.json().error.details[0].path, 'body.org');

      const chosen = await signIn(app, 'shared@example.com', PASSWORD, { org: second.slug });
      assert.deepEqual([chosen.body.org.id, chosen.body.user.role], [second.id, 'admin']);
      const other = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'shared@example.com', password: PASSWORD, org: 'no-such-org' },
      });
      assert.deepEqual([other.statusCode, other.json().error.code], [401, 'INVALID_CREDENTIALS']);
    });

    it('refuses a cookie-authenticated write without the right X-CSRF-Token, and allows reads without it', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const user = await addUser(services, org, 'member');
      const session = await signIn(app, user.email);
      const post = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/api/v1/sscs/vendors', headers, payload: vendor });

      for (const headers of [session.cookie, { ...session.cookie, 'x-csrf-token': 'wrong' }]) {
        const res = await post(headers);
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().error.code, 'FORBIDDEN');
      }
      const otherSession = await signIn(app, user.email);
      const crossed = await post({ ...session.cookie, 'x-csrf-token': otherSession.csrf });
      assert.equal(crossed.statusCode, 403, "another session's token does not fit");
      const created = await post(session.write);
      assert.equal(created.statusCode, 201);
      const list = await app.inject({ method: 'GET', url: '/api/v1/sscs/vendors', headers: session.cookie });
      assert.deepEqual(
        list.json().data.map((v: { name: string }) => v.name),
        ['Acme'],
      );
      const del = await app.inject({ method: 'DELETE', url: '/api/v1/session', headers: session.cookie });
      assert.deepEqual([del.statusCode, del.json().error.code], [403, 'FORBIDDEN']);
    });

    it('ignores the cookie whenever an Authorization header is present', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const owner = await signIn(app, (await addUser(services, org, 'owner')).email);
      const cases: Array<[Record<string, string>, number, string | null]> = [
        [{ authorization: 'Bearer bwk_unknown0000000000000000000000000000000' }, 401, 'INVALID_TOKEN'],
        [{ authorization: 'Basic YWRtaW46YWRtaW4=' }, 401, 'UNAUTHORIZED'],
        [{ authorization: '' }, 401, 'UNAUTHORIZED'],
        // The owner's session could write; the read-only token cannot.
        [org.bearer('read'), 403, 'INSUFFICIENT_SCOPE'],
        [org.bearer('all'), 201, null],
      ];
      for (const [authorization, status, code] of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/vendors',
          headers: { ...owner.write, ...authorization },
          payload: vendor,
        });
        assert.equal(res.statusCode, status, JSON.stringify(authorization));
        assert.equal(res.json().error?.code ?? null, code);
      }
      const session = await app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { ...owner.cookie, ...org.bearer('all') },
      });
      assert.deepEqual([session.statusCode, session.json().error.code], [403, 'FORBIDDEN']);
    });

    it('signs out: the session is invalid at once and the cookie is cleared', async (t) => {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      const user = await addUser(services, org, 'viewer');
      const session = await signIn(app, user.email);
      const kept = await signIn(app, user.email);

      const res = await app.inject({ method: 'DELETE', url: '/api/v1/session', headers: session.write });
      assert.equal(res.statusCode, 200);
      assert.match(res.json().data.id, /^ses_/);
      assert.equal(res.json().data.deleted, true);
      assert.match(
        String(res.headers['set-cookie']),
        /^bulwark_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/,
      );

      const after = await app.inject({ method: 'GET', url: '/api/v1/session', headers: session.cookie });
      assert.deepEqual([after.statusCode, after.json().error.code], [401, 'UNAUTHORIZED']);
      const read = await app.inject({ method: 'GET', url: '/api/v1/sscs/vendors', headers: session.cookie });
      assert.equal(read.statusCode, 401);
      const other = await app.inject({ method: 'GET', url: '/api/v1/session', headers: kept.cookie });
      assert.equal(other.statusCode, 200, 'signing out ends this session only');

      const audit = await searchAudit(store.db, org.id, { actorId: user.id, limit: 10, offset: 0 });
      assert.deepEqual(
        audit.rows.map((r) => r.action),
        ['session.sign_out', 'session.sign_in', 'session.sign_in'],
      );
    });

    it('ends a session idle for 12 hours, and any session 7 days after sign-in', async (t) => {
      const time = clock();
      const { app, services } = await build(t, dialect, { now: time.now });
      const org = await createOrg(services);
      const user = await addUser(services, org, 'viewer');
      const get = (cookie: { cookie: string }) =>
        app.inject({ method: 'GET', url: '/api/v1/session', headers: cookie });

      const idle = await signIn(app, user.email);
      time.advance(12 * HOUR - 1000);
      assert.equal((await get(idle.cookie)).statusCode, 200, 'just under 12 hours idle');
      time.advance(12 * HOUR - 1000);
      assert.equal((await get(idle.cookie)).statusCode, 200, 'the last request restarted the idle clock');
      time.advance(12 * HOUR);
      assert.equal((await get(idle.cookie)).statusCode, 401, '12 hours without a request');

      const busy = await signIn(app, user.email);
      for (let hours = 11; hours < 7 * 24; hours += 11) {
        time.advance(11 * HOUR);
        assert.equal((await get(busy.cookie)).statusCode, 200, `${hours} hours after sign-in`);
      }
      time.advance(7 * 24 * HOUR - 165 * HOUR);
      const expired = await get(busy.cookie);
      assert.deepEqual([expired.statusCode, expired.json().error.code], [401, 'UNAUTHORIZED']);
      assert.equal(expired.headers['www-authenticate'], 'Bearer realm="bulwark"');
    });
  });
}
