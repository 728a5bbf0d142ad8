import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Feature, Scope } from '../tenancy/plans.ts';
import { hasFeature, type Principal, type TenancyService } from '../tenancy/tenancy.service.ts';

/** What a route needs from its caller; routes without it are public. */
export interface RouteAuth {
  scope: Scope;
  feature?: Feature;
  /** The upload answers a missing scope with FORBIDDEN (docs/contract.md, Errors); everything else INSUFFICIENT_SCOPE. */
  scopeErrorCode?: 'FORBIDDEN' | 'INSUFFICIENT_SCOPE';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

const CHALLENGE = 'Bearer realm="bulwark"';

export function unauthorized(code: 'UNAUTHORIZED' | 'INVALID_TOKEN', message: string): AppError {
  return new AppError(code, 401, message);
}

/**
 * Resolves the bearer token of a request. Missing header or another scheme → UNAUTHORIZED;
 * a bearer token that is malformed, unknown, revoked or expired → INVALID_TOKEN.
 */
export async function authenticateRequest(
  tenancy: TenancyService,
  authorization: string | undefined,
): Promise<Principal> {
  if (!authorization)
    throw unauthorized('UNAUTHORIZED', 'Authorization header with a Bearer token is required');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthorized('UNAUTHORIZED', 'Authorization header must use the Bearer scheme');
  const principal = await tenancy.authenticate(match[1]!);
  if (!principal)
    throw unauthorized('INVALID_TOKEN', 'The bearer token is malformed, unknown, revoked or expired');
  return principal;
}

/** Order of checks: token (401) → plan feature (403 FORBIDDEN) → scope (403). Validation and existence follow. */
export function authorize(principal: Principal, auth: RouteAuth): void {
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
      `The token lacks the scope ${auth.scope}`,
    );
  }
}

/** Failed authentications are limited per client address (docs/resilience.md). */
export interface AuthFailureLimit {
  checkAuthFailures(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  recordAuthFailure(request: FastifyRequest): Promise<void>;
}

export function authHook(tenancy: TenancyService, failures?: AuthFailureLimit) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    // Checked before the token, so that an address over the limit learns nothing about the tokens it tries.
    await failures?.checkAuthFailures(request, reply);
    try {
      request.principal = await authenticateRequest(tenancy, request.headers.authorization);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        void reply.header('www-authenticate', CHALLENGE);
        await failures?.recordAuthFailure(request);
      }
      throw error;
    }
    authorize(request.principal, auth);
  };
}

export const CHALLENGE_HEADER = CHALLENGE;

/** The principal of an authenticated route (the hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 401, 'Authentication required');
  return request.principal;
}
