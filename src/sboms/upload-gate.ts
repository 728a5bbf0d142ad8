/**
 * At most MAX_CONCURRENT_LARGE_UPLOADS large uploads (and scans) in progress per instance: each holds its file,
 * the parser's rows and its matching in memory, so a burst of 50 MiB uploads could exhaust the process. A large one
 * over the limit is answered 503 SERVER_BUSY with Retry-After at once, before its body is read; one organisation
 * holds at most all permits but one (one, when there is one), its next answered 429 RATE_LIMITED, so a client
 * stalling its bodies cannot take every permit from the others (docs/resilience.md, "Large uploads"). Small
 * uploads never wait.
 */
import { AppError } from '../errors.ts';
import { INLINE_BELOW } from './worker-parser.ts';

/** Seconds a refused client is asked to wait: about what a 50 MiB upload takes on a quiet 2-core machine. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export class LargeUploadGate {
  readonly #permits: number;
  /** Permits one organisation may hold at once. */
  readonly #share: number;
  readonly #largeFrom: number;
  #inProgress = 0;
  readonly #held = new Map<string, number>();

  constructor(permits: number, largeFrom = INLINE_BELOW) {
    this.#permits = permits;
    this.#share = Math.max(1, permits - 1);
    this.#largeFrom = largeFrom;
  }

  /**
   * Admits a request of `orgId` by its declared length (none declared, a chunked body, counts as large) and
   * returns what to call once it is answered; throws SERVER_BUSY when the large ones in progress are at the limit,
   * RATE_LIMITED when the organisation holds its share.
   */
  enter(declaredLength: string | undefined, orgId: string): () => void {
    const length = Number(declaredLength);
    if (declaredLength !== undefined && Number.isFinite(length) && length < this.#largeFrom) return () => {};
    if (this.#inProgress >= this.#permits)
      throw new AppError(
        'SERVER_BUSY',
        503,
        `${this.#permits} large uploads are in progress on this instance (MAX_CONCURRENT_LARGE_UPLOADS); retry in ${BUSY_RETRY_AFTER_SECONDS} s`,
        { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
      );
    const held = this.#held.get(orgId) ?? 0;
    if (held >= this.#share)
      throw new AppError(
        'RATE_LIMITED',
        429,
        `this organisation has ${held} large upload${held === 1 ? '' : 's'} in progress on this instance, its share of MAX_CONCURRENT_LARGE_UPLOADS (${this.#permits}); retry in ${BUSY_RETRY_AFTER_SECONDS} s`,
        { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
      );
    this.#inProgress++;
    this.#held.set(orgId, held + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.#inProgress--;
      const still = this.#held.get(orgId)! - 1;
      if (still === 0) this.#held.delete(orgId);
      else this.#held.set(orgId, still);
    };
  }

  /** Large uploads in progress right now. */
  get inProgress(): number {
    return this.#inProgress;
  }
}
