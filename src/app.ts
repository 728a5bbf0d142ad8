/** The composition root of the HTTP server: plugins, the request pipeline, each domain's routes and the tool registry. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { App } from './http/app-type.ts';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Store } from './db/connect.ts';
import { authHook } from './http/route-auth.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { requireDeclaredQuery } from './http/strict-query.ts';
import { installMetrics } from './http/metrics.ts';
import { installRateLimit } from './http/rate-limit.ts';
import { systemRoutes } from './http/system.routes.ts';
import { createLogger } from './logger.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { builtinToolHandlers } from './mcp/builtin-tools.ts';
import { governanceToolHandlers } from './mcp/governance.tools.ts';
import type { ToolHandler } from './mcp/tool-handler.ts';
import { toolRegistry } from './mcp/tool-registry.ts';
import { createServices, type Services } from './services.ts';
import { findingRoutes } from './findings/finding.routes.ts';
import { pipelineRoutes } from './pipeline/pipeline.routes.ts';
import { sbomRoutes } from './sboms/sbom.routes.ts';
import { vendorRoutes } from './vendors/vendor.routes.ts';

export interface AppDeps {
  store: Store;
  config: Config;
  logger?: Logger;
  redis?: Redis;
  /** Substitute services (tests); built from the store otherwise. */
  services?: Services;
}

export const API_PREFIX = '/api/v1';

/**
 * The tool registry, gathered here at the composition root so that no domain imports the tool server and the
 * tool server imports no tool set. `overrides` replace implementations (tests).
 */
export function toolHandlers(overrides: Record<string, ToolHandler> = {}): Map<string, ToolHandler> {
  return toolRegistry({ ...governanceToolHandlers, ...builtinToolHandlers, ...overrides });
}

/** Builds the HTTP app: plugins, the request pipeline, then each domain's routes under /api/v1. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const services = deps.services ?? createServices(deps.store, deps.config);
  // Per app, not per module: two apps in one process (tests) number their requests independently.
  let requestCounter = 0;
  const app = Fastify({
    loggerInstance: (deps.logger ?? createLogger(deps.config.LOG_LEVEL)) as FastifyBaseLogger,
    requestIdHeader: false,
    genReqId: () => `req_${Date.now().toString(36)}${(requestCounter++ % 1e6).toString(36)}`,
    bodyLimit: 1_048_576,
    // Paths like /api/v1/sscs/sboms/ and /api/v1/sscs/sboms name the same resource.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; serialisation stays plain JSON.stringify (no per-response validation).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', authHook(services.tenancy));
  installErrorHandling(app);
  requireDeclaredQuery(app);
  const metrics = installMetrics(app);
  await installRateLimit(app, {
    max: deps.config.RATE_LIMIT_MAX,
    windowMs: deps.config.RATE_LIMIT_WINDOW_MS,
    ...(deps.redis ? { redis: deps.redis } : {}),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bulwark API',
        version: '1.0.0',
        description: 'SBOMs, findings, vendors and the tool server.',
      },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  systemRoutes(app, { store: deps.store, metrics });

  await app.register(
    async (api) => {
      await api.register(vendorRoutes, { vendors: services.vendors });
      await api.register(sbomRoutes, { sboms: services.sboms, maxUploadBytes: deps.config.MAX_UPLOAD_BYTES });
      await api.register(findingRoutes, { findings: services.findings });
      await api.register(pipelineRoutes, {
        pipeline: services.pipeline,
        maxUploadBytes: deps.config.MAX_UPLOAD_BYTES,
      });
      await api.register(mcpRoutes, { services, handlers: toolHandlers() });
    },
    { prefix: API_PREFIX },
  );

  return app;
}
