/**
 * The OAuth edges: the authorization server (oidc-provider, mounted at /oauth and the RFC 8414 metadata path),
 * the RFC 9728 protected-resource metadata of the tool server, and the session routes behind the console's
 * consent page and connected applications.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { App } from '../http/app-type.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { principalOf, sessionOnly } from '../tenancy/route-auth.ts';
import type { OAuthService } from './oauth.service.ts';
import {
  Connection,
  ConnectionParams,
  Consent,
  ConsentAnswer,
  InteractionParams,
  ProtectedResourceMetadata,
} from './oauth.schemas.ts';
import { MCP_SCOPES, OAUTH_MOUNT, originFor } from './provider.ts';

export interface OAuthRouteDeps {
  oauth: OAuthService;
  publicOrigins: readonly string[];
  /** The tool server's path (/api/v1/mcp). */
  resourcePath: string;
  /** Dynamic registrations allowed per client address and hour (a flood is answered 429). */
  registrationsPerHour?: number;
}

const HOUR_MS = 3_600_000;

/** The library reads the raw request; it needs the mount path it was reached under (Express' originalUrl). */
type MountedRequest = IncomingMessage & { originalUrl?: string };

/** Routes outside /api/v1: the authorization server and the well-known metadata. */
export async function oauthServerRoutes(app: App, deps: OAuthRouteDeps): Promise<void> {
  // The library parses its own bodies (form-encoded token requests, JSON registrations): leave the stream alone.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const provider = await deps.oauth.provider();
  const callback = provider.callback();
  const registrations = new LRUCache<string, number>({ max: 10_000, ttl: HOUR_MS });
  const perHour = deps.registrationsPerHour ?? 20;

  const forward = (request: FastifyRequest, reply: FastifyReply, path: string, originalUrl?: string) => {
    const raw = request.raw as MountedRequest;
    raw.originalUrl = originalUrl ?? raw.url;
    raw.url = path;
    reply.hijack();
    callback(raw, reply.raw);
  };

  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${OAUTH_MOUNT}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.raw.url!.slice(OAUTH_MOUNT.length);
      if (request.method === 'POST' && path.split('?')[0] === '/reg') {
        const used = registrations.get(request.ip) ?? 0;
        if (used >= perHour) {
          return reply
            .status(429)
            .header('retry-after', String(HOUR_MS / 1000))
            .send({
              error: 'too_many_requests',
              error_description: `At most ${perHour} client registrations per address and hour`,
            });
        }
        registrations.set(request.ip, used + 1, { noUpdateTTL: used > 0 });
      }
      forward(request, reply, path);
    },
  });
  // RFC 8414 at the issuer's root; the library answers it, endpoints named under the mount path.
  app.route({
    method: ['GET', 'OPTIONS'],
    url: '/.well-known/oauth-authorization-server',
    schema: { hide: true },
    handler: async (request, reply) =>
      forward(
        request,
        reply,
        '/.well-known/oauth-authorization-server',
        `${OAUTH_MOUNT}/.well-known/oauth-authorization-server`,
      ),
  });

  // RFC 9728: the tool server's metadata, for the host the client reached.
  const metadata = async (request: FastifyRequest) => {
    const origin = originFor(deps.publicOrigins, request.headers.host);
    return {
      resource: `${origin}${deps.resourcePath}`,
      authorization_servers: [deps.publicOrigins[0]!],
      scopes_supported: [...MCP_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Bulwark tool server',
    };
  };
  const schema = { hide: true, response: { 200: ProtectedResourceMetadata } };
  app.get(`/.well-known/oauth-protected-resource${deps.resourcePath}`, { schema }, metadata);
  app.get('/.well-known/oauth-protected-resource', { schema }, metadata);
}

const anyone = sessionOnly('viewer');
const tags = ['oauth'];

/** Session routes under /api/v1: the consent page's request, approve and deny; connected applications. */
export async function oauthSessionRoutes(app: App, { oauth }: { oauth: OAuthService }): Promise<void> {
  app.get(
    '/oauth/requests/:uid',
    {
      config: anyone,
      schema: {
        tags,
        summary: 'A pending authorization request, as the consent page shows it',
        description:
          'Session-only. The client, its redirect host, the scopes it asks for and those the signed-in ' +
          "person's role allows (what approving grants). Unknown or expired: 404 NOT_FOUND.",
        params: InteractionParams,
        response: { 200: envelopeOf(Consent) },
      },
    },
    async (request) => ok(await oauth.consent(request.params.uid, principalOf(request))),
  );

  app.post(
    '/oauth/requests/:uid/approve',
    {
      config: anyone,
      schema: {
        tags,
        summary: 'Approve an authorization request as the signed-in person',
        description:
          'Session-only (X-CSRF-Token). Grants the requested scopes the role allows and refuses the rest; the ' +
          'browser then goes to redirectTo, and the authorization server returns to the client with a code.',
        params: InteractionParams,
        response: { 200: envelopeOf(ConsentAnswer) },
      },
    },
    async (request) => ok(await oauth.approve(request.params.uid, principalOf(request))),
  );

  app.post(
    '/oauth/requests/:uid/deny',
    {
      config: anyone,
      schema: {
        tags,
        summary: 'Deny an authorization request',
        description:
          'Session-only (X-CSRF-Token). The client receives error=access_denied at its redirect URI.',
        params: InteractionParams,
        response: { 200: envelopeOf(ConsentAnswer) },
      },
    },
    async (request) => ok(await oauth.deny(request.params.uid)),
  );

  app.get(
    '/oauth/connections',
    {
      config: anyone,
      schema: {
        tags,
        summary: 'The applications the signed-in person connected',
        description: 'Session-only. One entry per grant: client, scopes, when it was granted and last used.',
        response: { 200: envelopeOf(z.array(Connection)) },
      },
    },
    async (request) => ok(await oauth.connections(principalOf(request))),
  );

  app.delete(
    '/oauth/connections/:id',
    {
      config: anyone,
      schema: {
        tags,
        summary: 'Disconnect an application',
        description:
          'Session-only (X-CSRF-Token). Ends the grant and every code and token issued under it; its next ' +
          "request is refused. Another person's or organisation's grant: 404 NOT_FOUND.",
        params: ConnectionParams,
        response: { 200: envelopeOf(z.object({ id: z.string(), revoked: z.literal(true) })) },
      },
    },
    async (request) => {
      await oauth.revokeConnection(principalOf(request), request.params.id);
      return ok({ id: request.params.id, revoked: true as const });
    },
  );
}
