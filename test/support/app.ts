/** Test helpers: a built app on a fresh store, organisations with tokens. */
import type { TestContext } from 'node:test';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app.ts';
import { defaultConfig, type Config } from '../../src/config.ts';
import type { DialectName, Store } from '../../src/db/connect.ts';
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
    ...(options.consoleDir ? { consoleDir: options.consoleDir } : {}),
  });
  t.after(async () => {
    // A test that failed half-way (a timeout) can leave its own client's request open: close would wait for it
    // forever and keep the test process alive after its last test, so open connections are cut first.
    app.server.closeAllConnections();
    await app.close();
    if (!options.store) await store.close();
  });
  return { app, store, services, config };
}

let orgCounter = 0;

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
  const org = await services.tenancy.createOrganization({
    slug,
    plan: options.plan ?? 'professional',
    mcpWriteEnabled: options.mcpWriteEnabled ?? false,
  });
  const user = await services.tenancy.createUser(slug, {
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
    tokens[name] = (await services.tenancy.createToken({ orgSlug: slug, scopes, name })).secret;
  }
  return {
    id: org.id,
    slug,
    userId: user.id,
    tokens,
    bearer: (name = 'all') => ({ authorization: `Bearer ${tokens[name]}` }),
  };
}
