/** A counting semaphore: at most `permits` holders at once, the others wait in arrival order. */

export class Semaphore {
  readonly #permits: number;
  #held = 0;
  #peakHeld = 0;
  #peakWaiting = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(permits: number) {
    this.#permits = permits;
  }

  /** Resolves with the release function once a permit is held; call it once (later calls do nothing). */
  async acquire(): Promise<() => void> {
    if (this.#held < this.#permits) this.#peakHeld = Math.max(this.#peakHeld, ++this.#held);
    // The releaser hands its permit straight over (held stays the same), so new arrivals cannot overtake.
    else {
      const queued = new Promise<void>((resolve) => this.#waiting.push(resolve));
      this.#peakWaiting = Math.max(this.#peakWaiting, this.#waiting.length);
      await queued;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#held--;
    };
  }

  /** Permits held right now. */
  get held(): number {
    return this.#held;
  }

  /** The most permits held and callers waiting at once since the last call (and resets both). */
  takePeaks(): { held: number; waiting: number } {
    const peaks = { held: this.#peakHeld, waiting: this.#peakWaiting };
    this.#peakHeld = this.#held;
    this.#peakWaiting = this.#waiting.length;
    return peaks;
  }

  /** Callers waiting for a permit right now. */
  get waiting(): number {
    return this.#waiting.length;
  }
}
