/** MCP over Streamable HTTP at /api/v1/mcp (stateless, JSON responses). */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { App } from '../http/app-type.ts';
import { principalOf } from '../http/route-auth.ts';
import { createToolServer } from './tool-server.ts';
import type { ToolHandler, ToolServices } from './tool-handler.ts';

export interface McpRouteDeps {
  services: ToolServices;
  handlers: Map<string, ToolHandler>;
}

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
      const server = createToolServer({ ...deps, principal: async () => principal, logger: request.log });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
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
