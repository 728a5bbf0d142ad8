/**
 * Rate-limit counters: shared through Redis when it answers, in this instance's memory when it does not
 * (docs/resilience.md). Plugs into @fastify/rate-limit as its `store`.
 */
import type { Redis } from 'ioredis';
import {
  REDIS_REPLY_TIMEOUT_MS,
  RedisBreaker,
  type RedisGuard,
  type RedisWatchOptions,
} from './redis-breaker.ts';

interface Hit {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, hit?: Hit) => void;

/** A fixed window per key, kept in memory; the oldest keys go first when there are too many. */
export class MemoryCounters {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly #maxKeys: number;

  constructor(maxKeys = 100_000) {
    this.#maxKeys = maxKeys;
  }

  hit(key: string, windowMs: number, increment: boolean): Hit {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!increment) return { current: 0, ttl: 0 };
      this.#windows.delete(key);
      if (this.#windows.size >= this.#maxKeys) this.#windows.delete(this.#windows.keys().next().value!);
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    if (increment) window.count++;
    return { current: window.count, ttl: window.resetAt - now };
  }
}

// One round trip: count, start the window on the first hit, report what is left of it.
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;
const READ = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {current, ttl}`;

export type { RedisGuard, RedisStatus, RedisWatchOptions } from './redis-breaker.ts';

/**
 * Follows a Redis client's connection and answers through a circuit breaker (redis-breaker.ts): `onDown` once
 * when it becomes unreachable or stops answering (ioredis repeats its error on every reconnect attempt, which
 * used to flood stderr), `onUp` once when it is back. ioredis reconnects by itself; this only listens.
 */
export function watchRedis(redis: Redis, options: RedisWatchOptions): RedisGuard {
  const breaker = new RedisBreaker(redis.status === 'ready', options);
  redis.on('ready', () => breaker.connected());
  redis.on('error', (error: Error) => breaker.disconnected(error));
  redis.on('end', () => breaker.disconnected());
  redis.on('close', () => breaker.disconnected());
  return breaker;
}

/**
 * The @fastify/rate-limit store: Redis while the guard allows it, memory otherwise. A command that fails (the
 * connection dropped under it) or does not answer within `replyTimeoutMs` (REDIS_REPLY_TIMEOUT_MS) is counted in memory instead and
 * opens the breaker, so a request never waits long for Redis or fails because of it; the client is created
 * without an offline queue for the same reason.
 */
export function fallbackStore(
  redis: Redis | undefined,
  guard: RedisGuard | undefined,
  prefix: string,
  replyTimeoutMs = REDIS_REPLY_TIMEOUT_MS,
) {
  const memory = new MemoryCounters();
  type Scripted = Redis & {
    bulwarkRateIncr(key: string, windowMs: number): Promise<[number, number]>;
    bulwarkRateRead(key: string): Promise<[number, number]>;
  };
  if (redis && !('bulwarkRateIncr' in redis)) {
    redis.defineCommand('bulwarkRateIncr', { numberOfKeys: 1, lua: INCR });
    redis.defineCommand('bulwarkRateRead', { numberOfKeys: 1, lua: READ });
  }
  const count = (key: string, windowMs: number, increment: boolean, done: Done): void => {
    const local = (): void => done(null, memory.hit(key, windowMs, increment));
    const mode = redis && guard ? guard.allow() : 'skip';
    if (mode === 'skip') return local();
    const scripted = redis as Scripted;
    const reply = increment
      ? scripted.bulwarkRateIncr(prefix + key, windowMs)
      : scripted.bulwarkRateRead(prefix + key);
    // A probe of a Redis that was stalled: this request is counted in memory at once, the reply only tells the
    // breaker whether Redis answers again (so no request waits on a Redis that may still be stopped).
    const probe = mode === 'probe';
    if (probe) local();
    // Whichever comes first: the reply, its failure, or the timeout (a stalled Redis never answers).
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      guard!.failed(error);
      if (!probe) local();
    };
    const timer = setTimeout(() => fail(new Error(`no answer within ${replyTimeoutMs} ms`)), replyTimeoutMs);
    reply.then(([current, ttl]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      guard!.succeeded();
      if (!probe) done(null, { current, ttl });
    }, fail);
  };
  return class FallbackStore {
    incr(key: string, done: Done, windowMs: number): void {
      count(key, windowMs, true, done);
    }
    read(key: string, done: Done, windowMs: number): void {
      count(key, windowMs, false, done);
    }
    child(): FallbackStore {
      return this;
    }
  };
}

/** The two log lines of an outage: one when Redis goes away, one when it is back. */
export function redisLogging(log: {
  warn: (obj: object, msg: string) => void;
  info: (msg: string) => void;
}): RedisWatchOptions {
  return {
    onDown: (error) =>
      log.warn(
        { err: { message: error.message } },
        "Redis unreachable: rate limits fall back to this instance's memory until it reconnects",
      ),
    onUp: () => log.info('Redis reachable again: rate limits are shared again'),
  };
}
