/** `bulwark mcp`: the tool server over stdio for the organisation of BULWARK_TOKEN. */
import { loadConfig } from '../config.ts';
import { CLI_BUSY_TIMEOUT_MS, openStore } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createServices } from '../services.ts';
import { cliEnv, parse, type Command } from './cli-kit.ts';

/** stdout carries the protocol only, so diagnostics go to stderr. */
const stderrLogger = {
  error: (obj: object, msg: string) => {
    const err = (obj as { err?: unknown }).err;
    process.stderr.write(`${msg}: ${err instanceof Error ? err.message : String(err)}\n`);
  },
};

export const mcpCommand: Command = {
  summary: 'run the tool server over stdio (token from BULWARK_TOKEN)',
  usage: `Usage:
  bulwark mcp

Serves the 23 tools over MCP stdio for one organisation. Environment: BULWARK_TOKEN (an API token with the
mcp:read scope; mcp:write for risk_create_draft), DATABASE_URL (as for bulwark serve).`,
  async run(argv, io) {
    parse(argv, {}, false);
    const token = cliEnv().BULWARK_TOKEN?.trim();
    if (!token) {
      io.err('error: set BULWARK_TOKEN to an API token with the mcp:read scope');
      return 2;
    }
    // The tool server and the MCP SDK load only for this command, not for every `bulwark` start (src/cli/main.ts).
    const [
      { ErrorCode, McpError },
      { toolHandlers },
      { LineTransport },
      { connectToolServer, createToolServer },
    ] = await Promise.all([
      import('@modelcontextprotocol/sdk/types.js'),
      import('../app.ts'),
      import('../mcp/stdio-transport.ts'),
      import('../mcp/tool-server.ts'),
    ]);
    const config = loadConfig(cliEnv());
    const store = openStore(config.DATABASE_URL, config.DATA_DIR, { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
    try {
      await migrateToLatest(store.db);
      const services = createServices(store, config);
      const principal = await services.tokens.authenticate(token);
      if (!principal) {
        io.err('error: BULWARK_TOKEN is malformed, unknown, revoked or expired');
        return 1;
      }
      if (!principal.scopes.has('mcp:read')) {
        io.err('error: BULWARK_TOKEN lacks the scope mcp:read');
        return 1;
      }
      const server = createToolServer({
        services,
        handlers: toolHandlers(),
        logger: stderrLogger,
        // Re-resolved per call: a revoked token or a changed organisation setting applies at once.
        principal: async () => {
          const current = await services.tokens.authenticate(token);
          if (!current)
            throw new McpError(
              ErrorCode.InvalidRequest,
              'The token is malformed, unknown, revoked or expired',
            );
          return current;
        },
      });
      const transport = new LineTransport(process.stdin, process.stdout, (line) =>
        process.stderr.write(`${line}\n`),
      );
      const closed = new Promise<void>((resolve) => {
        transport.onclose = resolve;
      });
      await connectToolServer(server, transport);
      await closed;
      await server.close();
      return 0;
    } finally {
      await store.close();
    }
  },
};
