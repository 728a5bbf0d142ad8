// One HTTP server for the benchmark, in its own process: `bare` (a Fastify route and nothing else), `store` (a
// Fastify route running the vendor list's own SQL through the raw driver: better-sqlite3's prepared statement,
// or a named statement on a pg pool of the same size; no auth, no Kysely) or `bulwark` (the real app: auth,
// plan, scope, rate limit, metrics, envelope, store). Prints LISTENING <url> <token>.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';

const mode = process.argv[2];
const storeUrl = process.env.DATABASE_URL ?? `sqlite:${process.env.BENCH_DIR}/http.sqlite`;

/** The three vendors both store-backed servers list. */
async function seedVendors(services: ReturnType<typeof createServices>, orgId: string): Promise<void> {
  for (const name of ['Acme', 'Globex', 'Initech']) {
    await services.vendors.create(orgId, 'system', {
      name,
      type: 'commercial',
      riskTier: 2,
      assessmentStatus: 'in_progress',
    });
  }
}
if (mode === 'bare') {
  const app = Fastify();
  app.get('/api/v1/sscs/vendors', async () => ({ data: [], error: null, meta: null }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`LISTENING ${url}/api/v1/sscs/vendors -\n`);
} else if (mode === 'store') {
  const store = openStore(storeUrl);
  await migrateToLatest(store.db);
  const services = createServices(store, defaultConfig({}));
  const org = await services.organisations.create({
    slug: `floor-${Date.now()}`,
    plan: 'professional',
  });
  await seedVendors(services, org.id);
  // The SQL the vendor list runs (vendor.repository.ts, listVendorsFirst), with its parameters.
  const { sql, parameters } = store.db
    .selectFrom('vendors')
    .selectAll()
    .select((eb) => eb.fn<string>('lower', ['name']).as('lower_name'))
    .where('org_id', '=', org.id)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .limit(100)
    .compile();
  await store.close();
  const app = Fastify();
  if (storeUrl.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: storeUrl, max: 10 });
    app.get('/api/v1/sscs/vendors', async () => ({
      // Named, as the product sends a repeated statement (db/pg-named-statements.ts): parsed and planned once.
      data: (await pool.query({ name: 'vendors', text: sql, values: parameters as unknown[] })).rows,
      error: null,
      meta: null,
    }));
  } else {
    const statement = new Database(storeUrl.slice('sqlite:'.length), { readonly: true }).prepare(sql);
    app.get('/api/v1/sscs/vendors', async () => ({
      data: statement.all(...parameters),
      error: null,
      meta: null,
    }));
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`LISTENING ${url}/api/v1/sscs/vendors -\n`);
} else {
  const config = defaultConfig({ RATE_LIMIT_MAX: 1_000_000_000 });
  const store = openStore(storeUrl);
  await migrateToLatest(store.db);
  const services = createServices(store, config);
  const slug = `bench-${Date.now()}`;
  const org = await services.organisations.create({ slug, plan: 'professional' });
  await services.users.add(org.id, { email: 'bench@bulwark.example' });
  const { secret } = await services.tokens.create({ orgId: org.id, scopes: ['sbom:read'] });
  await seedVendors(services, org.id);
  const app = await buildApp({ store, config, services, logger: createLogger('silent') });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`LISTENING ${url}/api/v1/sscs/vendors ${secret}\n`);
}
process.on('SIGINT', () => process.exit(0));
