import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../shared/ids.ts';
import type { EventType } from './catalogue.ts';
import { recordEvents, subscriptionsIn, type NewEvent } from './outbox.ts';
import { wantsType } from './subscription-filter.ts';

/**
 * Deferred events (docs/events.md): a change that would describe itself with many events (an upload's
 * finding.created, one per finding) writes one outbox_pending row in its transaction instead; after the
 * commit the dispatcher derives the events from the rows that change wrote, in one transaction that also
 * deletes the pending row. Never lost (the row stays until derived), never for a change that rolled back (the
 * row rolls back with it), never derived twice (claimed and deleted atomically).
 */

/** The kinds of deferred work and the event type each derives. */
const DEFERRED_TYPES = {
  /** ref: the SBOM id; at: when its findings were created. */
  'upload.findings': 'finding.created',
} as const satisfies Record<string, EventType>;

export type DeferredKind = keyof typeof DEFERRED_TYPES;

type Expander = (trx: Kysely<Database>, orgId: string, ref: string, at: string) => Promise<NewEvent[]>;

/**
 * How each kind becomes events. The domains that own the rows provide them (webhooks/ wires them), so this
 * folder stays below the domains that record events.
 */
export type DeferredExpanders = Record<DeferredKind, Expander>;

/** Writes the pending row when some enabled subscription of the organisation takes the events' type. */
export async function recordDeferred(
  trx: Kysely<Database>,
  orgId: string,
  kind: DeferredKind,
  ref: string,
  at: string,
): Promise<void> {
  const subscriptions = await subscriptionsIn(trx, orgId);
  if (!subscriptions.some((s) => wantsType(s, DEFERRED_TYPES[kind]))) return;
  await trx
    .insertInto('outbox_pending')
    .values({ id: newId('obx'), org_id: orgId, kind, ref, created_at: at })
    .execute();
}

/**
 * Derives the events of up to `limit` pending rows; returns how many rows it took. PostgreSQL instances
 * claim disjoint rows (FOR UPDATE SKIP LOCKED).
 */
export async function expandPending(
  db: Kysely<Database>,
  expanders: DeferredExpanders,
  limit = 20,
): Promise<number> {
  const lock = dialectOf(db) === 'postgres' ? sql` for update skip locked` : sql``;
  return db.transaction().execute(async (trx) => {
    const taken = await sql<{ org_id: string; kind: DeferredKind; ref: string; created_at: string }>`
      delete from outbox_pending
      where id in (select id from outbox_pending order by id limit ${limit}${lock})
      returning org_id, kind, ref, created_at`.execute(trx);
    for (const row of taken.rows) {
      const expand = expanders[row.kind];
      if (!expand) continue;
      const events = await expand(trx, row.org_id, row.ref, row.created_at);
      await recordEvents(trx, row.org_id, events);
    }
    return taken.rows.length;
  });
}
