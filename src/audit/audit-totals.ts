/** Exact audit-trail totals that count only the recent entries on each call. */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { countAudit } from './audit.repository.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../shared/ids.ts';

/**
 * Entries older than this are settled: every audit entry is written inside the short transaction of its change,
 * so none with an id (= its creation time) this old can still appear.
 */
const SETTLE_MS = 5 * 60_000;
const MAX_KEYS = 10_000;

/** The smallest id of an audit entry created at `ms` or later (ids start with the time, so they sort by it). */
const boundaryAt = (ms: number): string => newId('aud', ms).slice(0, 'aud_'.length + 10);

/**
 * Exact audit-trail totals without counting the whole trail on every call. The audit trail is append-only, so
 * the count of settled entries (older than SETTLE_MS) never changes: it is counted once per (organisation,
 * actor) and process, and every call adds a count of the recent entries only (an index range scan).
 * Several processes each keep their own; nothing is shared or stale.
 */
export class AuditTotals {
  /** Bounded: the least recently used (organisation, actor) goes first. */
  readonly #settled = new LRUCache<string, { boundary: string; count: number }>({ max: MAX_KEYS });
  /** Move the settled boundary forward once this many entries have arrived after it. */
  readonly #rebaseAfter: number;

  constructor(options: { rebaseAfter?: number } = {}) {
    this.#rebaseAfter = options.rebaseAfter ?? 10_000;
  }

  async total(
    db: Kysely<Database>,
    orgId: string,
    actorId: string | undefined,
    now = Date.now(),
  ): Promise<number> {
    const key = `${orgId}\u0000${actorId ?? ''}`;
    const entry = this.#settled.get(key);
    if (!entry) {
      const boundary = boundaryAt(now - SETTLE_MS);
      const [settled, recent] = await Promise.all([
        countAudit(db, orgId, { actorId, toId: boundary }),
        countAudit(db, orgId, { actorId, fromId: boundary }),
      ]);
      this.#settled.set(key, { boundary, count: settled });
      return settled + recent;
    }
    const recent = await countAudit(db, orgId, { actorId, fromId: entry.boundary });
    if (recent > this.#rebaseAfter) {
      const boundary = boundaryAt(now - SETTLE_MS);
      const moved = await countAudit(db, orgId, { actorId, fromId: entry.boundary, toId: boundary });
      this.#settled.set(key, { boundary, count: entry.count + moved });
    }
    return entry.count + recent;
  }
}
