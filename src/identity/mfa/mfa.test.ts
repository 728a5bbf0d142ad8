// The TOTP second factor: enrolment, sign-in with a code and with a recovery code, the throttle on codes,
// disabling, and the organisation's requireMfa.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../../test/support/app.ts';
import { addUser, PASSWORD, signIn } from '../../../test/support/session.ts';
import { DIALECTS } from '../../../test/support/store.ts';
import type { App } from '../../http/app-type.ts';
import { totpCode } from './totp.ts';

const STEP = 30_000;

function clock(start = Date.parse('2026-11-26T09:00:05.000Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const signInWith = (app: App, email: string, extra: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/session',
    payload: { email, password: PASSWORD, ...extra },
    remoteAddress,
  });

const post = (app: App, url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

for (const dialect of DIALECTS) {
  describe(`${dialect}: TOTP second factor`, () => {
    it('enrols, then asks for a code at sign-in and takes a code or a recovery code once each', async (t) => {
      const time = clock();
      const { app, services } = await build(t, dialect, { now: time.now });
      const org = await createOrg(services, { tokens: {} });
      const user = await addUser(services, org, 'member');
      const me = await signIn(app, user.email);

      const enrol = await post(app, '/api/v1/session/mfa', me.write);
      assert.equal(enrol.statusCode, 200, enrol.body);
      const { secret, otpauthUri } = enrol.json().data;
      assert.match(secret, /^[A-Z2-7]{32}$/, '160 bits in base32');
      assert.equal(
        otpauthUri,
        `otpauth://totp/Bulwark:${encodeURIComponent(user.email)}?issuer=Bulwark&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
      );
      // Not on before confirmation: sign-in needs no code yet.
      assert.equal((await signInWith(app, user.email, {})).statusCode, 200);

      const wrong = await post(app, '/api/v1/session/mfa/confirm', me.write, {
        code: totpCode(secret, time.now() + 10 * STEP),
      });
      assert.deepEqual(
        [wrong.statusCode, wrong.json().error.code, wrong.json().error.details],
        [400, 'VALIDATION_FAILED', [{ path: 'body.code', message: 'wrong, expired or already used' }]],
      );
      const confirm = await post(app, '/api/v1/session/mfa/confirm', me.write, {
        code: totpCode(secret, time.now()),
      });
      assert.equal(confirm.statusCode, 200, confirm.body);
      const codes: string[] = confirm.json().data.recoveryCodes;
      assert.equal(codes.length, 10);
      assert.equal(new Set(codes).size, 10);
      for (const code of codes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);

      const missing = await signInWith(app, user.email, {});
      assert.deepEqual(
        [missing.statusCode, missing.json().error.code, missing.json().error.message],
        [401, 'MFA_REQUIRED', 'A second-factor code is required: give code or recoveryCode'],
      );
      assert.equal(missing.headers['set-cookie'], undefined, 'no session without the code');
      // The confirmation's code was used: the same step is refused (RFC 6238 section 5.2).
      const reused = await signInWith(app, user.email, { code: totpCode(secret, time.now()) });
      assert.deepEqual(
        [reused.statusCode, reused.json().error.message],
        [401, 'The second-factor code is wrong or was already used'],
      );
      time.advance(STEP);
      const withCode = await signInWith(app, user.email, { code: totpCode(secret, time.now()) });
      assert.equal(withCode.statusCode, 200, withCode.body);
      // A code of the previous step is still accepted (clock drift) but not one two steps away.
      time.advance(STEP);
      const twoAway = await signInWith(app, user.email, { code: totpCode(secret, time.now() - 2 * STEP) });
      assert.equal(twoAway.statusCode, 401);

      const recovery = await signInWith(app, user.email, { recoveryCode: codes[3]!.toUpperCase() });
      assert.equal(recovery.statusCode, 200, 'a recovery code, case and dashes ignored');
      const again = await signInWith(app, user.email, { recoveryCode: codes[3]! });
      assert.deepEqual([again.statusCode, again.json().error.code], [401, 'MFA_REQUIRED']);
      const status = await app.inject({ method: 'GET', url: '/api/v1/session/mfa', headers: me.cookie });
      assert.deepEqual(status.json().data, { enabled: true, recoveryCodesLeft: 9 });
      assert.equal((await post(app, '/api/v1/session/mfa', me.write)).statusCode, 409, 'already on');

      // Disabling needs a code; then sign-in needs none.
      time.advance(STEP);
      const current = totpCode(secret, time.now());
      const noCode = await app.inject({
        method: 'DELETE',
        url: '/api/v1/session/mfa',
        headers: me.write,
        payload: { code: current === '000000' ? '111111' : '000000' },
      });
      assert.deepEqual([noCode.statusCode, noCode.json().error.code], [400, 'VALIDATION_FAILED']);
      const off = await app.inject({
        method: 'DELETE',
        url: '/api/v1/session/mfa',
        headers: me.write,
        payload: { recoveryCode: codes[0]! },
      });
      assert.deepEqual([off.statusCode, off.json().data], [200, { disabled: true }]);
      assert.equal((await signInWith(app, user.email, {})).statusCode, 200);
    });

    it('counts wrong codes for the sign-in throttle', async (t) => {
      const time = clock();
      const { app, services } = await build(t, dialect, { now: time.now });
      const org = await createOrg(services, { tokens: {} });
      const user = await addUser(services, org, 'viewer');
      const me = await signIn(app, user.email, PASSWORD, { remoteAddress: '192.0.2.9' });
      const { secret } = (await post(app, '/api/v1/session/mfa', me.write)).json().data;
      await post(app, '/api/v1/session/mfa/confirm', me.write, { code: totpCode(secret, time.now()) });
      time.advance(STEP);
      const right = totpCode(secret, time.now());
      const wrongCode = right === '123456' ? '654321' : '123456';
      for (let i = 0; i < 10; i++) {
        const res = await signInWith(app, user.email, { code: wrongCode }, '192.0.2.9');
        assert.deepEqual([res.statusCode, res.json().error.code], [401, 'MFA_REQUIRED'], `attempt ${i + 1}`);
      }
      const blocked = await signInWith(app, user.email, { code: right }, '192.0.2.9');
      assert.deepEqual([blocked.statusCode, blocked.json().error.code], [429, 'RATE_LIMITED']);
    });

    it('lets an owner require a second factor; a person without one may only enrol', async (t) => {
      const time = clock();
      const { app, services } = await build(t, dialect, { now: time.now });
      const org = await createOrg(services, { tokens: {} });
      const owner = await signIn(app, (await addUser(services, org, 'owner')).email);
      const admin = await signIn(app, (await addUser(services, org, 'admin')).email);
      const patch = (who: { write: Record<string, string> }, payload: object) =>
        app.inject({ method: 'PATCH', url: '/api/v1/org', headers: who.write, payload });

      const byAdmin = await patch(admin, { requireMfa: true, name: 'Not changed' });
      assert.deepEqual([byAdmin.statusCode, byAdmin.json().error.code], [403, 'FORBIDDEN']);
      const byOwner = await patch(owner, { requireMfa: true });
      assert.deepEqual(
        [byOwner.statusCode, byOwner.json().data.requireMfa, byOwner.json().data.name],
        [200, true, org.slug],
      );

      const member = await addUser(services, org, 'member');
      const session = await signIn(app, member.email);
      assert.equal(session.body.org.id, org.id);
      assert.deepEqual((session.body as { mfaEnrolmentRequired?: boolean }).mfaEnrolmentRequired, true);
      const vendors = await app.inject({
        method: 'GET',
        url: '/api/v1/sscs/vendors',
        headers: session.cookie,
      });
      assert.deepEqual([vendors.statusCode, vendors.json().error.code], [403, 'MFA_ENROLMENT_REQUIRED']);
      const { secret } = (await post(app, '/api/v1/session/mfa', session.write)).json().data;
      const confirmed = await post(app, '/api/v1/session/mfa/confirm', session.write, {
        code: totpCode(secret, time.now()),
      });
      assert.equal(confirmed.statusCode, 200);
      const after = await app.inject({ method: 'GET', url: '/api/v1/sscs/vendors', headers: session.cookie });
      assert.equal(after.statusCode, 200, 'the same session works once a factor is enrolled');
      const off = await app.inject({
        method: 'DELETE',
        url: '/api/v1/session/mfa',
        headers: session.write,
        payload: { recoveryCode: confirmed.json().data.recoveryCodes[0] },
      });
      assert.deepEqual([off.statusCode, off.json().error.code], [409, 'CONFLICT']);
      const read = await app.inject({ method: 'GET', url: '/api/v1/org', headers: admin.cookie });
      assert.equal(read.json().data.requireMfa, true);
    });
  });
}
