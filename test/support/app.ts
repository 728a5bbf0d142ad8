/** Test helpers: a built app on a fresh store, organisations with tokens. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app.ts';
import { defaultConfig, type Config } from '../../src/config.ts';
import { openSqlite, type DialectName, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { App } from '../../src/http/app-type.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { Scope } from '../../src/tenancy/plans.ts';
import { createTestStore } from './store.ts';

export interface TestEnv {
  app: App;
  store: Store;
  services: Services;
  config: Config;
}

/** A built app on a fresh store; closed when the test (or suite) ends. */
export async function build(
  t: Pick<TestContext, 'after'>,
  dialect: DialectName,
  options: {
    config?: Partial<Config>;
    logger?: Logger;
    redis?: Redis;
    /** How long the app waits for a Redis reply before counting in memory (REDIS_REPLY_TIMEOUT_MS otherwise). */
    redisReplyTimeoutMs?: number;
    store?: Store;
    /** The services' clock (session expiry); real time when absent. */
    now?: () => number;
    /** A console build of the test's own (console routes). */
    consoleDir?: string;
  } = {},
): Promise<TestEnv> {
  const store = options.store ?? (await createTestStore(dialect));
  const config = defaultConfig(options.config);
  const services = createServices(store, config, options.now ? { now: options.now } : {});
  const app = await buildApp({
    store,
    config,
    services,
    logger: options.logger ?? createLogger('silent'),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.redisReplyTimeoutMs ? { redisReplyTimeoutMs: options.redisReplyTimeoutMs } : {}),
    ...(options.consoleDir ? { consoleDir: options.consoleDir } : {}),
  });
  t.after(async () => {
    // A test that failed half-way (a timeout) can leave its own client's request open: close would wait for it
    // forever and keep the test process alive after its last test, so open connections are cut first.
    app.server.closeAllConnections();
    await app.close();
    // A large upload's statistics refresh (PostgreSQL, db/statistics.ts) ends before its store does.
    await services.statistics.idle();
    if (!options.store) await store.close();
  });
  return { app, store, services, config };
}

/**
 * As `build`, but SQLite on a file rather than in memory: reads outside a transaction then run on the reader
 * connection, as in the server (an in-memory database has one connection, and a read would wait for an upload in
 * progress; docs/upload-fairness.md). PostgreSQL as `build`.
 */
export async function buildOnFile(t: Pick<TestContext, 'after'>, dialect: DialectName): Promise<TestEnv> {
  if (dialect === 'postgres') return build(t, dialect);
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-file-store-'));
  const store = openSqlite(join(dir, 'store.sqlite'));
  await migrateToLatest(store.db);
  const built = await build(t, dialect, { store });
  // After the app's own close (hooks run in the order they were added).
  t.after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return built;
}

let orgCounter = 0;

/** The id of an organisation named by slug ('default', 'acme', …): a test looks it up once, as the CLI does. */
export async function orgIdOf(services: Pick<Services, 'organisations'>, slug: string): Promise<string> {
  return (await services.organisations.requireBySlug(slug)).id;
}

export interface TestOrg {
  id: string;
  slug: string;
  userId: string;
  /** Bearer header values by name. */
  tokens: Record<string, string>;
  bearer: (name?: string) => { authorization: string };
}

/** An organisation with one user and tokens: `all` (every scope), `read` (sbom:read), `mcp` (mcp:read), `none`-like variants. */
export async function createOrg(
  services: Services,
  options: { plan?: string; mcpWriteEnabled?: boolean; tokens?: Record<string, Scope[]> } = {},
): Promise<TestOrg> {
  const slug = `org-${process.pid}-${++orgCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const org = await services.organisations.create({
    slug,
    plan: options.plan ?? 'professional',
    mcpWriteEnabled: options.mcpWriteEnabled ?? false,
  });
  const user = await services.users.add(org.id, {
    email: `owner@${slug}.example.com`,
    name: 'Olivia Owner',
  });
  const wanted: Record<string, Scope[]> = options.tokens ?? {
    all: ['sbom:read', 'sbom:write', 'mcp:read', 'mcp:write'],
    read: ['sbom:read'],
    write: ['sbom:write'],
    mcp: ['mcp:read'],
  };
  const tokens: Record<string, string> = {};
  for (const [name, scopes] of Object.entries(wanted)) {
    tokens[name] = (await services.tokens.create({ orgId: org.id, scopes, name })).secret;
  }
  return {
    id: org.id,
    slug,
    userId: user.id,
    tokens,
    bearer: (name = 'all') => ({ authorization: `Bearer ${tokens[name]}` }),
  };
}
