/**
 * Idempotency-Key on creates (docs/resilience.md): a retry with the same key and body within 24 h gets the
 * first response and stores nothing twice; the same key with another body is a conflict.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import * as repo from './idempotency.repository.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: string;
}

export type Reservation = { kind: 'new' } | { kind: 'replay'; response: StoredResponse };

export class IdempotencyService {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  #lastSweep = 0;

  constructor(db: Kysely<Database>, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /**
   * Claims `key` for this request, or says what the first request with it answered. Throws 409
   * IDEMPOTENCY_CONFLICT for another body under the key, or while the first request is still running.
   */
  async reserve(orgId: string, key: string, fingerprint: string): Promise<Reservation> {
    await this.#sweep();
    const createdAt = new Date(this.#now()).toISOString();
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await repo.reserveKey(this.#db, { org_id: orgId, key, fingerprint, created_at: createdAt })) {
        return { kind: 'new' };
      }
      const existing = await repo.findKey(this.#db, orgId, key);
      if (!existing) continue; // expired and swept between the two statements: claim it again
      if (Date.parse(existing.created_at) + IDEMPOTENCY_TTL_MS <= this.#now()) {
        await repo.deleteKey(this.#db, orgId, key);
        continue;
      }
      if (existing.fingerprint !== fingerprint) {
        throw new AppError(
          'IDEMPOTENCY_CONFLICT',
          409,
          `Idempotency-Key '${key}' was already used with another request body; use a new key for a new request`,
        );
      }
      if (existing.status === null || existing.response === null) {
        throw new AppError(
          'IDEMPOTENCY_CONFLICT',
          409,
          `A request with Idempotency-Key '${key}' is still being processed; retry once it has finished`,
        );
      }
      return { kind: 'replay', response: { status: existing.status, body: existing.response } };
    }
    throw new AppError('IDEMPOTENCY_CONFLICT', 409, `Idempotency-Key '${key}' is in use; retry`);
  }

  /** Stores the first response of a successful request. */
  async complete(orgId: string, key: string, response: StoredResponse): Promise<void> {
    await repo.completeKey(this.#db, orgId, key, response.status, response.body);
  }

  /** The request failed: its key is free again, so a retry runs it anew. */
  async release(orgId: string, key: string): Promise<void> {
    await repo.deleteKey(this.#db, orgId, key);
  }

  /** Expired records are deleted at most once a minute (one indexed delete). */
  async #sweep(): Promise<void> {
    const now = this.#now();
    if (now - this.#lastSweep < 60_000) return;
    this.#lastSweep = now;
    await repo.deleteKeysBefore(this.#db, new Date(now - IDEMPOTENCY_TTL_MS).toISOString());
  }
}
