/** Authentication and authorisation of routes: bearer tokens or sessions, scopes, plan features. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Feature, Scope } from './plans.ts';
import { roleAtLeast, type Role } from './roles.ts';
import { csrfMatches, type SessionService } from './session.service.ts';
import type { TokenService } from './token.service.ts';
import { hasFeature, type Principal } from './principal.ts';
import { readSessionCookie } from '../http/session-cookie.ts';

/** A public-API route: an API token with the scope, or a session whose role grants it (docs/sessions.md). */
export interface ScopedAuth {
  scope: Scope;
  feature?: Feature;
  /** The upload answers a missing scope with FORBIDDEN (docs/contract.md, Errors); everything else INSUFFICIENT_SCOPE. */
  scopeErrorCode?: 'FORBIDDEN' | 'INSUFFICIENT_SCOPE';
  /** A session also needs at least this role (policies and license groups are written by admins). */
  sessionRole?: Role;
}

/** A session-only route: API tokens get 403 FORBIDDEN, a session needs at least `role`. */
export interface SessionOnlyAuth {
  sessionOnly: true;
  role: Role;
  /** Answers a session whose second factor must be enrolled first (sign-out, who am I, enrolment). */
  duringEnrolment?: boolean;
}

/** What a route needs from its caller; routes without it are public. */
export type RouteAuth = ScopedAuth | SessionOnlyAuth;

/**
 * Route config for a session-only endpoint (management: tokens, users, organisation settings, webhooks):
 * `app.get('/webhooks', { config: sessionOnly('admin'), schema }, handler)`. A bearer token is answered with
 * 403 FORBIDDEN, a session below `role` too; cookie-authenticated writes need X-CSRF-Token.
 */
export const sessionOnly = (
  role: Role,
  options: { duringEnrolment?: boolean } = {},
): { auth: SessionOnlyAuth } => ({
  auth: { sessionOnly: true, role, ...options },
});

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

const CHALLENGE = 'Bearer realm="bulwark"';
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function unauthorized(code: 'UNAUTHORIZED' | 'INVALID_TOKEN', message: string): AppError {
  return new AppError(code, 401, message);
}

/**
 * Resolves the bearer token of a request. Missing header or another scheme → UNAUTHORIZED;
 * a bearer token that is malformed, unknown, revoked or expired → INVALID_TOKEN.
 */
export async function authenticateRequest(
  tokens: TokenService,
  authorization: string | undefined,
  otherTokens?: (secret: string) => Promise<Principal | undefined>,
): Promise<Principal> {
  if (!authorization)
    throw unauthorized('UNAUTHORIZED', 'Authorization header with a Bearer token is required');
  const match = BEARER.exec(authorization);
  if (!match) throw unauthorized('UNAUTHORIZED', 'Authorization header must use the Bearer scheme');
  const principal = (await tokens.authenticate(match[1]!)) ?? (await otherTokens?.(match[1]!));
  if (!principal)
    throw unauthorized('INVALID_TOKEN', 'The bearer token is malformed, unknown, revoked or expired');
  return principal;
}

/**
 * Order of checks: token or session (401) → session-only / plan feature (403 FORBIDDEN) → scope or role (403).
 * Validation and existence follow.
 */
export function authorize(principal: Principal, auth: RouteAuth): void {
  if (principal.session?.restriction && !('sessionOnly' in auth && auth.duringEnrolment))
    throw new AppError(
      'MFA_ENROLMENT_REQUIRED',
      403,
      'The organisation requires a second factor: enrol one (POST /session/mfa) before anything else',
    );
  if ('sessionOnly' in auth) {
    if (!principal.session)
      throw new AppError('FORBIDDEN', 403, 'This endpoint does not accept API tokens; sign in instead');
    if (!roleAtLeast(principal.session.role, auth.role))
      throw new AppError(
        'FORBIDDEN',
        403,
        `The role ${principal.session.role} may not do this (needs ${auth.role})`,
      );
    return;
  }
  if (auth.feature && !hasFeature(principal, auth.feature)) {
    throw new AppError(
      'FORBIDDEN',
      403,
      `The organisation's plan does not include the feature ${auth.feature}`,
    );
  }
  if (!principal.scopes.has(auth.scope)) {
    throw new AppError(
      auth.scopeErrorCode ?? 'INSUFFICIENT_SCOPE',
      403,
      principal.session
        ? `The role ${principal.session.role} does not allow ${auth.scope}`
        : `The token lacks the scope ${auth.scope}`,
    );
  }
  if (auth.sessionRole && principal.session && !roleAtLeast(principal.session.role, auth.sessionRole))
    throw new AppError(
      'FORBIDDEN',
      403,
      `The role ${principal.session.role} may not do this (needs ${auth.sessionRole})`,
    );
}

/**
 * A signed-in person's cookie. Used only when no Authorization header is present (a header always wins, so a
 * script's token is never mixed up with a browser's session).
 */
async function authenticateSession(
  sessions: SessionService,
  request: FastifyRequest,
  cookie: string,
): Promise<Principal> {
  const principal = await sessions.resolve(cookie);
  if (!principal?.session)
    throw unauthorized('UNAUTHORIZED', 'The session has expired or was signed out; sign in again');
  // A cross-site page can make the browser send the cookie, but cannot read the token to send it back.
  if (
    UNSAFE_METHODS.has(request.method) &&
    !csrfMatches(principal.session.csrfToken, headerValue(request.headers['x-csrf-token']))
  ) {
    throw new AppError('FORBIDDEN', 403, 'X-CSRF-Token header missing or wrong for this session');
  }
  return principal;
}

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Failed authentications are limited per client address (docs/resilience.md). */
export interface AuthFailureLimit {
  /** Synchronous (undefined) when the counters are in memory; a promise when they are in Redis. */
  checkAuthFailures(request: FastifyRequest, reply: FastifyReply): void | Promise<void>;
  recordAuthFailure(request: FastifyRequest): void | Promise<void>;
}

/**
 * Bearer tokens other than API tokens: OAuth access tokens, which the tool server alone accepts (they are bound
 * to it as their resource), and its 401 challenge naming the protected-resource metadata (RFC 9728).
 */
export interface OAuthBearer {
  authenticate(secret: string, request: FastifyRequest): Promise<Principal | undefined>;
  /** The WWW-Authenticate value for a 401 of this request, or undefined for the default challenge. */
  challenge(request: FastifyRequest): string | undefined;
}

/**
 * The onRequest hook of authenticated routes. A callback hook: on SQLite a bearer token whose principal is cached
 * (nearly every request of a client) is answered without a promise; everything else (PostgreSQL, whose cache
 * hits wait for the store's barrier; a cookie, a token not cached, any failure, auth-failure counters in Redis)
 * takes the asynchronous path, which answers exactly as before.
 */
export function authHook(
  tokens: TokenService,
  sessions: SessionService,
  failures?: AuthFailureLimit,
  oauth?: OAuthBearer,
) {
  async function authenticateAsync(
    request: FastifyRequest,
    reply: FastifyReply,
    auth: RouteAuth,
    failuresChecked: void | Promise<void>,
  ): Promise<void> {
    await failuresChecked;
    const cookie = request.headers.authorization === undefined ? readSessionCookie(request) : undefined;
    try {
      request.principal =
        cookie === undefined
          ? await authenticateRequest(
              tokens,
              request.headers.authorization,
              oauth && ((secret) => oauth.authenticate(secret, request)),
            )
          : await authenticateSession(sessions, request, cookie);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        void reply.header('www-authenticate', oauth?.challenge(request) ?? CHALLENGE);
        await failures?.recordAuthFailure(request);
      }
      throw error;
    }
    authorize(request.principal, auth);
  }

  return function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    const auth = request.routeOptions.config.auth;
    if (!auth) return done();
    try {
      // Checked before the token, so that an address over the limit learns nothing about the tokens it tries.
      const failuresChecked = failures?.checkAuthFailures(request, reply);
      const authorization = request.headers.authorization;
      if (failuresChecked === undefined && authorization !== undefined) {
        const secret = BEARER.exec(authorization)?.[1];
        const principal = secret === undefined ? undefined : tokens.cachedPrincipal(secret);
        if (principal) {
          request.principal = principal;
          authorize(principal, auth);
          return done();
        }
      }
      authenticateAsync(request, reply, auth, failuresChecked).then(() => done(), done);
    } catch (error) {
      done(error as Error);
    }
  };
}

export const CHALLENGE_HEADER = CHALLENGE;

/** The principal of an authenticated route (the hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 401, 'Authentication required');
  return request.principal;
}
