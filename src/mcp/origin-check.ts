/** DNS-rebinding protection for /api/v1/mcp: a browser's Origin must be ours or one the operator allowed. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * An onRequest hook for the tool server's path, installed before authentication: a page on another site that
 * resolves its name to this server (DNS rebinding) makes the browser send its own Origin, so a request with an
 * Origin that is neither PUBLIC_URL's nor listed in MCP_ALLOWED_ORIGINS is refused (403) before any token is
 * looked at. Requests without Origin (assistants, CLIs, servers) are not browsers and pass.
 */
export function mcpOriginCheck(path: string, allowed: readonly string[]) {
  const origins = new Set(allowed.map((o) => o.toLowerCase()));
  return function checkOrigin(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    if (request.url !== path && !request.url.startsWith(`${path}?`) && !request.url.startsWith(`${path}/`))
      return done();
    const origin = request.headers.origin;
    if (origin === undefined || origins.has(origin.toLowerCase())) return done();
    done(
      new AppError(
        'FORBIDDEN',
        403,
        `Origin '${origin.slice(0, 200)}' may not call the tool server; allowed: PUBLIC_URL's origins and MCP_ALLOWED_ORIGINS`,
      ),
    );
  };
}
