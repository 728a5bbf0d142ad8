import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../shared/ids.ts';

/** The dispatcher's queries: claim due attempts, record their outcome, keep subscriptions' failure state. */

export interface ClaimedDelivery {
  id: string;
  attempt: number;
  eventId: string;
  eventCreatedAt: string;
  payload: string;
  subscriptionId: string;
  url: string;
  secret: string;
  format: string;
}

/**
 * Claims up to `limit` due attempts: each claimed row's attempt count moves on and it is leased (not due
 * again) until `leaseUntil`. On PostgreSQL the rows are locked FOR UPDATE SKIP LOCKED, so concurrent
 * instances claim disjoint sets; SQLite runs one server per file and the statement is atomic.
 */
export async function claimDue(
  db: Kysely<Database>,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const lock = dialectOf(db) === 'postgres' ? sql` for update skip locked` : sql``;
  const claimed = await sql<{ id: string; attempts: number }>`
    update webhook_deliveries
    set attempts = attempts + 1, next_attempt_at = ${leaseUntil}, lease_until = ${leaseUntil}, updated_at = ${now}
    where id in (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now}
      order by next_attempt_at
      limit ${limit}${lock}
    )
    returning id, attempts`.execute(db);
  if (claimed.rows.length === 0) return [];
  const attempts = new Map(claimed.rows.map((r) => [r.id, Number(r.attempts)]));
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select([
      'd.id',
      'e.id as event_id',
      'e.created_at as event_created_at',
      'e.payload',
      's.id as subscription_id',
      's.url',
      's.secret',
      's.format',
    ])
    .where('d.id', 'in', [...attempts.keys()])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    attempt: attempts.get(r.id)!,
    eventId: r.event_id,
    eventCreatedAt: r.event_created_at,
    payload: r.payload,
    subscriptionId: r.subscription_id,
    url: r.url,
    secret: r.secret,
    format: r.format,
  }));
}

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  ok: boolean;
}

/**
 * Writes an attempt's log entry and moves its delivery on: succeeded, failed, or pending again at `retryAt`.
 * Guarded by the attempt number, so a result arriving after its lease expired cannot overwrite a newer one.
 * Returns false when the claim was lost (nothing written).
 */
export async function recordOutcome(
  trx: Kysely<Database>,
  delivery: { id: string; attempt: number },
  outcome: AttemptOutcome,
  now: string,
  retryAt: string | null,
): Promise<boolean> {
  const status = outcome.ok ? 'succeeded' : retryAt ? 'pending' : 'failed';
  const updated = await trx
    .updateTable('webhook_deliveries')
    .set({
      status,
      lease_until: null,
      next_attempt_at: retryAt ?? now,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      updated_at: now,
      ...(outcome.ok ? { delivered_at: now } : {}),
    })
    .where('id', '=', delivery.id)
    .where('attempts', '=', delivery.attempt)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await trx
    .insertInto('webhook_attempts')
    .values({
      id: newId('wha'),
      delivery_id: delivery.id,
      attempt: delivery.attempt,
      status_code: outcome.statusCode,
      duration_ms: Math.round(outcome.durationMs),
      error: outcome.error,
      at: now,
    })
    .execute();
  return true;
}

/** A success ends the subscription's failing run. */
export async function markSubscriptionHealthy(trx: Kysely<Database>, subscriptionId: string): Promise<void> {
  await trx
    .updateTable('webhook_subscriptions')
    .set({ failing_since: null })
    .where('id', '=', subscriptionId)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * A failure starts (or continues) the subscription's failing run; once it has lasted `disableAfterMs` the
 * subscription is disabled and its pending deliveries fail. Returns true when it was disabled now.
 */
export async function markSubscriptionFailing(
  trx: Kysely<Database>,
  subscriptionId: string,
  now: string,
  disableAfterMs: number,
): Promise<boolean> {
  await trx
    .updateTable('webhook_subscriptions')
    .set({ failing_since: now })
    .where('id', '=', subscriptionId)
    .where('failing_since', 'is', null)
    .execute();
  const row = await trx
    .selectFrom('webhook_subscriptions')
    .select(['failing_since', 'enabled'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!row?.failing_since) return false;
  const disableNow = row.enabled === 1 && Date.parse(now) - Date.parse(row.failing_since) >= disableAfterMs;
  if (disableNow)
    await trx
      .updateTable('webhook_subscriptions')
      .set({
        enabled: 0,
        disabled_at: now,
        disabled_reason: `every delivery failed since ${row.failing_since}`,
        updated_at: now,
      })
      .where('id', '=', subscriptionId)
      .execute();
  // A disabled subscription's waiting deliveries fail (attempts in flight fail as their outcomes arrive).
  if (disableNow || row.enabled !== 1)
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: 'subscription disabled', updated_at: now })
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'pending')
      .where('lease_until', 'is', null)
      .execute();
  return disableNow;
}

/** SQLite start-up: leases left by a previous server on this file are void (one server per file). */
export async function releaseLeases(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: null, next_attempt_at: now })
    .where('status', '=', 'pending')
    .where('lease_until', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Pending deliveries (the queue depth reported in /metrics). */
export async function countPending(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
