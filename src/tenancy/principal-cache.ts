/** Resolved principals by token hash, dropped whenever the store's change stamp moves. */
import { LRUCache } from 'lru-cache';
import type { ChangeStamp } from '../db/change-stamp.ts';

interface Entry<T> {
  value: T;
  expiresAt: string | null;
}

/**
 * Resolved principals by token hash, so an authenticated request costs no store round trip. Everything is
 * dropped as soon as the store's change stamp moves (a token or organisation changed, here or in another
 * process) or the owner calls `invalidate`, and nothing is kept while the stamp is unknown. Callers check
 * expiry on every hit.
 */
export class PrincipalCache<T> {
  readonly #stamp: ChangeStamp;
  readonly #entries: LRUCache<string, Entry<T>>;
  #stampSeen: number | undefined;
  /** Moves on every drop: a load that started before it must not be stored after it. */
  #generation = 0;

  constructor(stamp: ChangeStamp, limit = 10_000) {
    this.#stamp = stamp;
    this.#entries = new LRUCache({ max: limit });
  }

  /** The cached entry, if any, and the generation to pass to `set` after loading a miss. */
  get(key: string): { generation: number | undefined; hit: Entry<T> | undefined } {
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
