/** `bulwark serve` and `bulwark migrate`. */
import { loadConfig } from '../config.ts';
import { CLI_BUSY_TIMEOUT_MS, openStore } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { cliEnv, emit, parse, UsageError, type Command } from './cli-kit.ts';

export const serveCommand: Command = {
  summary: 'run the HTTP API and tool server',
  usage: `Usage:
  bulwark serve [--port N] [--host H]

Environment: PORT (8080), HOST (127.0.0.1), DATABASE_URL (SQLite in ./data by default, or postgres://…),
REDIS_URL (shared rate limits), LOG_LEVEL, RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS, MAX_UPLOAD_BYTES,
MAX_COMPONENTS, MAX_FINDINGS_PER_SBOM, MAX_CONCURRENT_LARGE_UPLOADS, BODY_IDLE_TIMEOUT_MS, BODY_DEADLINE_MS. SQLite: one
server per database
file.
On an empty database it creates organisation "default" and writes an all-scopes token to ./data/bootstrap-token.`,
  async run(argv) {
    const { values, positionals } = parse(argv, { port: { type: 'string' }, host: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const env = { ...cliEnv() };
    if (values.port !== undefined) {
      if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535)
        throw new UsageError(`--port '${values.port}' is not a port number`);
      env.PORT = values.port;
    }
    if (values.host !== undefined) env.HOST = values.host;
    // The server's modules load only for this command, not for every `bulwark` start (src/cli/main.ts).
    const { startServer } = await import('../server.ts');
    await startServer(loadConfig(env));
    // Keep running until a signal closes the server.
    return new Promise<number>(() => {});
  },
};

export const migrateCommand: Command = {
  summary: 'apply pending database migrations',
  usage: 'Usage:\n  bulwark migrate [--json]',
  async run(argv, io) {
    const { values } = parse(argv, { json: { type: 'boolean' } }, false);
    const config = loadConfig(cliEnv());
    const store = openStore(config.DATABASE_URL, config.DATA_DIR, { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
    try {
      const results = await migrateToLatest(store.db);
      const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
      emit(
        io,
        values.json,
        { applied, store: store.location },
        applied.length
          ? `Applied ${applied.length} migration(s) to ${store.location}:\n${applied.map((m) => `  ${m}`).join('\n')}`
          : `${store.location} is up to date`,
      );
      return 0;
    } finally {
      await store.close();
    }
  },
};
