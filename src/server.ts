/** The server process: migrate, bootstrap an empty store, listen, shut down gracefully. */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openStore } from './db/connect.ts';
import { acquireServerLock } from './db/server-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from './sboms/pending-uploads.ts';
import { createLogger } from './logger.ts';
import { createServices, type Services } from './services.ts';
import { SCOPES } from './tenancy/plans.ts';
import { startEvidenceSchedule } from './compliance/schedule.ts';
import { startSyncSchedule } from './vulndb/index.ts';

function writeSecretFile(dataDir: string, name: string, secret: string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(dataDir, name);
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}

/**
 * First run on an empty store: organisation `default` (professional), user admin@localhost (owner) with a random
 * password written to <DATA_DIR>/bootstrap-password, and an all-scopes token written to
 * <DATA_DIR>/bootstrap-token, both mode 0600. Returns the file paths (the secrets are never logged).
 */
export async function bootstrapIfEmpty(
  services: Services,
  dataDir: string,
): Promise<{ tokenFile: string; passwordFile: string } | undefined> {
  if ((await services.organisations.count()) > 0) return undefined;
  const org = await services.organisations.create({
    slug: 'default',
    name: 'Default organisation',
    plan: 'professional',
  });
  // 144 random bits, 24 characters: easy to paste, far beyond guessing under the sign-in throttle.
  const password = randomBytes(18).toString('base64url');
  await services.users.add(org.id, {
    email: 'admin@localhost',
    name: 'Administrator',
    role: 'owner',
    password,
  });
  const { secret } = await services.tokens.create({
    orgId: org.id,
    scopes: [...SCOPES],
    name: 'bootstrap',
  });
  return {
    tokenFile: writeSecretFile(dataDir, 'bootstrap-token', secret),
    passwordFile: writeSecretFile(dataDir, 'bootstrap-password', password),
  };
}

/**
 * A Redis client that never makes a request wait: no offline queue (a command while disconnected fails at
 * once and the rate limit counts in memory), 500 ms per command, reconnection with back-off up to 5 s. Start-up
 * waits up to 2 s for the first connection (or its refusal) so that the first requests already share their budget.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  // Until the app's watcher is attached, a refused connection must not become an unhandled 'error' event.
  const ignore = (): void => undefined;
  redis.on('error', ignore);
  await new Promise<void>((done) => {
    const timer = setTimeout(done, 2_000);
    // A refused connection will not turn into a connection by waiting: start in fallback at once.
    for (const event of ['ready', 'error']) redis.once(event, () => (clearTimeout(timer), done()));
  });

  return redis;
}

/** Opens the store, migrates, bootstraps, listens; closes gracefully on SIGTERM/SIGINT. */
/** How often the server applies triage rules whose start or end has passed. */
const TRIAGE_RULE_CHECK_MS = 60_000;

export async function startServer(config: Config): Promise<void> {
  const logger = createLogger(config.LOG_LEVEL);
  const store = openStore(config.DATABASE_URL, config.DATA_DIR, { backgroundCheckpoints: true });
  let releaseLock: () => void = () => {};
  if (store.dialect === 'sqlite' && store.location !== ':memory:') {
    try {
      releaseLock = acquireServerLock(store.location);
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  await migrateToLatest(store.db);
  // What crashed uploads left (docs/upload-fairness.md): pending SBOMs and their components, before serving.
  const swept = await sweepAbandonedUploads(store.db, { startUp: true, dialect: store.dialect });
  if (swept > 0) logger.info({ swept }, 'deleted the pending SBOMs of uploads that did not finish');
  const services = createServices(store, config, { logger });
  const bootstrap = await bootstrapIfEmpty(services, config.DATA_DIR);
  if (bootstrap)
    logger.info(
      bootstrap,
      'created organisation "default", an all-scopes token and owner admin@localhost; the secrets are in the files',
    );

  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
  const app = await buildApp({ store, config, logger, services, ...(redis ? { redis } : {}) });
  await app.listen({ port: config.PORT, host: config.HOST });
  await services.webhookDispatcher.start({
    onError: (error) => logger.error({ err: error }, 'webhook dispatcher: store failure, will retry'),
  });
  logger.info({ store: store.location, redis: Boolean(redis) }, 'bulwark is serving');
  // Off unless VULNDB_SYNC_INTERVAL is set: nothing reaches the internet unless configured.
  const schedule = startSyncSchedule(services.vulndbSync, config.VULNDB_SYNC_INTERVAL, logger);
  // On by default (24 h): it reads only the workspace's own tables (docs/compliance.md).
  const evidence = startEvidenceSchedule(services.compliance, config.EVIDENCE_INTERVAL, logger);
  // Triage rules' validFrom and validUntil take effect within a minute (docs/triage-rules.md).
  const ruleCheck = setInterval(() => {
    services.triageRules
      .checkSchedule()
      .catch((error: unknown) =>
        logger.error({ err: error }, 'triage rules: schedule check failed, will retry'),
      );
  }, TRIAGE_RULE_CHECK_MS);
  ruleCheck.unref();
  // Hourly, uploads abandoned on another instance (PostgreSQL) or left by a lost store connection.
  const uploadSweep = setInterval(() => {
    sweepAbandonedUploads(store.db, { startUp: false, dialect: store.dialect }).catch((error: unknown) =>
      logger.error({ err: error }, 'abandoned uploads: sweep failed, will retry'),
    );
  }, ABANDONED_UPLOAD_MS);
  uploadSweep.unref();
  // Retention (docs/portfolio.md): hourly, and within a minute of an upload of an asset with retention.
  services.portfolio.retention.start(logger);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // A sync in progress is not waited for: closing the store rolls its transaction back (nothing half-written).
    void schedule.stop();
    void evidence.stop();
    clearInterval(ruleCheck);
    clearInterval(uploadSweep);
    void services.portfolio.retention.stop();
    // Fastify's close stops accepting connections and waits for in-flight requests before resolving. A
    // keep-alive connection whose request finishes during shutdown would otherwise stay open until its
    // keep-alive timeout (72 s): close connections as soon as they are idle.
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    app
      .close()
      .finally(() => clearInterval(reapIdle))
      // A statistics refresh started by the last uploads (a few hundred ms) ends before its connection does.
      .then(() => services.statistics.idle())
      .then(() => store.close())
      .then(() => releaseLock())
      .then(() => redis?.quit())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
