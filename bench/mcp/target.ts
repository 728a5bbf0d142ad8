// The server under test, in its own process: the real app over the seeded store (seed.ts; SQLite under
// bench/.out/, or the schema bench_mcp_demo of DATABASE_URL; BENCH_MCP_SCHEMA names another, so two trees seeded
// by different code can be compared in the same minutes without wiping each other's store). Prints LISTENING <url> <token> <actorId> <orgId> <scratchToken>.
import { mkdirSync, rmSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';
import { benchOrg, isSeeded, seed } from './seed.ts';

const outDir = new URL('../.out/', import.meta.url).pathname;
const file = `${outDir}mcp-demo.sqlite`;
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const SCHEMA = process.env.BENCH_MCP_SCHEMA ?? 'bench_mcp_demo';
const config = defaultConfig({ RATE_LIMIT_MAX: 1_000_000_000 });
const log = (msg: string) => process.stderr.write(`${msg}\n`);

async function open(wipe: boolean): Promise<Store> {
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    if (wipe) await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.query(`create schema if not exists ${SCHEMA}`);
    await admin.end();
    return openStore(pgUrl, undefined, { schema: SCHEMA });
  }
  mkdirSync(outDir, { recursive: true });
  if (wipe) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  return openStore(`sqlite:${file}`);
}

let store = await open(false);
await migrateToLatest(store.db);
let services = createServices(store, config);
if (!(await isSeeded(services))) {
  // Absent, incomplete (an interrupted seed) or seeded by other code: start from an empty store.
  await store.close();
  store = await open(true);
  await migrateToLatest(store.db);
  services = createServices(store, config);
  const started = Date.now();
  await seed(store.db, services, log);
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} else log('reusing the seeded store');
const org = await benchOrg(services);
const app = await buildApp({ store, config, services, logger: createLogger('silent') });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${url} ${org.token} ${org.actorId} ${org.orgId} ${org.scratchToken}\n`);
process.on('SIGTERM', () => process.exit(0));
