/**
 * The back-pressure between the parser worker and the upload: a shared Int32Array the main thread counts the slices
 * it has taken in (and says when it gave up), and the worker waits on while SLICES_AHEAD of its slices are untaken.
 */

/** Index of the count of slices the main thread has taken. */
export const TAKEN = 0;
/** Index of a flag the main thread sets (1) when it stops reading the rows: the worker then stops. */
export const ABANDONED = 1;
/** Index of the count of slices the worker has sent (for tests and diagnostics). */
export const SENT = 2;
/** Index of a flag the worker sets (1) while it waits for a slice to be taken (for tests and diagnostics). */
export const WAITING = 3;

/**
 * Slices (≤ 4,000 rows, ≈ 1 MiB of text each) sent and not yet taken. Two would leave the store waiting whenever the
 * worker is slower for a slice; more than a few only hold memory, as the store is the slower side on both stores.
 */
export const SLICES_AHEAD = 3;

export const newProgress = (): Int32Array => new Int32Array(new SharedArrayBuffer(4 * 4));

export function took(progress: Int32Array): void {
  Atomics.add(progress, TAKEN, 1);
  Atomics.notify(progress, TAKEN);
}

export function abandoned(progress: Int32Array): void {
  Atomics.store(progress, ABANDONED, 1);
  Atomics.add(progress, TAKEN, 1);
  Atomics.notify(progress, TAKEN);
}
