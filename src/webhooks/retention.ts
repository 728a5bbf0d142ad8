import { nextTurn } from '../shared/turns.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Keeps the outbox and the delivery log bounded (docs/events.md, "Retention"): events recorded before
 * `before` are deleted once none of their deliveries is still pending; their deliveries and attempts go with
 * them (the foreign keys cascade). A chunk at a time, the event loop free between chunks, so a long-unswept
 * store never holds the write lock for long (docs/resilience.md). Several instances may sweep at once: a delete
 * is idempotent. Returns how many events were deleted.
 */
export async function pruneEvents(db: Kysely<Database>, before: string, chunk = 2_000): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = db
      .selectFrom('events as e')
      .select('e.id')
      .where('e.created_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.event_id', '=', 'e.id')
              .where('d.status', '=', 'pending'),
          ),
        ),
      )
      .orderBy('e.created_at')
      .limit(chunk);
    const deleted = Number(
      (await db.deleteFrom('events').where('id', 'in', expired).executeTakeFirst()).numDeletedRows,
    );
    total += deleted;
    if (deleted < chunk) return total;
    await nextTurn();
  }
}
