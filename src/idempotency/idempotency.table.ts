/** Idempotency-Key records: one per organisation and key (docs/resilience.md). */
import type { Selectable } from 'kysely';

export interface IdempotencyKeyTable {
  org_id: string;
  key: string;
  /** sha256 of the route and the request body: another body under the same key is a conflict. */
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  /** The first response's JSON body. */
  response: string | null;
  created_at: string;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeyTable>;

declare module '../db/database.ts' {
  interface Database {
    idempotency_keys: IdempotencyKeyTable;
  }
}
