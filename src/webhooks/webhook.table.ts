import type { Selectable } from 'kysely';

/** Webhook subscriptions, deliveries (one per event and subscription) and the log of their attempts. */

export interface WebhookSubscriptionTable {
  id: string;
  org_id: string;
  url: string;
  /** JSON array of event types; null means every type. */
  event_types: string | null;
  min_severity: string | null;
  kev_only: number;
  format: string;
  secret: string;
  enabled: number;
  /** Start of the current run of failed attempts; null while deliveries succeed. */
  failing_since: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveryTable {
  id: string;
  org_id: string;
  subscription_id: string;
  event_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  /** Set while an attempt is in flight; an instance that dies leaves it to expire. */
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  at: string;
}

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>;

declare module '../db/database.ts' {
  interface Database {
    webhook_subscriptions: WebhookSubscriptionTable;
    webhook_deliveries: WebhookDeliveryTable;
    webhook_attempts: WebhookAttemptTable;
  }
}
