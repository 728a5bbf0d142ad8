import { sql, type Kysely } from 'kysely';
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { insertRows } from '../db/helpers.ts';
import { newId } from '../shared/ids.ts';

/** The dispatcher's queries: claim due attempts, record their outcome, keep subscriptions' failure state. */

export interface ClaimedDelivery {
  id: string;
  attempt: number;
  orgId: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: string;
  /** The asset an asset event is about (null for organisation-wide events). */
  assetId: string | null;
  payload: string;
  subscriptionId: string;
  /**
   * Who created the subscription: its deliveries stay within that user's reach (delivery-reach.ts). `system`
   * when the operator's CLI made it, or when its creator has since been removed: the webhook is the
   * organisation's, managed by its admins, and does not go quiet because the person who set it up left.
   */
  createdBy: string;
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
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 's.created_by').onRef('u.org_id', '=', 's.org_id'),
    )
    .select([
      'd.id',
      'd.org_id',
      'e.id as event_id',
      'e.type as event_type',
      'e.created_at as event_created_at',
      'e.asset_id',
      'e.payload',
      's.id as subscription_id',
      'u.id as creator_id',
      's.url',
      's.secret',
      's.format',
    ])
    .where('d.id', 'in', [...attempts.keys()])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    attempt: attempts.get(r.id)!,
    orgId: r.org_id,
    eventId: r.event_id,
    eventType: r.event_type,
    eventCreatedAt: r.event_created_at,
    assetId: r.asset_id,
    payload: r.payload,
    subscriptionId: r.subscription_id,
    createdBy: r.creator_id ?? SYSTEM_ACTOR,
    url: r.url,
    secret: r.secret,
    format: r.format,
  }));
}

/**
 * Ends claimed deliveries without an attempt (delivery-reach.ts: the event's asset is outside the reach of the
 * subscription's creator): `skipped`, with `reason`, the claim's attempt count given back. Guarded by the attempt
 * number like an outcome, so a claim that expired meanwhile is left to its new holder.
 */
export async function skipDeliveries(
  db: Kysely<Database>,
  deliveries: { id: string; attempt: number }[],
  reason: string,
  now: string,
): Promise<void> {
  for (const [attempt, group] of Map.groupBy(deliveries, (d) => d.attempt))
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: 'skipped',
        attempts: attempt - 1,
        lease_until: null,
        next_attempt_at: now,
        last_error: reason,
        updated_at: now,
      })
      .where(
        'id',
        'in',
        group.map((d) => d.id),
      )
      .where('attempts', '=', attempt)
      .where('status', '=', 'pending')
      .execute();
}

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  ok: boolean;
}

export interface RecordedAttempt {
  delivery: { id: string; attempt: number };
  outcome: AttemptOutcome;
  /** When the attempt ended. */
  at: string;
  /** Next attempt when it failed and retries remain; null otherwise. */
  retryAt: string | null;
}

/**
 * Writes attempts' log entries and moves their deliveries on: succeeded, failed, or pending again at
 * `retryAt`. Each update is guarded by the attempt number, so a result arriving after its lease expired cannot
 * overwrite a newer one. Returns the attempts recorded (a lost claim writes nothing). One statement for the
 * whole batch on PostgreSQL (a round trip per row would cap deliveries at a few hundred a second).
 */
export async function recordOutcomes(
  trx: Kysely<Database>,
  attempts: RecordedAttempt[],
): Promise<RecordedAttempt[]> {
  if (attempts.length === 0) return [];
  const rows = attempts.map((a) => ({
    id: a.delivery.id,
    attempt: a.delivery.attempt,
    status: a.outcome.ok ? 'succeeded' : a.retryAt ? 'pending' : 'failed',
    next: a.retryAt ?? a.at,
    code: a.outcome.statusCode,
    error: a.outcome.error,
    at: a.at,
    delivered: a.outcome.ok ? a.at : null,
  }));
  let updated: Set<string>;
  if (dialectOf(trx) === 'postgres') {
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
    const result = await sql<{ id: string }>`
      update webhook_deliveries d
      set status = v.status, lease_until = null, next_attempt_at = v.next, last_status_code = v.code,
          last_error = v.error, updated_at = v.at, delivered_at = coalesce(v.delivered, d.delivered_at)
      from (
        select * from unnest(${column('id')}::text[], ${column('attempt')}::int[], ${column('status')}::text[],
          ${column('next')}::text[], ${column('code')}::int[], ${column('error')}::text[], ${column('at')}::text[],
          ${column('delivered')}::text[]) as t(id, attempt, status, next, code, error, at, delivered)
      ) v
      where d.id = v.id and d.attempts = v.attempt and d.status = 'pending'
      returning d.id`.execute(trx);
    updated = new Set(result.rows.map((r) => r.id));
  } else {
    updated = new Set();
    for (const r of rows) {
      const result = await trx
        .updateTable('webhook_deliveries')
        .set({
          status: r.status,
          lease_until: null,
          next_attempt_at: r.next,
          last_status_code: r.code,
          last_error: r.error,
          updated_at: r.at,
          ...(r.delivered ? { delivered_at: r.delivered } : {}),
        })
        .where('id', '=', r.id)
        .where('attempts', '=', r.attempt)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) updated.add(r.id);
    }
  }
  const recorded = attempts.filter((a) => updated.has(a.delivery.id));
  await insertRows(
    trx,
    'webhook_attempts',
    ['id', 'delivery_id', 'attempt', 'status_code', 'duration_ms', 'error', 'at'],
    recorded.map((a) => [
      newId('wha'),
      a.delivery.id,
      a.delivery.attempt,
      a.outcome.statusCode,
      Math.round(a.outcome.durationMs),
      a.outcome.error,
      a.at,
    ]),
    ['text', 'text', 'integer', 'integer', 'integer', 'text', 'text'],
  );
  return recorded;
}

/** A success ends the subscriptions' failing runs. */
export async function markSubscriptionsHealthy(
  trx: Kysely<Database>,
  subscriptionIds: string[],
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await trx
    .updateTable('webhook_subscriptions')
    .set({ failing_since: null })
    .where('id', 'in', subscriptionIds)
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
