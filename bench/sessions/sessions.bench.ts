// What a person's session costs: sign-in latency against one bare scrypt hash (its floor), and a
// cookie-authenticated GET against the same GET with a bearer token (cached principal), in one run.
// Usage: node bench/sessions/sessions.bench.ts [--requests 2000] (DATABASE_URL=postgres://… for PostgreSQL).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openSqlite, openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';
import { hashPassword } from '../../src/tenancy/password.ts';
import { machine } from '../support/process.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, signins: { type: 'string', default: '15' } },
});
const requests = Number(values.requests);
const signins = Number(values.signins);
const PASSWORD = 'a benchmark passphrase';

const url = process.env.DATABASE_URL;
// On PostgreSQL the run gets a schema of its own, dropped at the end, so it never touches anyone's tables.
const schema = `bench_sessions_${Date.now().toString(36)}`;
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
const slug = `bench-${Date.now().toString(36)}`;
const org = await services.organisations.create({ slug });
const email = `owner@${slug}.example.com`;
await services.users.add(org.id, { email, role: 'owner', password: PASSWORD });
const { secret } = await services.tokens.create({ orgId: org.id, scopes: ['sbom:read'] });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeEach(n: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

const hashMs = median(await timeEach(signins, () => hashPassword(PASSWORD)));
let cookie = '';
const signInMs = median(
  await timeEach(signins, async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email, password: PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}`);
    cookie = String(res.headers['set-cookie']).split(';')[0]!;
  }),
);

const get = (headers: Record<string, string>) => async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/sscs/vendors', headers });
  if (res.statusCode !== 200) throw new Error(`GET answered ${res.statusCode}`);
};
// Warm both paths, then alternate rounds so machine noise falls on both alike.
await timeEach(200, get({ authorization: `Bearer ${secret}` }));
await timeEach(200, get({ cookie }));
const bearer: number[] = [];
const session: number[] = [];
for (let round = 0; round < 4; round++) {
  bearer.push(...(await timeEach(requests / 4, get({ authorization: `Bearer ${secret}` }))));
  session.push(...(await timeEach(requests / 4, get({ cookie }))));
}
const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length) * 1000;

console.log(`machine: ${await machine()}; store: ${url?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`);
console.log(`scrypt hash (N=2^15, r=8, p=1)   median ${hashMs.toFixed(0)} ms`);
console.log(
  `POST /session                    median ${signInMs.toFixed(0)} ms  (${(signInMs / hashMs).toFixed(2)}× one hash)`,
);
console.log(`GET /sscs/vendors, bearer        mean ${mean(bearer).toFixed(0)} µs`);
console.log(
  `GET /sscs/vendors, session       mean ${mean(session).toFixed(0)} µs  (${(mean(session) / mean(bearer)).toFixed(2)}× bearer)`,
);
await app.close();
if (url?.startsWith('postgres')) await sql`drop schema ${sql.id(schema)} cascade`.execute(store.db);
await store.close();
