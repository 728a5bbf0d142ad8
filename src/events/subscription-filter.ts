import type { Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson } from '../db/helpers.ts';
import { severityRank, type EventPayload, type EventType } from './catalogue.ts';

/** A webhook subscription as the outbox sees it (its table is declared by webhooks/webhook.table.ts). */
export type SubscriptionRow = Selectable<Database['webhook_subscriptions']>;

/** Whether a subscription takes events of a type at all (before any per-event filter). */
export function wantsType(subscription: SubscriptionRow, type: EventType): boolean {
  const types = fromJson<EventType[] | null>(subscription.event_types, null);
  return !types || types.includes(type);
}

/**
 * Whether a subscription wants an event (pure): its event types (none listed = all), and for finding events
 * its minimum severity and KEV-only filter. A finding whose KEV status is unknown counts as not listed.
 */
export function wants(subscription: SubscriptionRow, event: EventPayload): boolean {
  const types = fromJson<EventType[] | null>(subscription.event_types, null);
  if (types && !types.includes(event.type)) return false;
  const finding = (event.data as { finding?: { severity: string; kev: unknown } }).finding;
  if (!event.type.startsWith('finding.') || !finding) return true;
  if (subscription.min_severity && severityRank(finding.severity) < severityRank(subscription.min_severity))
    return false;
  if (fromBool(subscription.kev_only) && finding.kev == null) return false;
  return true;
}
