// OpenID Connect sign-in against a real provider (oidc-provider on loopback), driven over HTTP through the
// provider's own forms: just-in-time users, roles from groups on every sign-in, enforcement, the dry run.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it, type TestContext } from 'node:test';
import pino from 'pino';
import { build, createOrg } from '../../../test/support/app.ts';
import { loginAtProvider, startProvider } from '../../../test/support/oidc.ts';
import { addUser, PASSWORD, signIn } from '../../../test/support/session.ts';
import { DIALECTS } from '../../../test/support/store.ts';
import type { DialectName } from '../../db/connect.ts';
import type { App } from '../../http/app-type.ts';
import type { Services } from '../../services.ts';

const HOST = 'bulwark.test';
export const CALLBACK = `http://${HOST}/api/v1/session/sso/callback`;

export async function ssoSetup(
  t: TestContext,
  dialect: DialectName,
  options: { idTokenTtlSeconds?: number; now?: () => number } = {},
) {
  const provider = await startProvider(t, {
    redirectUris: [CALLBACK],
    ...(options.idTokenTtlSeconds ? { idTokenTtlSeconds: options.idTokenTtlSeconds } : {}),
  });
  let logged = '';
  const logger = pino(
    { level: 'trace' },
    new Writable({ write: (chunk, _enc, done) => ((logged += chunk), done()) }),
  );
  const env = await build(t, dialect, { logger, ...(options.now ? { now: options.now } : {}) });
  const org = await createOrg(env.services, { tokens: { all: ['sbom:read'] } });
  const owner = await signIn(env.app, (await addUser(env.services, org, 'owner')).email);
  const put = await env.app.inject({
    method: 'PUT',
    url: '/api/v1/org/sso',
    headers: owner.write,
    payload: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: ['openid', 'email', 'profile', 'groups'],
      roleMapping: { 'bulwark-admins': 'admin', 'bulwark-readers': 'viewer', engineering: 'member' },
    },
  });
  assert.equal(put.statusCode, 200, put.body);
  return { ...env, provider, org, owner, logs: () => logged };
}

/** Starts at Bulwark, logs in at the provider, and returns the callback's answer (not yet sent) and its URL. */
export async function startSso(app: App, slug: string, login: string, redirect = '/findings') {
  const begin = await app.inject({
    url: `/api/v1/session/sso?org=${slug}&redirect=${encodeURIComponent(redirect)}`,
    headers: { host: HOST },
  });
  assert.equal(begin.statusCode, 302, begin.body);
  const binding = /bulwark_sso=([^;]+)/.exec(String(begin.headers['set-cookie']))![1]!;
  const callback = await loginAtProvider(String(begin.headers.location), login, CALLBACK);
  return { callback, binding };
}

export const sendCallback = (app: App, callback: string, binding: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    url: callback.slice(`http://${HOST}`.length),
    headers: { host: HOST, cookie: `bulwark_sso=${binding}` },
    remoteAddress,
  });

const sessionCookieOf = (headers: Record<string, unknown>) =>
  /bulwark_session=([^;]+)/.exec(String(headers['set-cookie']))?.[1];

async function ssoSignIn(app: App, slug: string, login: string) {
  const { callback, binding } = await startSso(app, slug, login);
  return sendCallback(app, callback, binding);
}

async function whoAmI(app: App, cookie: string) {
  const res = await app.inject({ url: '/api/v1/session', headers: { cookie: `bulwark_session=${cookie}` } });
  return res.json().data;
}

function refusal(res: { statusCode: number; headers: Record<string, unknown> }) {
  assert.equal(res.statusCode, 302);
  const location = new URL(String(res.headers.location), 'http://x');
  assert.equal(location.pathname, '/sign-in');
  assert.equal(sessionCookieOf(res.headers), undefined, 'no session cookie');
  return { error: location.searchParams.get('error'), message: location.searchParams.get('message') };
}

const countUsers = (env: { services: Services }, orgId: string) =>
  env.services.users.list(orgId).then((users) => users.length);

for (const dialect of DIALECTS) {
  describe(`${dialect}: OpenID Connect sign-in`, () => {
    it('creates the user just in time with the role of its groups, again on every sign-in', async (t) => {
      const env = await ssoSetup(t, dialect);
      const { app, provider, org } = env;
      provider.users.set('ada', {
        email: 'Ada@Example.com',
        name: 'Ada L',
        groups: ['bulwark-admins', 'engineering'],
      });
      const first = await ssoSignIn(app, org.slug, 'ada');
      assert.equal(first.statusCode, 302, first.body);
      assert.equal(first.headers.location, '/findings', 'back to the page the sign-in started from');
      const cookie = sessionCookieOf(first.headers)!;
      assert.match(cookie, /^[A-Za-z0-9_-]{43}$/);
      const me = await whoAmI(app, cookie);
      assert.deepEqual(
        [me.user.email, me.user.name, me.user.role, me.org.id],
        ['ada@example.com', 'Ada L', 'admin', org.id],
      );

      provider.users.set('ada', { email: 'ada@example.com', name: 'Ada L', groups: ['bulwark-readers'] });
      const second = await ssoSignIn(app, org.slug, 'ada');
      const again = await whoAmI(app, sessionCookieOf(second.headers)!);
      assert.deepEqual(
        [again.user.id, again.user.role],
        [me.user.id, 'viewer'],
        'the same user, its role from the new groups',
      );

      const config = await app.inject({ url: '/api/v1/org/sso', headers: env.owner.cookie });
      assert.deepEqual(config.json().data, {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecretSet: true,
        scopes: ['openid', 'email', 'profile', 'groups'],
        groupsClaim: 'groups',
        roleMapping: { 'bulwark-admins': 'admin', 'bulwark-readers': 'viewer', engineering: 'member' },
        defaultRole: null,
        enforced: false,
        createdAt: config.json().data.createdAt,
        updatedAt: config.json().data.updatedAt,
      });
      assert.ok(!config.body.includes(provider.clientSecret), 'the secret is write-only');
      assert.ok(!env.logs().includes(provider.clientSecret), 'the secret is never logged');
      const audit = await app.inject({ url: '/api/v1/audit?limit=100', headers: env.owner.cookie });
      assert.ok(!audit.body.includes(provider.clientSecret), 'nor audited');
    });

    it('refuses every bad callback with the reason on the sign-in page, creating nothing', async (t) => {
      const env = await ssoSetup(t, dialect);
      const { app, provider, org, store } = env;
      provider.users.set('bob', { email: 'bob@example.com', groups: ['engineering'] });
      const before = await countUsers(env, org.id);

      const wrongState = await app.inject({
        url: '/api/v1/session/sso/callback?code=abc&state=forged',
        headers: { host: HOST },
      });
      assert.deepEqual(refusal(wrongState).error, 'state');

      const good = await startSso(app, org.slug, 'bob');
      const nonce = await startSso(app, org.slug, 'bob');
      await store.db.updateTable('sso_states').set({ nonce: 'another-nonce' }).execute();
      assert.equal(refusal(await sendCallback(app, nonce.callback, nonce.binding)).error, 'nonce');
      // good's state was rewritten too: its nonce no longer matches either; a fresh one for the replay.
      assert.equal(refusal(await sendCallback(app, good.callback, good.binding)).error, 'nonce');
      const once = await startSso(app, org.slug, 'bob');
      assert.equal((await sendCallback(app, once.callback, once.binding)).headers.location, '/findings');
      const replay = refusal(await sendCallback(app, once.callback, once.binding));
      assert.deepEqual(replay, {
        error: 'state',
        message: 'The sign-in is unknown, expired or was already used; start again',
      });
      const otherBrowser = await startSso(app, org.slug, 'bob');
      assert.equal(refusal(await sendCallback(app, otherBrowser.callback, 'not-the-binding')).error, 'state');

      provider.serveWrongKeys(true);
      const forged = await startSso(app, org.slug, 'bob');
      assert.equal(
        refusal(await sendCallback(app, forged.callback, forged.binding)).error,
        'token_signature',
      );
      provider.serveWrongKeys(false);

      provider.users.set('eve', { email: 'eve@example.com', groups: ['marketing'] });
      const noRole = refusal(await ssoSignIn(app, org.slug, 'eve'));
      assert.deepEqual(noRole, {
        error: 'no_role',
        message: 'None of the groups (marketing) is in the role mapping, and there is no default role',
      });
      const other = await createOrg(env.services, { tokens: {} });
      await env.services.users.add(other.id, { email: 'mallory@example.com' });
      provider.users.set('mallory', { email: 'mallory@example.com', groups: ['bulwark-admins'] });
      assert.deepEqual(refusal(await ssoSignIn(app, org.slug, 'mallory')), {
        error: 'email_other_org',
        message: 'The e-mail mallory@example.com belongs to another organisation',
      });
      provider.users.set('unverified', {
        email: 'u@example.com',
        groups: ['engineering'],
        email_verified: false,
      });
      assert.equal(refusal(await ssoSignIn(app, org.slug, 'unverified')).error, 'email');

      // bob was created once (the good sign-in); the refusals created nobody.
      assert.equal(await countUsers(env, org.id), before + 1);

      const pending = await startSso(app, org.slug, 'bob');
      await provider.close();
      assert.equal(
        refusal(await sendCallback(app, pending.callback, pending.binding)).error,
        'provider_unavailable',
      );
    });

    it('refuses an expired ID token, an issuer that does not match, and a provider that is down', async (t) => {
      let now = Date.now();
      const env = await ssoSetup(t, dialect, { idTokenTtlSeconds: 60, now: () => now });
      const { app, provider, org, owner } = env;
      provider.users.set('bob', { email: 'bob@example.com', groups: ['engineering'] });
      const late = await startSso(app, org.slug, 'bob');
      now += 5 * 60_000; // the ID token lived 60 s (+30 s tolerance); the state lives 10 minutes
      assert.deepEqual(refusal(await sendCallback(app, late.callback, late.binding)), {
        error: 'token_expired',
        message: 'The ID token has expired',
      });

      const mismatch = await app.inject({
        method: 'PUT',
        url: '/api/v1/org/sso',
        headers: owner.write,
        payload: {
          issuer: provider.issuer.replace('127.0.0.1', 'localhost'),
          clientId: provider.clientId,
          roleMapping: { engineering: 'member' },
        },
      });
      assert.equal(mismatch.statusCode, 200, 'the secret is kept when left out');
      const begin = await app.inject({ url: `/api/v1/session/sso?org=${org.slug}`, headers: { host: HOST } });
      assert.equal(refusal(begin).error, 'issuer_mismatch');

      // A provider that does not answer (nothing listens on port 9 of this machine).
      const down = await app.inject({
        method: 'PUT',
        url: '/api/v1/org/sso',
        headers: owner.write,
        payload: { issuer: 'http://127.0.0.1:9', clientId: provider.clientId },
      });
      assert.equal(down.statusCode, 200);
      const beginDown = await app.inject({
        url: `/api/v1/session/sso?org=${org.slug}`,
        headers: { host: HOST },
      });
      assert.deepEqual(refusal(beginDown), {
        error: 'provider_unavailable',
        message: 'The identity provider did not answer; try again later',
      });
      const test = await app.inject({
        method: 'POST',
        url: '/api/v1/org/sso/test',
        headers: owner.write,
        payload: {},
      });
      assert.deepEqual([test.statusCode, test.json().error.code], [502, 'PROVIDER_UNAVAILABLE']);
    });

    it('enforced: password sign-in for owners only; the dry run shows claims and role without signing in', async (t) => {
      const env = await ssoSetup(t, dialect);
      const { app, provider, org, owner, services } = env;
      const member = await addUser(services, org, 'member');
      const enforce = await app.inject({
        method: 'PUT',
        url: '/api/v1/org/sso',
        headers: owner.write,
        payload: {
          issuer: provider.issuer,
          clientId: provider.clientId,
          scopes: ['openid', 'email', 'profile', 'groups'],
          roleMapping: { engineering: 'member' },
          defaultRole: 'viewer',
          enforced: true,
        },
      });
      assert.equal(enforce.json().data.enforced, true);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: member.email, password: PASSWORD },
      });
      assert.deepEqual([refused.statusCode, refused.json().error.code], [403, 'FORBIDDEN']);
      assert.match(refused.json().error.message, /signs in through its identity provider/);
      const ownerUser = (await services.users.list(org.id)).find((u) => u.id === owner.userId)!;
      assert.equal(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/session',
            payload: { email: ownerUser.email, password: PASSWORD },
          })
        ).statusCode,
        200,
      );

      provider.users.set('carol', { email: 'carol@example.com', groups: ['sales'] });
      const dry = await app.inject({
        method: 'POST',
        url: '/api/v1/org/sso/test',
        headers: { ...owner.write, host: HOST },
        payload: { claims: { email: 'x@example.com', groups: ['engineering', 'other'] } },
      });
      assert.equal(dry.statusCode, 200, dry.body);
      assert.deepEqual(dry.json().data.evaluation, {
        email: 'x@example.com',
        name: null,
        groups: ['engineering', 'other'],
        role: 'member',
        refusal: null,
      });
      assert.equal(dry.json().data.discovery.issuer, provider.issuer);
      const binding = /bulwark_sso=([^;]+)/.exec(String(dry.headers['set-cookie']))![1]!;
      const callback = await loginAtProvider(dry.json().data.authorizationUrl, 'carol', CALLBACK);
      const shown = await sendCallback(app, callback, binding);
      const location = String(shown.headers.location);
      assert.equal(location.split('#')[0], '/access/security');
      const result = JSON.parse(Buffer.from(location.split('#ssoTest=')[1]!, 'base64url').toString());
      assert.deepEqual(result.evaluation, {
        email: 'carol@example.com',
        name: 'carol',
        groups: ['sales'],
        role: 'viewer',
        refusal: null,
      });
      assert.equal(result.claims.sub, 'carol');
      assert.equal(sessionCookieOf(shown.headers), undefined, 'the dry run signs nobody in');
      assert.equal(
        (await services.users.list(org.id)).some((u) => u.email === 'carol@example.com'),
        false,
      );
    });

    it('keeps the configuration to owners and sessions, and checks it', async (t) => {
      const env = await ssoSetup(t, dialect);
      const { app, org, services } = env;
      const admin = await signIn(app, (await addUser(services, org, 'admin')).email);
      const byAdmin = await app.inject({ url: '/api/v1/org/sso', headers: admin.cookie });
      assert.deepEqual([byAdmin.statusCode, byAdmin.json().error.code], [403, 'FORBIDDEN']);
      const byToken = await app.inject({ url: '/api/v1/org/sso', headers: org.bearer() });
      assert.deepEqual([byToken.statusCode, byToken.json().error.code], [403, 'FORBIDDEN']);
      const other = await createOrg(services, { tokens: {} });
      const otherOwner = await signIn(app, (await addUser(services, other, 'owner')).email);
      assert.equal(
        (await app.inject({ url: '/api/v1/org/sso', headers: otherOwner.cookie })).statusCode,
        404,
        "another organisation's configuration is not visible",
      );
      const plain = await app.inject({
        method: 'PUT',
        url: '/api/v1/org/sso',
        headers: otherOwner.write,
        payload: { issuer: 'http://idp.example.com', clientId: 'x', clientSecret: 'y' },
      });
      assert.deepEqual(plain.json().error.details, [
        { path: 'body.issuer', message: 'https (plain http only for a provider on this machine)' },
      ]);
      const noSecret = await app.inject({
        method: 'PUT',
        url: '/api/v1/org/sso',
        headers: otherOwner.write,
        payload: { issuer: 'https://idp.example.com', clientId: 'x', roleMapping: { g: 'superuser' } },
      });
      assert.deepEqual([noSecret.statusCode, noSecret.json().error.code], [400, 'VALIDATION_FAILED']);
      const removed = await app.inject({
        method: 'DELETE',
        url: '/api/v1/org/sso',
        headers: env.owner.write,
      });
      assert.deepEqual(removed.json().data, { deleted: true });
      const begin = await app.inject({ url: `/api/v1/session/sso?org=${org.slug}`, headers: { host: HOST } });
      assert.equal(refusal(begin).error, 'sso_not_configured');
    });
  });
}
