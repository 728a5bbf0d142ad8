import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson, toBool, toJson } from '../db/helpers.ts';
import { notFound } from '../errors.ts';
import { EVENT_TYPES, type EventType } from '../events/catalogue.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { newWebhookSecret } from './signature.ts';
import { checkTargetUrl } from './target-guard.ts';
import * as repo from './webhook.repository.ts';
import type { CreatedWebhook, CreateWebhookInput, Delivery, Webhook } from './webhook.schemas.ts';
import type { WebhookAttemptRow, WebhookSubscriptionRow } from './webhook.table.ts';

/** Webhook subscriptions of an organisation and their delivery log (docs/events.md). */

const toWebhook = (row: WebhookSubscriptionRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: fromJson<EventType[] | null>(row.event_types, null) ?? [...EVENT_TYPES],
  minSeverity: row.min_severity as Webhook['minSeverity'],
  kevOnly: fromBool(row.kev_only),
  format: row.format as Webhook['format'],
  enabled: fromBool(row.enabled),
  failingSince: row.failing_since,
  disabledAt: row.disabled_at,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
});

const toDelivery = (row: repo.DeliveryWithEvent, attempts: WebhookAttemptRow[]): Delivery => ({
  id: row.id,
  webhookId: row.subscription_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status as Delivery['status'],
  attempts: Number(row.attempts),
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
  lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
  lastError: row.last_error,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
  log: attempts.map((a) => ({
    attempt: Number(a.attempt),
    statusCode: a.status_code === null ? null : Number(a.status_code),
    durationMs: Number(a.duration_ms),
    error: a.error,
    at: a.at,
  })),
});

export class WebhookService {
  readonly #db: Kysely<Database>;
  readonly #allowPrivate: boolean;

  constructor(db: Kysely<Database>, options: { allowPrivate?: boolean } = {}) {
    this.#db = db;
    this.#allowPrivate = options.allowPrivate ?? false;
  }

  /** The answer carries the signing secret; no later answer does. */
  async create(orgId: string, actorId: string, input: CreateWebhookInput): Promise<CreatedWebhook> {
    const url = await checkTargetUrl(input.url, this.#allowPrivate);
    const now = nowIso();
    const row: WebhookSubscriptionRow = {
      id: newId('whk'),
      org_id: orgId,
      url: url.href,
      event_types: input.events ? toJson([...new Set(input.events)]) : null,
      min_severity: input.minSeverity ?? null,
      kev_only: toBool(input.kevOnly ?? false),
      format: input.format ?? 'standard',
      secret: newWebhookSecret(),
      enabled: 1,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
      created_by: actorId,
      created_at: now,
      updated_at: now,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.insertSubscription(trx, row);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'webhook.create',
        entityType: 'webhook',
        entityId: row.id,
        details: { url: row.url, events: input.events ?? null, format: row.format },
      });
    });
    return { ...toWebhook(row), secret: row.secret };
  }

  async list(orgId: string): Promise<Webhook[]> {
    return (await repo.listSubscriptions(this.#db, orgId)).map(toWebhook);
  }

  async get(orgId: string | undefined, id: string): Promise<Webhook> {
    const row = await repo.findSubscription(this.#db, orgId, id);
    if (!row) throw notFound('Webhook', id);
    return toWebhook(row);
  }

  /** Deletes the subscription with its pending and past deliveries. */
  async delete(
    orgId: string | undefined,
    actorId: string,
    id: string,
  ): Promise<{ id: string; deleted: true }> {
    await this.#db.transaction().execute(async (trx) => {
      const row = await repo.findSubscription(trx, orgId, id);
      if (!row) throw notFound('Webhook', id);
      await repo.deleteSubscription(trx, row.org_id, id);
      await recordAudit(trx, row.org_id, {
        actorId,
        action: 'webhook.delete',
        entityType: 'webhook',
        entityId: id,
        details: { url: row.url },
      });
    });
    return { id, deleted: true };
  }

  /** The newest deliveries of a subscription (at most `limit`), each with its attempt log. */
  async deliveries(orgId: string | undefined, id: string, limit = 100): Promise<Delivery[]> {
    const subscription = await repo.findSubscription(this.#db, orgId, id);
    if (!subscription) throw notFound('Webhook', id);
    const rows = await repo.listDeliveries(this.#db, id, limit);
    const attempts = Map.groupBy(
      await repo.attemptsOf(
        this.#db,
        rows.map((r) => r.id),
      ),
      (a) => a.delivery_id,
    );
    return rows.map((r) => toDelivery(r, attempts.get(r.id) ?? []));
  }

  /**
   * Manual redelivery: a new delivery of the same event to the same subscription, due now, with a fresh
   * retry schedule. It keeps the event id as `webhook-id` (the same message), so a receiver that already
   * processed it can tell. A retry of the same event still waiting is cancelled: the receiver gets it once.
   */
  async redeliver(orgId: string | undefined, actorId: string, deliveryId: string): Promise<Delivery> {
    const original = await repo.findDelivery(this.#db, orgId, deliveryId);
    if (!original) throw notFound('Delivery', deliveryId);
    const now = nowIso();
    const row = {
      id: newId('whd'),
      org_id: original.org_id,
      subscription_id: original.subscription_id,
      event_id: original.event_id,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      last_status_code: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      delivered_at: null,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.supersedePending(
        trx,
        original.org_id,
        original.subscription_id,
        original.event_id,
        `superseded by redelivery ${row.id}`,
        now,
      );
      await repo.insertDelivery(trx, row);
      await recordAudit(trx, original.org_id, {
        actorId,
        action: 'webhook.redeliver',
        entityType: 'webhook',
        entityId: original.subscription_id,
        details: { deliveryId, redeliveryId: row.id, eventId: original.event_id },
      });
    });
    return toDelivery({ ...row, event_type: original.event_type }, []);
  }
}
