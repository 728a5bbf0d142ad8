/** OAuth access tokens at the HTTP edge: accepted on the tool server only, and its RFC 9728 401 challenge. */
import type { FastifyRequest } from 'fastify';
import type { OAuthBearer } from '../tenancy/route-auth.ts';
import type { OAuthService } from './oauth.service.ts';
import { originFor } from './provider.ts';

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0]!;

/**
 * OAuth tokens are bound to the tool server (their resource): on any other route they are unknown tokens (401).
 * The tool server's 401 names its protected-resource metadata, where an MCP client starts the authorization.
 */
export function mcpOAuthBearer(oauth: OAuthService, mcpPath: string): OAuthBearer {
  return {
    authenticate: async (secret, request) =>
      pathOf(request) === mcpPath ? oauth.authenticate(secret, request.headers.host) : undefined,
    challenge: (request) => {
      if (pathOf(request) !== mcpPath) return undefined;
      const origin = originFor(oauth.publicOrigins, request.headers.host);
      return `Bearer realm="bulwark", resource_metadata="${origin}/.well-known/oauth-protected-resource${mcpPath}"`;
    },
  };
}
