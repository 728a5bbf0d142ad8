import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { App } from '../http/app-type.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { principalOf } from '../http/route-auth.ts';
import type { Services } from '../services.ts';
import { createToolServer } from './tool-server.ts';
import type { ToolHandler } from './tool-handler.ts';

export interface McpRouteDeps {
  db: Kysely<Database>;
  services: Services;
  handlers: Map<string, ToolHandler>;
  limits: Pick<RateLimits, 'charge'>;
}

/** A JSON-RPC batch holds at most this many calls (docs/resilience.md); each counts against the rate limit. */
export const MAX_BATCH_CALLS = 20;

const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: {
    code: -32000,
    message: 'Method not allowed: this tool server is stateless; send JSON-RPC with POST',
  },
  id: null,
};

/**
 * Streamable HTTP at POST /mcp, stateless: every request gets its own server and transport and a JSON response.
 * Bearer auth and the mcp:read scope run in the shared auth hook (401 with WWW-Authenticate, 403
 * INSUFFICIENT_SCOPE); the route is not gated by a plan feature.
 */
export async function mcpRoutes(app: App, deps: McpRouteDeps): Promise<void> {
  app.post(
    '/mcp',
    { config: { auth: { scope: 'mcp:read' } }, schema: { hide: true } },
    async (request, reply) => {
      const principal = principalOf(request);
      if (Array.isArray(request.body)) {
        // The request itself was counted once already; the other calls of a batch count too.
        if (request.body.length > MAX_BATCH_CALLS) {
          return reply.status(400).send({
            jsonrpc: '2.0',
            error: {
              code: -32600,
              message: `A batch holds at most ${MAX_BATCH_CALLS} calls; this one has ${request.body.length}`,
            },
            id: null,
          });
        }
        await deps.limits.charge(request, reply, request.body.length - 1);
      }
      const server = createToolServer({ ...deps, principal: async () => principal, logger: request.log });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      // The transport writes the raw response: carry over the headers set so far (request id, rate limit).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) => reply.status(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    });
  }
}
