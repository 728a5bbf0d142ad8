// The server under test, in its own process: the real app over a seeded store. Prints LISTENING <url> <token> <actorId>.
import { mkdirSync } from 'node:fs';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';
import { seedBenchOrg } from './seed.ts';

const outDir = new URL('../.out/', import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });
const config = defaultConfig({ RATE_LIMIT_MAX: 1_000_000_000 });
const store = openStore(process.env.DATABASE_URL ?? `sqlite:${outDir}mcp.sqlite`);
await migrateToLatest(store.db);
const services = createServices(store, config);
const org = await seedBenchOrg(store.db, services, (msg) => process.stderr.write(`${msg}\n`));
const app = await buildApp({ store, config, services, logger: createLogger('silent') });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${url} ${org.token} ${org.actorId} ${org.orgId}\n`);
process.on('SIGTERM', () => process.exit(0));
