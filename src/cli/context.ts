/** What a CLI command runs in: the store named by DATABASE_URL, migrated, and the services over it. */
import { loadConfig, type Config } from '../config.ts';
import { CLI_BUSY_TIMEOUT_MS, openStore, type Store } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createServices, type Services } from '../services.ts';
import { cliEnv } from './cli-kit.ts';

/** Opens the store named by DATABASE_URL (like the server), migrates it, runs `work`, closes it. */
export async function withStore<T>(
  work: (ctx: { store: Store; services: Services; config: Config }) => Promise<T>,
): Promise<T> {
  const config = loadConfig(cliEnv());
  const store = openStore(config.DATABASE_URL, config.DATA_DIR, { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  let services: Services | undefined;
  try {
    await migrateToLatest(store.db);
    services = createServices(store, config);
    return await work({ store, services, config });
  } finally {
    // A statistics refresh the command's writes started (db/statistics.ts) ends before the store does.
    await services?.statistics.idle();
    await store.close();
  }
}
