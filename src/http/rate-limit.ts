/** Per-token (or per-address) rate limits with RateLimit-* headers, shared through Redis when configured. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './app-type.ts';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { fallbackStore, type RedisStatus } from './rate-limit-store.ts';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Shared budget across instances; in-memory per process when absent or unreachable. */
  redis?: Redis;
  redisStatus?: RedisStatus;
}

/** Failed authentications allowed per client address and minute before 429 (docs/resilience.md). */
export const AUTH_FAILURES_PER_MINUTE = 100;

export interface RateLimits {
  /** Counts `calls` more requests of this caller (an MCP batch); throws RATE_LIMITED when over the limit. */
  charge(request: FastifyRequest, reply: FastifyReply, calls: number): Promise<void>;
  /** Throws RATE_LIMITED when this client address has failed authentication too often. */
  checkAuthFailures(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  recordAuthFailure(request: FastifyRequest): Promise<void>;
}

const limited = (reply: FastifyReply, max: number, ttlSeconds: number, what: string): AppError => {
  void reply
    .header('ratelimit-limit', max)
    .header('ratelimit-remaining', 0)
    .header('ratelimit-reset', ttlSeconds)
    .header('retry-after', ttlSeconds);
  return new AppError('RATE_LIMITED', 429, `${what}; retry in ${ttlSeconds} s`);
};

/**
 * Per-token (or per-session) limits on authenticated routes (the auth hook runs first, so the key is the token or
 * session id); public
 * routes are keyed by client address. Draft-spec headers: RateLimit-Limit/Remaining/Reset and Retry-After.
 */
export async function installRateLimit(app: App, options: RateLimitOptions): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    enableDraftSpec: true,
    store: fallbackStore(options.redis, options.redisStatus, 'bulwark-rl:'),
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

  const perCaller = app.createRateLimit();
  const authFailures = app.createRateLimit({
    max: AUTH_FAILURES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `authfail:${request.ip}`,
  });

  return {
    async charge(request, reply, calls) {
      for (let i = 0; i < calls; i++) {
        const hit = await perCaller(request);
        if (hit.isAllowed) return;
        void reply.header('ratelimit-remaining', hit.remaining).header('ratelimit-reset', hit.ttlInSeconds);
        if (hit.isExceeded)
          throw limited(reply, hit.max, hit.ttlInSeconds, `Rate limit of ${hit.max} requests exceeded`);
      }
    },
    async checkAuthFailures(request, reply) {
      const hit = await authFailures(request, { increment: false });
      if (!hit.isAllowed && hit.remaining === 0)
        throw limited(reply, hit.max, hit.ttlInSeconds, 'Too many failed authentications from this address');
    },
    async recordAuthFailure(request) {
      await authFailures(request);
    },
  };
}
