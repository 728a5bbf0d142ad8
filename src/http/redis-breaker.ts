/**
 * Whether to ask Redis now: its connection, plus a circuit breaker for a Redis that keeps the connection open but
 * stops answering (stopped, overloaded). docs/resilience.md, "Redis unreachable or stalled".
 */

/** A rate-limit reply later than this counts as a failure; the request is counted in memory at once. */
export const REDIS_REPLY_TIMEOUT_MS = 200;
/** After a failure Redis is left alone this long; then one request tries it again (half-open). */
export const REDIS_BREAKER_OPEN_MS = 5_000;

export interface RedisStatus {
  /** Whether rate limits are shared through Redis right now; false while it is unreachable or stalled. */
  readonly up: boolean;
}

export interface RedisGuard extends RedisStatus {
  /**
   * Whether this command goes to Redis: `ask` (closed: wait for its answer), `probe` (half-open: send it to learn
   * whether Redis answers again, but count this request in memory without waiting), or `skip`.
   */
  allow(): 'ask' | 'probe' | 'skip';
  succeeded(): void;
  failed(error: Error): void;
}

export interface RedisWatchOptions {
  onDown: (error: Error) => void;
  onUp: () => void;
}

/**
 * A stopped Redis (SIGSTOP: the connection stays open, nothing answers) used to cost every request ioredis's
 * 500 ms command timeout, twice (the failed-authentication read and the count): p50 went from 6 ms to 1,007 ms
 * and /readyz still said ready. Now the first requests wait at most REDIS_REPLY_TIMEOUT_MS, the breaker opens,
 * and every request is counted in memory without asking Redis until a probe sent after REDIS_BREAKER_OPEN_MS
 * (by a request that does not wait for it) gets an answer. Connection events (ioredis reconnects by itself) still count: a lost connection is down, a new
 * one closes the breaker.
 */
export class RedisBreaker implements RedisGuard {
  #connected: boolean;
  #openUntil = 0;
  #probing = false;
  #reported: boolean;
  readonly #options: RedisWatchOptions;
  readonly #openMs: number;
  readonly #now: () => number;

  constructor(
    connected: boolean,
    options: RedisWatchOptions,
    timing: { openMs?: number; now?: () => number } = {},
  ) {
    this.#connected = connected;
    this.#options = options;
    this.#openMs = timing.openMs ?? REDIS_BREAKER_OPEN_MS;
    this.#now = timing.now ?? (() => performance.now());
    // Not connected when the app starts (Redis down at boot): that is the start of an outage too.
    this.#reported = !connected;
    if (this.#reported) options.onDown(new Error('not connected'));
  }

  get up(): boolean {
    return this.#connected && this.#openUntil === 0;
  }

  allow(): 'ask' | 'probe' | 'skip' {
    if (!this.#connected) return 'skip';
    if (this.#openUntil === 0) return 'ask';
    if (this.#probing || this.#now() < this.#openUntil) return 'skip';
    this.#probing = true;
    return 'probe';
  }

  succeeded(): void {
    this.#probing = false;
    if (this.#openUntil === 0) return;
    this.#openUntil = 0;
    this.#recovered();
  }

  failed(error: Error): void {
    this.#probing = false;
    this.#openUntil = this.#now() + this.#openMs;
    this.#down(error);
  }

  /** The client connected (again). */
  connected(): void {
    this.#connected = true;
    this.#openUntil = 0;
    this.#probing = false;
    this.#recovered();
  }

  /** The client lost its connection (`error` carries why, when it says). */
  disconnected(error?: Error): void {
    this.#connected = false;
    if (error) this.#down(error);
  }

  #down(error: Error): void {
    if (this.#reported) return;
    this.#reported = true;
    this.#options.onDown(error);
  }

  #recovered(): void {
    if (!this.#reported || !this.up) return;
    this.#reported = false;
    this.#options.onUp();
  }
}
