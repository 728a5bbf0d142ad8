/** MCP over Streamable HTTP at /api/v1/mcp (stateless, JSON responses). */
import type { App } from '../http/app-type.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { principalOf } from '../tenancy/route-auth.ts';
import { BATCH_BUDGET_MS } from './call-queue.ts';
import { MCP_BODY } from './mcp.openapi.ts';
import type { ToolHandler, ToolServices } from './tool-handler.ts';

export interface McpRouteDeps {
  services: ToolServices;
  handlers: Map<string, ToolHandler>;
  limits: Pick<RateLimits, 'charge'>;
  /** Time a request's calls may take together (default BATCH_BUDGET_MS). */
  batchBudgetMs?: number;
}

/** A JSON-RPC batch holds at most this many calls (docs/resilience.md); each counts against the rate limit. */
export const MAX_BATCH_CALLS = 20;

const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: '2.0',
  error: { code, message },
  id: null,
});

const METHOD_NOT_ALLOWED = jsonRpcError(
  -32000,
  'Method not allowed: this tool server is stateless; send JSON-RPC with POST',
);

/**
 * The tool server and the MCP SDK's transport (about 250 modules, 0.25 s of CPU) load with the first call, not with
 * every server start and every test's app.
 */
const importSdk = () =>
  Promise.all([
    import('./tool-server.ts'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('./plain-call.ts'),
  ]);
let sdk: ReturnType<typeof importSdk> | undefined;
const loadSdk = () => (sdk ??= importSdk());

/** A body that is not JSON: answered with JSON-RPC's parse error, as a JSON-RPC client expects. */
const UNPARSABLE = Symbol('unparsable JSON body');

/**
 * Streamable HTTP at POST /mcp, stateless, JSON responses: a single plain tools/call is answered directly
 * (plain-call.ts); every other request gets its own SDK server and transport.
 * Bearer auth and the mcp:read scope run in the shared auth hook (401 with WWW-Authenticate, 403
 * INSUFFICIENT_SCOPE); the route is not gated by a plan feature. Every other method is 405.
 */
export async function mcpRoutes(app: App, deps: McpRouteDeps): Promise<void> {
  // This plugin's own JSON parser: a malformed body reaches the handler (JSON-RPC -32700), not the REST
  // error envelope the rest of the API answers with.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, UNPARSABLE);
    }
  });

  app.post(
    '/mcp',
    {
      config: { auth: { scope: 'mcp:read' } },
      schema: {
        tags: ['mcp'],
        summary: 'MCP tool server (Streamable HTTP, stateless)',
        description:
          'JSON-RPC 2.0 over POST (initialize, tools/list, tools/call). Clients send ' +
          '`Accept: application/json, text/event-stream`. Answers are JSON-RPC messages, not the envelope: a ' +
          'malformed body is error -32700; tool failures are results with isError and a code. Needs mcp:read; ' +
          'write tools need mcp:write and the organisation’s MCP write setting. Other methods: 405. See ' +
          'docs/contract.md, Tool server.',
        // JSON-RPC answers its own bad requests; only the pipeline's refusals (auth, rate limit) use the envelope.
        'x-operation': { requestBody: MCP_BODY, withoutCommonErrors: [400, 408] },
      },
    },
    async (request, reply) => {
      if (request.body === UNPARSABLE || request.body === undefined) {
        return reply
          .status(400)
          .send(jsonRpcError(-32700, 'Parse error: the request body is not valid JSON'));
      }
      const principal = principalOf(request);
      if (Array.isArray(request.body)) {
        // The request itself was counted once already; the other calls of a batch count too.
        if (request.body.length > MAX_BATCH_CALLS) {
          return reply
            .status(400)
            .send(
              jsonRpcError(
                -32600,
                `A batch holds at most ${MAX_BATCH_CALLS} calls; this one has ${request.body.length}`,
              ),
            );
        }
        await deps.limits.charge(request, reply, request.body.length - 1);
      }
      const [{ connectToolServer, createToolServer }, { StreamableHTTPServerTransport }, plain] =
        await loadSdk();
      const serverDeps = {
        ...deps,
        principal: async () => principal,
        logger: request.log,
        budgetMs: deps.batchBudgetMs ?? BATCH_BUDGET_MS,
      };
      // The response is written here or by the transport: carry over the headers the pipeline set
      // (x-request-id, RateLimit-*), which Fastify would otherwise send only with its own reply.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      const call = plain.plainToolCall(request.body, request.headers, deps.handlers);
      if (call) return plain.answerPlainCall(serverDeps, call, reply.raw);
      const server = createToolServer(serverDeps);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      // Closing aborts a call still running when the client goes away. After a complete response there is nothing
      // left to stop, and closing would only build the SDK's "Connection closed" error (a stack trace) per call.
      reply.raw.on('close', () => {
        if (reply.raw.writableFinished) return;
        void transport.close();
        void server.close();
      });
      await connectToolServer(server, transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) => reply.status(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    });
  }
}
