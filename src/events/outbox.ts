import type { Kysely } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { insertRows, toJson } from '../db/helpers.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import type { AssetEventType, EventData, EventPayload, EventType } from './catalogue.ts';
import { wants, type SubscriptionRow } from './subscription-filter.ts';

/**
 * The outbox (docs/events.md): domain services call `recordEvents` with the transaction that makes the change,
 * so an event and its deliveries commit or roll back with it. Only events some enabled subscription of the
 * organisation wants are stored: the outbox exists to deliver, and an organisation without webhooks pays one
 * indexed lookup per change.
 */

export interface NewEvent<T extends EventType = EventType> {
  type: T;
  data: EventData<T>;
  /** The asset an asset event is about (stored with it: webhooks deliver it within their creator's reach). */
  assetId: string | null;
}

/**
 * A typed constructor, so `data` is checked against its type, and an asset event (ASSET_EVENT_TYPES) cannot be
 * made without its asset's id.
 */
export const event = <T extends EventType>(
  type: T,
  data: EventData<T>,
  ...asset: T extends AssetEventType ? [assetId: string] : []
): NewEvent<T> => ({ type, data, assetId: asset[0] ?? null });

const EVENT_COLUMNS = ['id', 'org_id', 'type', 'created_at', 'payload', 'asset_id'];
const EVENT_PG_TYPES = ['text', 'text', 'text', 'text', 'text', 'text'];
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

/** Every change looks its organisation's subscriptions up: compiled once. */
const enabledSubscriptions = preparedQuery((db, orgId: string) =>
  db.selectFrom('webhook_subscriptions').selectAll().where('org_id', '=', orgId).where('enabled', '=', 1),
);

/** One lookup per transaction and organisation (an upload records findings, then the SBOM). */
const perTransaction = new WeakMap<Kysely<Database>, Map<string, Promise<SubscriptionRow[]>>>();

export function subscriptionsIn(trx: Kysely<Database>, orgId: string): Promise<SubscriptionRow[]> {
  if (!trx.isTransaction) return enabledSubscriptions(trx, orgId);
  let byOrg = perTransaction.get(trx);
  if (!byOrg) perTransaction.set(trx, (byOrg = new Map()));
  let found = byOrg.get(orgId);
  if (!found) byOrg.set(orgId, (found = enabledSubscriptions(trx, orgId)));
  return found;
}

/**
 * SQLite prepares each distinct statement text once (the driver's statement cache): rows go in chunks of
 * power-of-two sizes, so any count reuses a handful of cached INSERTs instead of preparing a new one per
 * count. PostgreSQL's unnest insert has one text whatever the count.
 */
async function insertChunked(
  trx: Kysely<Database>,
  table: 'events' | 'webhook_deliveries',
  columns: string[],
  rows: unknown[][],
  pgTypes: string[],
): Promise<void> {
  if (dialectOf(trx) === 'postgres') return insertRows(trx, table, columns, rows, pgTypes);
  for (let start = 0; start < rows.length;) {
    const size = Math.min(256, 2 ** Math.floor(Math.log2(rows.length - start)));
    await insertRows(trx, table, columns, rows.slice(start, start + size));
    start += size;
  }
}

/**
 * Records events of one organisation inside `trx`; returns the payloads stored (those someone wants). `events`
 * may be a function, called only when the organisation has an enabled subscription, so a change in an
 * organisation without webhooks never builds (or looks up data for) events nobody will receive.
 */
export async function recordEvents(
  trx: Kysely<Database>,
  orgId: string,
  source: readonly NewEvent[] | (() => readonly NewEvent[] | Promise<readonly NewEvent[]>),
): Promise<EventPayload[]> {
  if (Array.isArray(source) && source.length === 0) return [];
  const subscriptions = await subscriptionsIn(trx, orgId);
  if (subscriptions.length === 0) return [];
  const events = typeof source === 'function' ? await source() : (source as readonly NewEvent[]);
  const now = nowIso();
  const stored: EventPayload[] = [];
  const eventRows: unknown[][] = [];
  const deliveryRows: unknown[][] = [];
  for (const e of events) {
    const payload = { id: newId('evt'), type: e.type, createdAt: now, orgId, data: e.data } as EventPayload;
    const targets = subscriptions.filter((s) => wants(s, payload));
    if (targets.length === 0) continue;
    stored.push(payload);
    eventRows.push([payload.id, orgId, payload.type, now, toJson(payload), e.assetId]);
    for (const s of targets)
      deliveryRows.push([newId('whd'), orgId, s.id, payload.id, 'pending', 0, now, now, now]);
  }
  await insertChunked(trx, 'events', EVENT_COLUMNS, eventRows, EVENT_PG_TYPES);
  await insertChunked(trx, 'webhook_deliveries', DELIVERY_COLUMNS, deliveryRows, DELIVERY_PG_TYPES);
  return stored;
}

/** One event (the common case). */
export async function recordEvent(trx: Kysely<Database>, orgId: string, e: NewEvent): Promise<void> {
  await recordEvents(trx, orgId, [e]);
}
