/** The composition root of the HTTP server: plugins, the request pipeline, each domain's routes and the tool registry. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import type { App } from './http/app-type.ts';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Store } from './db/connect.ts';
import { consoleRoutes } from './http/console.routes.ts';
import { authHook, principalOf, sessionOnly, type RouteAuth } from './tenancy/route-auth.ts';
import { installBodyTimeout } from './http/body-timeout.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { requireDeclaredQuery } from './http/strict-query.ts';
import { installMetrics } from './http/metrics.ts';
import { registerSyncMetrics, vulndbRoutes } from './vulndb/index.ts';
import { installRateLimit } from './http/rate-limit.ts';
import { redisLogging, watchRedis } from './http/rate-limit-store.ts';
import { completeOpenApi, type Json } from './http/openapi.ts';
import { REST_SCHEMAS } from './openapi-components.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { systemRoutes } from './http/system.routes.ts';
import { guardedValidatorCompiler } from './http/validation.ts';
import { createLogger, requestLogger } from './logger.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { mcpOriginCheck } from './mcp/origin-check.ts';
import { mcpOAuthBearer } from './oauth/bearer.ts';
import { oauthServerRoutes, oauthSessionRoutes } from './oauth/oauth.routes.ts';
import { builtinToolHandlers } from './mcp/builtin-tools.ts';
import { governanceToolHandlers } from './mcp/governance.tools.ts';
import { supplyChainToolHandlers } from './mcp/supply-chain.tools.ts';
import type { ToolHandler } from './mcp/tool-handler.ts';
import { toolRegistry } from './mcp/tool-registry.ts';
import { createServices, type Services } from './services.ts';
import { VERSION } from './version.ts';
import { findingRoutes } from './findings/finding.routes.ts';
import { triageRuleRoutes } from './findings/triage/rule.routes.ts';
import { pipelineRoutes } from './pipeline/pipeline.routes.ts';
import { assetRoutes } from './portfolio/index.ts';
import { sbomRoutes } from './sboms/sbom.routes.ts';
import { LargeUploadGate } from './sboms/upload-gate.ts';
import { remediationRoutes } from './remediation/remediation.routes.ts';
import { accessRoutes } from './access/access.routes.ts';
import { teamRoutes } from './portfolio/team.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { complianceRoutes } from './compliance/compliance.routes.ts';
import { sessionRoutes } from './access/session.routes.ts';
import { mfaRoutes } from './identity/mfa/mfa.routes.ts';
import { ssoRoutes } from './identity/sso/sso.routes.ts';
import { SCIM_PREFIX, scimRoutes } from './identity/scim/scim.routes.ts';
import { vendorRoutes } from './vendors/vendor.routes.ts';
import { policyRoutes } from './policies/index.ts';
import { webhookMetrics } from './webhooks/webhook.metrics.ts';
import { webhookRoutes } from './webhooks/webhook.routes.ts';

export interface AppDeps {
  store: Store;
  config: Config;
  logger?: Logger;
  redis?: Redis;
  /** How long a Redis reply is waited for before counting in memory (tests; REDIS_REPLY_TIMEOUT_MS otherwise). */
  redisReplyTimeoutMs?: number;
  /** Substitute services (tests); built from the store otherwise. */
  services?: Services;
  /** Where the built console is (tests); console/dist otherwise. */
  consoleDir?: string;
}

export const API_PREFIX = '/api/v1';

/**
 * The tool registry, gathered here at the composition root so that no domain imports the tool server and the
 * tool server imports no tool set. `overrides` replace implementations (tests).
 */
export function toolHandlers(overrides: Record<string, ToolHandler> = {}): Map<string, ToolHandler> {
  return toolRegistry(
    { ...governanceToolHandlers, ...builtinToolHandlers, ...supplyChainToolHandlers },
    overrides,
  );
}

/** Builds the HTTP app: plugins, the request pipeline, then each domain's routes under /api/v1. */
/** A route as Fastify registered it: method, full URL and what it asks of its caller (undefined: public). */
export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RouteAuth | undefined;
}

const ROUTES = new WeakMap<object, RegisteredRoute[]>();

/** Every route the app registered (HEAD routes included), in registration order. */
export const registeredRoutes = (app: App): readonly RegisteredRoute[] => ROUTES.get(app) ?? [];

export async function buildApp(deps: AppDeps): Promise<App> {
  const logger = deps.logger ?? createLogger(deps.config.LOG_LEVEL);
  const services = deps.services ?? createServices(deps.store, deps.config, { logger });
  // Per app, not per module: two apps in one process (tests) number their requests independently.
  let requestCounter = 0;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // request.log becomes pino's child only when a line is written (src/logger.ts).
    childLoggerFactory: requestLogger as unknown as NonNullable<FastifyServerOptions['childLoggerFactory']>,
    requestIdHeader: false,
    genReqId: () => `req_${Date.now().toString(36)}${(requestCounter++ % 1e6).toString(36)}`,
    bodyLimit: 1_048_576,
    frameworkErrors,
    clientErrorHandler,
    // Paths like /api/v1/sscs/sboms/ and /api/v1/sscs/sboms name the same resource.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(guardedValidatorCompiler);
  // Response schemas document the API; serialisation stays plain JSON.stringify (no per-response validation).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.decorateRequest('principal', undefined);
  // Callback hooks on the per-request path: an async hook costs every request a promise and a microtask.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  installSecurityHeaders(app);
  const redisStatus = deps.redis ? watchRedis(deps.redis, redisLogging(app.log)) : undefined;
  // Registered before the auth hook (it needs the limiter); per-route limits still run after authentication.
  const limits = await installRateLimit(app, {
    max: deps.config.RATE_LIMIT_MAX,
    windowMs: deps.config.RATE_LIMIT_WINDOW_MS,
    ...(deps.redis ? { redis: deps.redis, redisStatus } : {}),
    ...(deps.redisReplyTimeoutMs ? { redisReplyTimeoutMs: deps.redisReplyTimeoutMs } : {}),
  });
  app.addHook(
    'onRequest',
    mcpOriginCheck(`${API_PREFIX}/mcp`, [...deps.config.PUBLIC_URL, ...deps.config.MCP_ALLOWED_ORIGINS]),
  );
  app.addHook(
    'onRequest',
    authHook(services.tokens, services.sessions, limits, mcpOAuthBearer(services.oauth, `${API_PREFIX}/mcp`)),
  );
  installErrorHandling(app);
  requireDeclaredQuery(app, API_PREFIX);
  // Every route as registered: the scoped-access test walks them all (docs/portfolio-access.md).
  const routes: RegisteredRoute[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, auth: route.config?.auth });
  });
  installBodyTimeout(app, deps.config.BODY_IDLE_TIMEOUT_MS, deps.config.BODY_DEADLINE_MS);
  const metrics = installMetrics(app, redisStatus);
  registerSyncMetrics(metrics, services.vulndbSync);
  services.webhookDispatcher.observeWith(webhookMetrics(metrics, services.webhookDispatcher));
  // The dispatcher is started by the server (never by building an app); closing the app stops it.
  app.addHook('onClose', () => services.webhookDispatcher.stop());

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bulwark API',
        version: VERSION,
        description:
          'SBOMs, findings, vendors and the MCP tool server. Every answer but /api/v1/mcp and /metrics is the ' +
          'envelope `{data, error, meta}`; errors carry a machine-readable code (docs/contract.md).',
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // Browser sessions (docs/sessions.md); writes also need the X-CSRF-Token header.
          session: { type: 'apiKey', in: 'cookie', name: 'bulwark_session' },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    transform: createJsonSchemaTransform({ schemaRegistry: REST_SCHEMAS }),
    transformObject: (doc) =>
      'openapiObject' in doc
        ? (completeOpenApi(
            createJsonSchemaTransformObject({ schemaRegistry: REST_SCHEMAS })(doc) as Json,
          ) as typeof doc.openapiObject)
        : doc.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  systemRoutes(app, { store: deps.store, metrics, ...(redisStatus ? { redis: redisStatus } : {}) });

  await app.register(
    async (api) => {
      await api.register(sessionRoutes, { sessions: services.sessions });
      await api.register(accessRoutes, {
        organisations: services.organisations,
        users: services.users,
        tokens: services.tokens,
        mfa: services.mfa,
      });
      await api.register(teamRoutes, { teams: services.teams });
      await api.register(mfaRoutes, { mfa: services.mfa });
      await api.register(ssoRoutes, services);
      await api.register(vendorRoutes, { vendors: services.vendors, idempotency: services.idempotency });
      // One gate for uploads and scans: both hold a whole file and its rows in memory.
      const largeUploads = new LargeUploadGate(deps.config.MAX_CONCURRENT_LARGE_UPLOADS);
      await api.register(sbomRoutes, {
        sboms: services.sboms,
        maxUploadBytes: deps.config.MAX_UPLOAD_BYTES,
        idempotency: services.idempotency,
        largeUploads,
      });
      await api.register(findingRoutes, { findings: services.findings });
      await api.register(remediationRoutes, { remediation: services.remediation });
      await api.register(policyRoutes, services.policies);
      await api.register(triageRuleRoutes, {
        rules: services.triageRules,
        idempotency: services.idempotency,
      });
      await api.register(pipelineRoutes, {
        pipeline: services.pipeline,
        maxUploadBytes: deps.config.MAX_UPLOAD_BYTES,
        largeUploads,
      });
      await api.register(assetRoutes, services.portfolio);
      await api.register(webhookRoutes, { webhooks: services.webhooks });
      await api.register(vulndbRoutes, { vulndbSync: services.vulndbSync });
      // audit/ sits below tenancy/: its route gets the session-only admin check from here.
      await api.register(auditRoutes, {
        audit: services.audit,
        access: { config: sessionOnly('admin'), orgIdOf: (request) => principalOf(request).orgId },
      });
      await api.register(complianceRoutes, { compliance: services.compliance });
      await api.register(mcpRoutes, { services, handlers: toolHandlers(), limits });
      await api.register(oauthSessionRoutes, { oauth: services.oauth });
    },
    { prefix: API_PREFIX },
  );
  await app.register(scimRoutes, {
    prefix: SCIM_PREFIX,
    scimUsers: services.scimUsers,
    scimGroups: services.scimGroups,
  });
  await app.register(oauthServerRoutes, {
    oauth: services.oauth,
    publicOrigins: deps.config.PUBLIC_URL,
    resourcePath: `${API_PREFIX}/mcp`,
  });
  await app.register(consoleRoutes, deps.consoleDir ? { root: deps.consoleDir } : {});

  return app;
}
