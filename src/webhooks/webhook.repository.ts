import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookSubscriptionRow } from './webhook.table.ts';

/** Subscriptions and their delivery log. `orgId` undefined is the operator's CLI (any organisation). */

export const insertSubscription = (db: Kysely<Database>, row: WebhookSubscriptionRow) =>
  db.insertInto('webhook_subscriptions').values(row).execute();

export const listSubscriptions = (db: Kysely<Database>, orgId: string): Promise<WebhookSubscriptionRow[]> =>
  db.selectFrom('webhook_subscriptions').selectAll().where('org_id', '=', orgId).orderBy('id').execute();

export function findSubscription(
  db: Kysely<Database>,
  orgId: string | undefined,
  id: string,
): Promise<WebhookSubscriptionRow | undefined> {
  let query = db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id);
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  return query.executeTakeFirst();
}

export async function deleteSubscription(db: Kysely<Database>, orgId: string, id: string): Promise<void> {
  await db.deleteFrom('webhook_subscriptions').where('org_id', '=', orgId).where('id', '=', id).execute();
}

export interface DeliveryWithEvent extends WebhookDeliveryRow {
  event_type: string;
}

/** Newest first. */
export function listDeliveries(
  db: Kysely<Database>,
  subscriptionId: string,
  limit: number,
): Promise<DeliveryWithEvent[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.subscription_id', '=', subscriptionId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export function findDelivery(
  db: Kysely<Database>,
  orgId: string | undefined,
  id: string,
): Promise<DeliveryWithEvent | undefined> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.id', '=', id);
  if (orgId !== undefined) query = query.where('d.org_id', '=', orgId);
  return query.executeTakeFirst();
}

export function attemptsOf(db: Kysely<Database>, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
}

export const insertDelivery = (db: Kysely<Database>, row: WebhookDeliveryRow) =>
  db.insertInto('webhook_deliveries').values(row).execute();

/**
 * Ends the waiting deliveries of one event to one subscription (a manual redelivery replaces them): failed,
 * with `reason`. One in flight keeps its attempt, but its outcome no longer schedules a retry.
 */
export const supersedePending = (
  db: Kysely<Database>,
  orgId: string,
  subscriptionId: string,
  eventId: string,
  reason: string,
  now: string,
) =>
  db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, lease_until: null, updated_at: now })
    .where('org_id', '=', orgId)
    .where('subscription_id', '=', subscriptionId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .execute();
