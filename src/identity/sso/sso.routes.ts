/**
 * Single sign-on: the browser's way in (GET /session/sso → provider → /session/sso/callback) and the owner's
 * configuration (GET|PUT|DELETE /org/sso, POST /org/sso/test). docs/identity.md.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { App } from '../../http/app-type.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { principalOf, sessionOnly } from '../../tenancy/route-auth.ts';
import { setSessionCookie } from '../../http/session-cookie.ts';
import { ABSOLUTE_TIMEOUT_MS } from '../../tenancy/session.service.ts';
import type { OrganisationService } from '../../tenancy/organisation.service.ts';
import { evaluateClaims } from './sso-claims.ts';
import { ssoView, type SsoConfigService } from './sso-config.service.ts';
import { safeReturnPath, SsoRefusal, TEST_PREFIX, type SsoFlowService } from './sso-flow.service.ts';
import type { SsoSignInService } from './sso-sign-in.service.ts';
import {
  PutSsoBody,
  SsoBeginQuery,
  SsoCallbackQuery,
  SsoConfigView,
  SsoTestBody,
  SsoTestResult,
} from './sso.schemas.ts';

const BINDING_COOKIE = 'bulwark_sso';
const CALLBACK_PATH = '/api/v1/session/sso/callback';
const owner = sessionOnly('owner');
const tags = ['sso'];

export interface SsoRouteServices {
  organisations: OrganisationService;
  ssoConfigs: SsoConfigService;
  ssoFlow: SsoFlowService;
  ssoSignIn: SsoSignInService;
}

const callbackUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${CALLBACK_PATH}`;

function setBinding(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number) {
  void reply.header(
    'set-cookie',
    stringifySetCookie({
      name: BINDING_COOKIE,
      value,
      httpOnly: true,
      sameSite: 'lax',
      path: '/api/v1/session/sso',
      maxAge,
      secure: request.protocol === 'https',
    }),
  );
}

const refusedLocation = (error: SsoRefusal) =>
  `/sign-in?${new URLSearchParams({ error: error.reason, message: error.message })}`;

export async function ssoRoutes(app: App, services: SsoRouteServices): Promise<void> {
  const { organisations, ssoConfigs, ssoFlow, ssoSignIn } = services;

  app.get(
    '/session/sso',
    {
      schema: {
        tags,
        summary: 'Start single sign-on',
        description:
          "Redirects to the organisation's OpenID provider (authorization code, PKCE S256, state, nonce). " +
          'redirect is the console path to return to. A refusal redirects to /sign-in?error=<reason>.',
        querystring: SsoBeginQuery,
        security: [],
      },
    },
    async (request, reply) => {
      const { org: slug, redirect } = request.query;
      try {
        const org = await organisations.findBySlug(slug);
        if (!org) throw new SsoRefusal('sso_not_configured', 'This organisation has no single sign-on');
        const { url, binding } = await ssoFlow.begin(
          org.id,
          callbackUrlOf(request),
          safeReturnPath(redirect),
        );
        setBinding(request, reply, binding, 600);
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return reply.redirect(refusedLocation(error), 302);
        throw error;
      }
    },
  );

  app.get(
    '/session/sso/callback',
    {
      schema: {
        tags,
        summary: 'Single sign-on callback',
        description:
          "Where the provider sends the browser back. Checks state (once), PKCE, the ID token's signature, " +
          'issuer, audience, expiry and nonce; creates or updates the user with the role its groups give; sets ' +
          'the session cookie and redirects to the console page the sign-in started from, or to ' +
          '/sign-in?error=<reason>&message=<text>. Failures count for the sign-in throttle.',
        querystring: SsoCallbackQuery,
        security: [],
      },
    },
    async (request, reply) => {
      const binding = parseCookie(request.headers.cookie ?? '')[BINDING_COOKIE] || undefined;
      const outcome = await ssoSignIn.callback(
        new URL(request.url, `${request.protocol}://${request.host}`),
        binding,
        request.ip,
      );
      setBinding(request, reply, '', 0);
      if (outcome.kind === 'signed_in') {
        // Both cookies go out: the binding's removal and the session.
        const cleared = reply.getHeader('set-cookie');
        setSessionCookie(request, reply, outcome.secret, ABSOLUTE_TIMEOUT_MS / 1000);
        void reply.header('set-cookie', [String(cleared), String(reply.getHeader('set-cookie'))]);
      }
      void reply.header('cache-control', 'no-store');
      return reply.redirect(outcome.location, 302);
    },
  );

  app.get(
    '/org/sso',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Single sign-on configuration',
        description: 'The OpenID Connect configuration (the client secret is write-only). 404 when none.',
        response: { 200: envelopeOf(SsoConfigView) },
      },
    },
    async (request) => ok(ssoView(await ssoConfigs.get(principalOf(request).orgId))),
  );

  app.put(
    '/org/sso',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Configure single sign-on',
        description:
          'issuer, clientId, clientSecret (write-only; required the first time, kept when left out), scopes, ' +
          'groupsClaim ("groups"), roleMapping {group: role}, defaultRole (none: no access without a mapped ' +
          'group), enforced (password sign-in for owners only).',
        body: PutSsoBody,
        response: { 200: envelopeOf(SsoConfigView) },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      return ok(ssoView(await ssoConfigs.put(actor.orgId, actor.userId, request.body)));
    },
  );

  app.delete(
    '/org/sso',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Remove single sign-on',
        description: 'Password sign-in works again for everyone; users created by SSO keep their accounts.',
        response: { 200: envelopeOf(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      await ssoConfigs.remove(actor.orgId, actor.userId);
      return ok({ deleted: true as const });
    },
  );

  app.post(
    '/org/sso/test',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Dry run of single sign-on',
        description:
          "Reads the provider's discovery document and answers an authorizationUrl: signing in there shows " +
          'the claims and the role they give (in the console, /access/security) without signing anyone in. With ' +
          'claims in the body, also the role those claims would give. A provider that is down: 502.',
        body: SsoTestBody,
        response: { 200: envelopeOf(SsoTestResult) },
      },
    },
    async (request, reply) => {
      const { orgId } = principalOf(request);
      const config = await ssoConfigs.get(orgId);
      try {
        const server = (await ssoFlow.client(config)).serverMetadata();
        const { url, binding } = await ssoFlow.begin(
          orgId,
          callbackUrlOf(request),
          `${TEST_PREFIX}/access/security`,
        );
        setBinding(request, reply, binding, 600);
        return ok({
          discovery: {
            issuer: server.issuer,
            authorizationEndpoint: server.authorization_endpoint ?? '',
            tokenEndpoint: server.token_endpoint ?? '',
          },
          authorizationUrl: url,
          ...(request.body.claims ? { evaluation: evaluateClaims(config, request.body.claims) } : {}),
        });
      } catch (error) {
        if (error instanceof SsoRefusal)
          throw new AppError('PROVIDER_UNAVAILABLE', 502, error.message, {
            details: [{ path: 'issuer', message: error.reason }],
          });
        throw error;
      }
    },
  );
}
