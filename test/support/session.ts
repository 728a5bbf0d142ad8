/** Test helpers: users with passwords and signed-in sessions. */
import assert from 'node:assert/strict';
import type { App } from '../../src/http/app-type.ts';
import type { Services } from '../../src/services.ts';
import type { Role } from '../../src/tenancy/roles.ts';
import type { TestOrg } from './app.ts';

export const PASSWORD = 'correct horse battery staple';

/** A signed-in person: the Cookie header, the CSRF token, and both together for writes. */
export interface SignedIn {
  userId: string;
  cookie: { cookie: string };
  csrf: string;
  /** Cookie + X-CSRF-Token: what the console sends on POST/PUT/PATCH/DELETE. */
  write: { cookie: string; 'x-csrf-token': string };
  body: { user: { id: string; role: Role }; org: { id: string; slug: string }; csrfToken: string };
}

export async function addUser(
  services: Services,
  org: TestOrg,
  role: Role,
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@${org.slug}.example.com`,
): Promise<{ id: string; email: string }> {
  const user = await services.users.add(org.id, {
    email,
    name: `A ${role}`,
    role,
    password: PASSWORD,
  });
  return { id: user.id, email: user.email };
}

export async function signIn(
  app: App,
  email: string,
  password = PASSWORD,
  extra: { org?: string; remoteAddress?: string } = {},
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/session',
    payload: { email, password, ...(extra.org ? { org: extra.org } : {}) },
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });
  assert.equal(res.statusCode, 200, res.body);
  const value = /bulwark_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
  assert.ok(value, 'sets the session cookie');
  const body = res.json().data;
  const cookie = `bulwark_session=${value}`;
  return {
    userId: body.user.id,
    cookie: { cookie },
    csrf: body.csrfToken,
    write: { cookie, 'x-csrf-token': body.csrfToken },
    body,
  };
}

/** A user of `role` in `org`, signed in. */
export async function signInAs(app: App, services: Services, org: TestOrg, role: Role): Promise<SignedIn> {
  const user = await addUser(services, org, role);
  return signIn(app, user.email);
}
