/** Resolved principals by token hash, dropped whenever the store's change stamp moves. */
import { LRUCache } from 'lru-cache';
import type { ChangeBarrier, ChangeStamp } from '../db/change-stamp.ts';

interface Entry<T> {
  value: T;
  expiresAt: string | null;
}

interface Lookup<T> {
  /** The generation to pass to `set` after loading a miss. */
  generation: number | undefined;
  hit: Entry<T> | undefined;
}

/**
 * Resolved principals by token hash, so an authenticated request costs no store read. Everything is dropped as
 * soon as the store's change stamp moves (a token or organisation changed, here or in another process) or the
 * owner calls `invalidate`, and nothing is kept while the stamp is unknown. Callers check expiry on every hit.
 *
 * With a barrier (PostgreSQL, where another instance's change arrives as a notification some time after its
 * commit), a hit is trusted only after the barrier says every change committed before the lookup has moved the
 * stamp, so what another instance revoked before this request arrived is never served (docs/identity.md,
 * "Cached principals"). A miss needs no barrier: it reads the store.
 */
export class PrincipalCache<T> {
  readonly #stamp: ChangeStamp;
  readonly #barrier: ChangeBarrier | undefined;
  readonly #entries: LRUCache<string, Entry<T>>;
  #stampSeen: number | undefined;
  /** Moves on every drop: a load that started before it must not be stored after it. */
  #generation = 0;

  constructor(stamp: ChangeStamp, options: { barrier?: ChangeBarrier | undefined; limit?: number } = {}) {
    this.#stamp = stamp;
    this.#barrier = options.barrier;
    this.#entries = new LRUCache({ max: options.limit ?? 10_000 });
  }

  /** The entry for `key`, if any, up to date with every change committed before the call. */
  async lookup(key: string): Promise<Lookup<T>> {
    const first = this.#read(key);
    if (!first.hit || !this.#barrier) return first;
    // A failed barrier is a miss that is not stored: never a stale answer.
    if (!(await this.#barrier())) return { generation: undefined, hit: undefined };
    return this.#read(key);
  }

  /** Whether a hit can be trusted without waiting (no barrier: SQLite, whose stamp is exact when read). */
  get answersNow(): boolean {
    return this.#barrier === undefined;
  }

  /** The entry for `key` when it can be trusted without waiting (see `answersNow`); else the caller uses `lookup`. */
  trustedNow(key: string): Entry<T> | undefined {
    return this.#barrier ? undefined : this.#read(key).hit;
  }

  #read(key: string): Lookup<T> {
    const stamp = this.#stamp();
    if (stamp !== this.#stampSeen) {
      this.#stampSeen = stamp;
      this.invalidate();
    }
    if (stamp === undefined) return { generation: undefined, hit: undefined };
    return { generation: this.#generation, hit: this.#entries.get(key) };
  }

  set(key: string, generation: number | undefined, entry: Entry<T>): void {
    if (generation !== this.#generation) return;
    this.#entries.set(key, entry);
  }

  invalidate(): void {
    this.#entries.clear();
    this.#generation++;
  }
}
