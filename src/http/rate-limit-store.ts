/**
 * Rate-limit counters: shared through Redis when it answers, in this instance's memory when it does not
 * (docs/resilience.md). Plugs into @fastify/rate-limit as its `store`.
 */
import type { Redis } from 'ioredis';

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

export interface RedisStatus {
  /** Whether the last word from Redis was good; false while it is unreachable. */
  readonly up: boolean;
}

export interface RedisWatchOptions {
  onDown: (error: Error) => void;
  onUp: () => void;
}

/**
 * Follows a Redis client's connection: `onDown` once when it becomes unreachable (ioredis repeats its error
 * on every reconnect attempt, which used to flood stderr), `onUp` once when it is back. ioredis reconnects by
 * itself; this only listens.
 */
export function watchRedis(redis: Redis, options: RedisWatchOptions): RedisStatus {
  const status = { up: redis.status === 'ready' };
  // Not connected when the app starts (Redis down at boot): that is the start of an outage too.
  let reported = !status.up;
  if (reported) options.onDown(new Error(`not connected (${redis.status})`));
  redis.on('ready', () => {
    if (!status.up && reported) options.onUp();
    status.up = true;
    reported = false;
  });
  redis.on('error', (error: Error) => {
    status.up = false;
    if (!reported) options.onDown(error);
    reported = true;
  });
  redis.on('end', () => (status.up = false));
  redis.on('close', () => (status.up = false));
  return status;
}

/**
 * The @fastify/rate-limit store: Redis while the client is connected, memory otherwise. A command that fails
 * (the connection dropped under it) is counted in memory instead, so a request never waits for Redis or fails
 * because of it; the client is created without an offline queue for the same reason.
 */
export function fallbackStore(redis: Redis | undefined, status: RedisStatus | undefined, prefix: string) {
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
    if (!redis || !status?.up) return local();
    const scripted = redis as Scripted;
    const reply = increment
      ? scripted.bulwarkRateIncr(prefix + key, windowMs)
      : scripted.bulwarkRateRead(prefix + key);
    reply.then(([current, ttl]) => done(null, { current, ttl }), local);
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
