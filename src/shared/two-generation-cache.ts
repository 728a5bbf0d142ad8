/**
 * A bounded cache for look-ups on hot paths: two generations of plain Maps. New and re-used entries go to the
 * young one; when it holds half the bound it becomes the old one and the previous old one is dropped, so at most
 * `max` entries are held and an entry used since the last turnover survives the next. Only approximately least
 * recently used, but a look-up is one or two Map reads: lru-cache's `get` (its options, recency list and status)
 * cost 316 ms of a warm 100,000-component matched upload's main thread, for ≈ 200,000 look-ups of parsed
 * versions and candidates (BENCHMARKS.md, "Vulnerability matching").
 */
export class TwoGenerationCache<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #half: number;

  constructor(max: number) {
    this.#half = Math.max(1, Math.floor(max / 2));
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    this.#young.set(key, value);
    if (this.#young.size >= this.#half) {
      this.#old = this.#young;
      this.#young = new Map();
    }
  }

  clear(): void {
    this.#young = new Map();
    this.#old = new Map();
  }

  /** Entries held (a key in both generations counts once). */
  get size(): number {
    let size = this.#young.size;
    for (const key of this.#old.keys()) if (!this.#young.has(key)) size++;
    return size;
  }
}
