/** Per-token (or per-address) rate limits with RateLimit-* headers, shared through Redis when configured. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './app-type.ts';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { fallbackStore, MemoryCounters, type RedisGuard } from './rate-limit-store.ts';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Shared budget across instances; in-memory per process when absent or unreachable. */
  redis?: Redis;
  redisStatus?: RedisGuard;
  /** How long a Redis reply is waited for (REDIS_REPLY_TIMEOUT_MS when absent; tests on a loaded machine). */
  redisReplyTimeoutMs?: number;
}

/** Failed authentications allowed per client address and minute before 429 (docs/resilience.md). */
export const AUTH_FAILURES_PER_MINUTE = 100;

export interface RateLimits {
  /** Counts `calls` more requests of this caller (an MCP batch); throws RATE_LIMITED when over the limit. */
  charge(request: FastifyRequest, reply: FastifyReply, calls: number): Promise<void>;
  /**
   * Throws RATE_LIMITED when this client address has failed authentication too often. Synchronous when the
   * counters are in memory (no Redis configured), a promise otherwise; so is `recordAuthFailure`.
   */
  checkAuthFailures(request: FastifyRequest, reply: FastifyReply): void | Promise<void>;
  recordAuthFailure(request: FastifyRequest): void | Promise<void>;
}

const limited = (reply: FastifyReply, max: number, ttlSeconds: number, what: string): AppError => {
  void reply
    .header('ratelimit-limit', max)
    .header('ratelimit-remaining', 0)
    .header('ratelimit-reset', ttlSeconds)
    .header('retry-after', ttlSeconds);
  return new AppError('RATE_LIMITED', 429, `${what}; retry in ${ttlSeconds} s`);
};

/** What one count (or read) of a caller's window says; the shape @fastify/rate-limit's limiters answer with. */
type LimitHit =
  | { isAllowed: true }
  | { isAllowed: false; max: number; remaining: number; ttlInSeconds: number; isExceeded: boolean };

// Probes and scrapes must never be throttled.
const ALLOWED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const allowList = (request: FastifyRequest): boolean => ALLOWED_PATHS.has(request.url.split('?')[0]!);

const callerKey = (request: FastifyRequest): string => {
  const principal = request.principal;
  if (!principal) return `ip:${request.ip}`;
  return principal.tokenId ? `tok:${principal.tokenId}` : `ses:${principal.session?.id}`;
};

const exceededMessage = (max: number, ttlInSeconds: number): string =>
  `Rate limit of ${max} requests per ${humanDuration(ttlInSeconds * 1000)} exceeded; retry later`;

/**
 * Per-token (or per-session) limits on authenticated routes (the auth hook runs first, so the key is the token or
 * session id); public routes are keyed by client address. Draft-spec headers: RateLimit-Limit/Remaining/Reset and
 * Retry-After.
 *
 * With Redis this is @fastify/rate-limit over the Redis-or-memory store (rate-limit-store.ts). Without Redis the
 * counters can only ever be this process's memory, and the plugin's hook would still await a promise around a
 * synchronous counter on every request (and once more for the auth-failure check of every authenticated request):
 * `installMemoryRateLimit` does the same counting, headers and 429 without awaiting. Both answer identically
 * (rate-limit.test.ts runs one sequence against each).
 */
export async function installRateLimit(app: App, options: RateLimitOptions): Promise<RateLimits> {
  return options.redis ? installPluginRateLimit(app, options) : installMemoryRateLimit(app, options);
}

async function installPluginRateLimit(app: App, options: RateLimitOptions): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    enableDraftSpec: true,
    store: fallbackStore(options.redis, options.redisStatus, 'bulwark-rl:', options.redisReplyTimeoutMs),
    allowList,
    keyGenerator: callerKey,
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
  return rateLimits(perCaller, authFailures);
}

function rateLimits(
  perCaller: (request: FastifyRequest) => LimitHit | Promise<LimitHit>,
  authFailures: (request: FastifyRequest, options?: { increment: boolean }) => LimitHit | Promise<LimitHit>,
): RateLimits {
  const refuseFailures = (reply: FastifyReply, hit: LimitHit): void => {
    if (!hit.isAllowed && hit.remaining === 0)
      throw limited(reply, hit.max, hit.ttlInSeconds, 'Too many failed authentications from this address');
  };
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
    checkAuthFailures(request, reply) {
      const hit = authFailures(request, { increment: false });
      return hit instanceof Promise ? hit.then((h) => refuseFailures(reply, h)) : refuseFailures(reply, hit);
    },
    recordAuthFailure(request) {
      const hit = authFailures(request);
      return hit instanceof Promise ? hit.then(() => undefined) : undefined;
    },
  };
}

/**
 * The same limits as the plugin's, counted in this process's memory without a promise: a route-level onRequest hook
 * added to every route as the plugin adds its own (so unmatched URLs and the other hooks' order are unchanged).
 */
function installMemoryRateLimit(app: App, options: RateLimitOptions): RateLimits {
  const counters = new MemoryCounters();
  const max = Math.trunc(options.max);
  const windowMs = Math.trunc(options.windowMs);
  const limiter =
    (keyOf: (request: FastifyRequest) => string, limit: number, window: number) =>
    (request: FastifyRequest, callOptions?: { increment: boolean }): LimitHit => {
      const key = keyOf(request);
      if (allowList(request)) return { isAllowed: true };
      const { current, ttl } = counters.hit(key, window, callOptions?.increment !== false);
      return {
        isAllowed: false,
        max: limit,
        remaining: Math.max(0, limit - current),
        ttlInSeconds: Math.ceil(ttl / 1000),
        isExceeded: current > limit,
      };
    };
  const perCaller = limiter(callerKey, max, windowMs);
  const authFailures = limiter((request) => `authfail:${request.ip}`, AUTH_FAILURES_PER_MINUTE, 60_000);

  const hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const hit = perCaller(request);
    if (hit.isAllowed) return done();
    if (!hit.isExceeded) {
      void reply
        .header('ratelimit-limit', hit.max)
        .header('ratelimit-remaining', hit.remaining)
        .header('ratelimit-reset', hit.ttlInSeconds);
      return done();
    }
    void reply
      .header('ratelimit-limit', hit.max)
      .header('ratelimit-remaining', 0)
      .header('ratelimit-reset', hit.ttlInSeconds)
      .header('retry-after', hit.ttlInSeconds);
    done(new AppError('RATE_LIMITED', 429, exceededMessage(hit.max, hit.ttlInSeconds)));
  };
  app.addHook('onRoute', (route) => {
    if (Array.isArray(route.onRequest)) route.onRequest.push(hook);
    else route.onRequest = route.onRequest ? [route.onRequest, hook] : [hook];
  });
  return rateLimits(perCaller, authFailures);
}

/** The plugin's wording of a window (its `context.after`): "1 minute", "45 seconds", "2 hours", "500 ms". */
function humanDuration(ms: number): string {
  const units: Array<[number, string]> = [
    [365.25 * 86_400_000, 'year'],
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  if (ms < 1000) return `${ms} ms`;
  const [size, name] = units.find(([unit]) => ms >= unit)!;
  const value = ms / size;
  const n = (value | 0) === value ? value : ~~(value + 0.5);
  return `${n} ${name}${n !== 1 ? 's' : ''}`;
}
