/**
 * At most MAX_CONCURRENT_LARGE_UPLOADS large uploads (and scans) in progress per instance: each holds its file,
 * the parser's rows and its matching in memory, so a burst of 50 MiB uploads could exhaust the process. A large one
 * over the limit is answered 503 SERVER_BUSY with Retry-After at once, before its body is read (docs/resilience.md,
 * "Large uploads"); small ones never wait.
 */
import { AppError } from '../errors.ts';
import { INLINE_BELOW } from './worker-parser.ts';

/** Seconds a refused client is asked to wait: about what a 50 MiB upload takes on a quiet 2-core machine. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export class LargeUploadGate {
  readonly #permits: number;
  readonly #largeFrom: number;
  #inProgress = 0;

  constructor(permits: number, largeFrom = INLINE_BELOW) {
    this.#permits = permits;
    this.#largeFrom = largeFrom;
  }

  /**
   * Admits a request by its declared length (none declared, a chunked body, counts as large) and returns what to
   * call once it is answered; throws SERVER_BUSY when the large ones in progress are at the limit.
   */
  enter(declaredLength: string | undefined): () => void {
    const length = Number(declaredLength);
    if (declaredLength !== undefined && Number.isFinite(length) && length < this.#largeFrom) return () => {};
    if (this.#inProgress >= this.#permits)
      throw new AppError(
        'SERVER_BUSY',
        503,
        `${this.#permits} large uploads are in progress on this instance (MAX_CONCURRENT_LARGE_UPLOADS); retry in ${BUSY_RETRY_AFTER_SECONDS} s`,
        { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
      );
    this.#inProgress++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#inProgress--;
    };
  }

  /** Large uploads in progress right now. */
  get inProgress(): number {
    return this.#inProgress;
  }
}
