import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertRows, toJson } from '../db/helpers.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { wants } from '../webhooks/subscription-filter.ts';
import type { EventData, EventPayload, EventType } from './catalogue.ts';

/**
 * The outbox (docs/events.md): domain services call `recordEvents` with the transaction that makes the change,
 * so an event and its deliveries commit or roll back with it. Only events some enabled subscription of the
 * organisation wants are stored: the outbox exists to deliver, and an organisation without webhooks pays one
 * indexed lookup per change.
 */

export interface NewEvent<T extends EventType = EventType> {
  type: T;
  data: EventData<T>;
}

/** A typed constructor, so `data` is checked against its type. */
export const event = <T extends EventType>(type: T, data: EventData<T>): NewEvent<T> => ({ type, data });

const EVENT_COLUMNS = ['id', 'org_id', 'type', 'created_at', 'payload'];
const EVENT_PG_TYPES = ['text', 'text', 'text', 'text', 'text'];
const DELIVERY_COLUMNS = [
  'id',
  'org_id',
  'subscription_id',
  'event_id',
  'status',
  'attempts',
  'next_attempt_at',
  'created_at',
  'updated_at',
];
const DELIVERY_PG_TYPES = ['text', 'text', 'text', 'text', 'text', 'integer', 'text', 'text', 'text'];

/** Records events of one organisation inside `trx`; returns the payloads stored (those someone wants). */
export async function recordEvents(
  trx: Kysely<Database>,
  orgId: string,
  events: readonly NewEvent[],
): Promise<EventPayload[]> {
  if (events.length === 0) return [];
  const subscriptions = await trx
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('enabled', '=', 1)
    .execute();
  if (subscriptions.length === 0) return [];
  const now = nowIso();
  const stored: EventPayload[] = [];
  const eventRows: unknown[][] = [];
  const deliveryRows: unknown[][] = [];
  for (const e of events) {
    const payload = { id: newId('evt'), type: e.type, createdAt: now, orgId, data: e.data } as EventPayload;
    const targets = subscriptions.filter((s) => wants(s, payload));
    if (targets.length === 0) continue;
    stored.push(payload);
    eventRows.push([payload.id, orgId, payload.type, now, toJson(payload)]);
    for (const s of targets)
      deliveryRows.push([newId('whd'), orgId, s.id, payload.id, 'pending', 0, now, now, now]);
  }
  await insertRows(trx, 'events', EVENT_COLUMNS, eventRows, EVENT_PG_TYPES);
  await insertRows(trx, 'webhook_deliveries', DELIVERY_COLUMNS, deliveryRows, DELIVERY_PG_TYPES);
  return stored;
}

/** One event (the common case). */
export async function recordEvent(trx: Kysely<Database>, orgId: string, e: NewEvent): Promise<void> {
  await recordEvents(trx, orgId, [e]);
}
