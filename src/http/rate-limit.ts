import rateLimit from '@fastify/rate-limit';
import type { App } from './app-type.ts';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Shared budget across instances; in-memory per process when absent. */
  redis?: Redis;
}

/**
 * Per-token (or per-session) limits on authenticated routes (the auth hook runs first, so the key is the token or
 * session id); public
 * routes are keyed by client address. Draft-spec headers: RateLimit-Limit/Remaining/Reset and Retry-After.
 */
export async function installRateLimit(app: App, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    enableDraftSpec: true,
    nameSpace: 'bulwark-rl:',
    ...(options.redis ? { redis: options.redis } : {}),
    // Probes and scrapes must never be throttled.
    allowList: (request) => ['/healthz', '/readyz', '/metrics'].includes(request.url.split('?')[0]!),
    keyGenerator: (request) => {
      const principal = request.principal;
      if (!principal) return `ip:${request.ip}`;
      return principal.tokenId ? `tok:${principal.tokenId}` : `ses:${principal.session?.id}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        429,
        `Rate limit of ${context.max} requests per ${context.after} exceeded; retry later`,
      ),
  });
}
