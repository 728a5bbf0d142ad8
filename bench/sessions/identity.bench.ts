// What identity costs: the SSO callback (Bulwark's own time: the callback's latency minus the time the loopback
// OpenID provider spent answering it) against a password sign-in's bare scrypt hash, and SCIM user creation
// against creating the same user through the service (no HTTP, no SCIM parsing).
// Usage: node bench/sessions/identity.bench.ts [--signins 30] [--users 300] (DATABASE_URL=postgres://… for PostgreSQL).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openSqlite, openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';
import { loginAtProvider, startProvider } from '../../test/support/oidc.ts';
import { machine } from '../support/process.ts';

const { values } = parseArgs({
  options: { signins: { type: 'string', default: '30' }, users: { type: 'string', default: '300' } },
});
const signins = Number(values.signins);
const users = Number(values.users);
const HOST = 'bulwark.bench';
const CALLBACK = `http://${HOST}/api/v1/session/sso/callback`;

const url = process.env.DATABASE_URL;
const schema = `bench_identity_${Date.now().toString(36)}`;
if (url?.startsWith('postgres')) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
}
const store = url?.startsWith('postgres') ? openStore(url, undefined, { schema }) : openSqlite(':memory:');
await migrateToLatest(store.db);
const config = defaultConfig({ RATE_LIMIT_MAX: 1_000_000 });
const services = createServices(store, config);
const app = await buildApp({ store, config, services, logger: createLogger('silent') });
const closers: (() => Promise<void> | void)[] = [];
const provider = await startProvider(
  { after: (fn: () => Promise<void> | void) => void closers.push(fn) },
  { redirectUris: [CALLBACK] },
);
const slug = `bench-${Date.now().toString(36)}`;
const org = await services.organisations.create({ slug });
await services.ssoConfigs.put(org.id, 'usr_bench', {
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  scopes: ['openid', 'email', 'profile', 'groups'],
  roleMapping: { engineering: 'member' },
});
await services.users.add(org.id, { email: `owner@${slug}.example.com`, role: 'owner' });
const { secret } = await services.tokens.create({ orgId: org.id, scopes: ['scim'] });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

// The SSO callback: each sign-in is a new user (the just-in-time create) and then the same user again (update).
const own: number[] = [];
const whole: number[] = [];
for (let i = 0; i < signins; i++) {
  provider.users.set(`u${i % Math.ceil(signins / 2)}`, {
    email: `u${i % Math.ceil(signins / 2)}@example.com`,
    groups: ['engineering'],
  });
  const begin = await app.inject({
    url: `/api/v1/session/sso?org=${slug}&redirect=/`,
    headers: { host: HOST },
  });
  const binding = /bulwark_sso=([^;]+)/.exec(String(begin.headers['set-cookie']))![1]!;
  const callback = await loginAtProvider(
    String(begin.headers.location),
    `u${i % Math.ceil(signins / 2)}`,
    CALLBACK,
  );
  const busyBefore = provider.busyMs();
  const start = performance.now();
  const res = await app.inject({
    url: callback.slice(`http://${HOST}`.length),
    headers: { host: HOST, cookie: `bulwark_sso=${binding}` },
  });
  const ms = performance.now() - start;
  if (res.statusCode !== 302 || res.headers.location !== '/')
    throw new Error(`callback answered ${res.statusCode} ${res.headers.location}`);
  whole.push(ms);
  own.push(ms - (provider.busyMs() - busyBefore));
}

// SCIM user creation against the service's own create, alternating rounds so noise falls on both alike.
const scim: number[] = [];
const direct: number[] = [];
for (let round = 0; round < 4; round++) {
  for (let i = 0; i < users / 4; i++) {
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: `scim-${round}-${i}@example.com`,
        name: { givenName: 'A', familyName: 'B' },
        active: true,
      }),
    });
    scim.push(performance.now() - start);
    if (res.statusCode !== 201) throw new Error(`SCIM create answered ${res.statusCode}`);
  }
  for (let i = 0; i < users / 4; i++) {
    const start = performance.now();
    await services.users.add(org.id, {
      email: `direct-${round}-${i}@example.com`,
      name: 'A B',
      role: 'viewer',
    });
    direct.push(performance.now() - start);
  }
}

console.log(`machine: ${await machine()}; store: ${url?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`);
console.log(
  `SSO callback, whole               median ${median(whole).toFixed(1)} ms  p95 ${p95(whole).toFixed(1)} ms`,
);
console.log(
  `SSO callback, Bulwark's own time  median ${median(own).toFixed(1)} ms  p95 ${p95(own).toFixed(1)} ms`,
);
console.log(`create user through the service   median ${median(direct).toFixed(2)} ms`);
console.log(
  `POST /scim/v2/Users               median ${median(scim).toFixed(2)} ms  p95 ${p95(scim).toFixed(2)} ms  (${(median(scim) / median(direct)).toFixed(2)}× the service)`,
);
await app.close();
for (const close of closers) await close();
if (url?.startsWith('postgres')) await sql`drop schema ${sql.id(schema)} cascade`.execute(store.db);
await store.close();
