import { nextTurn } from '../shared/turns.ts';
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import type { EventPayload } from '../events/catalogue.ts';
import { expandPending, type DeferredExpanders } from '../events/deferred.ts';
import { uploadFindingEvents } from '../findings/finding-events.ts';
import { ReachService } from '../portfolio/reach.ts';
import type { ReachResolver } from '../tenancy/principal.ts';
import { byCreatorReach, outOfReach } from './delivery-reach.ts';
import * as repo from './delivery.repository.ts';
import { httpSender, type Sender } from './http-sender.ts';
import { pruneEvents } from './retention.ts';
import { signWebhook } from './signature.ts';
import { slackMessage } from './slack-format.ts';

/** The domains' derivations of deferred events (events/deferred.ts). */
export const DEFERRED_EXPANDERS: DeferredExpanders = { 'upload.findings': uploadFindingEvents };

/**
 * Delivers the outbox (docs/events.md): claims due attempts, sends them signed per Standard Webhooks,
 * records every attempt, retries after 5 s, 30 s, 2 min, 10 min, 1 h and 6 h, then gives up; a subscription
 * whose deliveries have all failed for 3 days is disabled. Runs inside the server (start/stop); tests drive
 * it with `runDue()` and an injected clock and sender.
 */

export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
export const DISABLE_AFTER_MS = 3 * 86_400_000;
/** How often a running dispatcher sweeps events past their retention (docs/events.md, "Retention"). */
export const SWEEP_EVERY_MS = 3_600_000;

/** What /metrics reports about deliveries (webhook.metrics.ts turns it into Prometheus series). */
export interface DispatchObserver {
  attempt(outcome: 'success' | 'failure', durationMs: number): void;
  /** Commit of the event to its successful delivery. */
  delivered(latencyMs: number): void;
}

export interface DispatcherOptions {
  /** Milliseconds since the epoch; injectable so tests move time instead of waiting. */
  now?: () => number;
  send?: Sender;
  allowPrivate?: boolean;
  timeoutMs?: number;
  /** How often an idle dispatcher looks for due attempts. */
  pollMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  observer?: DispatchObserver;
  onError?: (error: unknown) => void;
  /** How long events (and their delivery log) are kept once no delivery of theirs is pending. */
  retentionMs?: number;
  /**
   * The reach of a webhook's creator (delivery-reach.ts): the server passes its cached ReachService's; without
   * one, each claim reads the store.
   */
  reachOf?: ReachResolver;
}

export class WebhookDispatcher {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #send: Sender;
  readonly #timeoutMs: number;
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #retentionMs: number;
  readonly #reachOf: ReachResolver;
  #lastSweep = Number.NEGATIVE_INFINITY;
  #sweeping: Promise<unknown> | undefined;
  #observer: DispatchObserver | undefined;
  #onError: (error: unknown) => void;
  readonly #inflight = new Set<Promise<void>>();
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #batch: {
    entry: repo.RecordedAttempt;
    subscriptionId: string;
    eventCreatedAt: string;
    done: () => void;
  }[] = [];
  #flushing: Promise<void> | undefined;

  constructor(db: Kysely<Database>, options: DispatcherOptions = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#send = options.send ?? httpSender({ allowPrivate: options.allowPrivate ?? false });
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#pollMs = options.pollMs ?? 200;
    this.#concurrency = options.concurrency ?? 64;
    this.#retentionMs = options.retentionMs ?? 90 * 86_400_000;
    this.#reachOf = options.reachOf ?? new ReachService(db).resolve;
    this.#observer = options.observer;
    this.#onError = options.onError ?? (() => {});
  }

  /**
   * A claim outlives the longest attempt (the timeout) with room for recording its outcome; an instance that
   * dies mid-attempt leaves the claim to expire and another instance retries it.
   */
  get leaseMs(): number {
    return 2 * this.#timeoutMs + 5_000;
  }

  /** Reports attempts to /metrics (the app installs it once its registry exists). */
  observeWith(observer: DispatchObserver): void {
    this.#observer = observer;
  }

  get running(): boolean {
    return this.#running;
  }

  /** Starts delivering; `onError` hears store failures (the attempt concerned is retried after its lease). */
  async start(options: { onError?: (error: unknown) => void } = {}): Promise<void> {
    if (this.#running) return;
    if (options.onError) this.#onError = options.onError;
    // One server per SQLite file: claims found at start-up belong to a server that is gone.
    if (dialectOf(this.#db) === 'sqlite') await repo.releaseLeases(this.#db, this.#iso());
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
    await Promise.all([...this.#inflight, this.#sweeping]);
  }

  /** Delivers every attempt due now and waits for their outcomes; returns how many were attempted. */
  async runDue(): Promise<number> {
    while ((await expandPending(this.#db, DEFERRED_EXPANDERS)) > 0);
    let total = 0;
    for (;;) {
      const { send, taken } = await this.#claim(this.#concurrency);
      if (taken === 0) return total;
      total += send.length;
      await Promise.all(send.map((d) => this.#deliver(d)));
    }
  }

  /** Deletes the events past their retention with their deliveries and attempts; returns how many events. */
  pruneExpired(): Promise<number> {
    return pruneEvents(this.#db, this.#iso(-this.#retentionMs));
  }

  async queueDepth(): Promise<number> {
    return repo.countPending(this.#db);
  }

  async #run(): Promise<void> {
    while (this.#running) {
      const free = this.#concurrency - this.#inflight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          this.#sweepWhenDue();
          await expandPending(this.#db, DEFERRED_EXPANDERS);
          const { send, taken } = await this.#claim(free);
          claimed = taken;
          for (const d of send) {
            const work = this.#deliver(d).finally(() => {
              this.#inflight.delete(work);
              if (this.#inflight.size === this.#concurrency - 1) this.#wake?.();
            });
            this.#inflight.add(work);
          }
        } catch (error) {
          this.#onError(error);
        }
      }
      // A full batch means more may be due: claim again at once (after other work had a turn).
      if (free > 0 && claimed === free) await nextTurn();
      else await this.#sleep(this.#pollMs);
    }
  }

  /** Sweeps beside the deliveries, not before them: a long backlog to delete never delays an attempt. */
  #sweepWhenDue(): void {
    if (this.#sweeping || this.#now() - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = this.#now();
    this.#sweeping = this.pruneExpired()
      .catch((error: unknown) => this.#onError(error))
      .then(() => (this.#sweeping = undefined));
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  #iso(offsetMs = 0): string {
    return new Date(this.#now() + offsetMs).toISOString();
  }

  /**
   * Claims up to `limit` due attempts and returns those to send; those outside their webhook's reach are skipped
   * at once (delivery-reach.ts). `taken` counts both, so a full claim is followed by another at once.
   */
  async #claim(limit: number): Promise<{ send: repo.ClaimedDelivery[]; taken: number }> {
    const claimed = await repo.claimDue(this.#db, this.#iso(), this.#iso(this.leaseMs), limit);
    const { send, skip } = await byCreatorReach(claimed, this.#reachOf);
    for (const [creator, deliveries] of skip)
      await repo.skipDeliveries(this.#db, deliveries, outOfReach(creator), this.#iso());
    return { send, taken: claimed.length };
  }

  async #deliver(delivery: repo.ClaimedDelivery): Promise<void> {
    const body =
      delivery.format === 'slack'
        ? JSON.stringify(slackMessage(JSON.parse(delivery.payload) as EventPayload))
        : delivery.payload;
    const timestamp = Math.floor(this.#now() / 1000);
    const started = performance.now();
    let outcome: repo.AttemptOutcome;
    try {
      const response = await this.#send({
        url: delivery.url,
        body,
        timeoutMs: this.#timeoutMs,
        headers: {
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(delivery.secret, delivery.eventId, timestamp, body),
        },
      });
      const ok = response.status >= 200 && response.status < 300;
      outcome = {
        ok,
        statusCode: response.status,
        durationMs: performance.now() - started,
        error: ok
          ? null
          : response.location
            ? `redirect to ${response.location} not followed`
            : `receiver answered ${response.status}`,
      };
    } catch (error) {
      outcome = {
        ok: false,
        statusCode: null,
        durationMs: performance.now() - started,
        error: (error as Error).message.slice(0, 1000),
      };
    }
    await this.#record(delivery, outcome);
  }

  /**
   * Outcomes are written in batches: an attempt joins the batch being gathered and resolves once it is
   * stored, so the attempt stays "in flight" (and its claim held) until then. One transaction per batch
   * instead of one per attempt.
   */
  #record(delivery: repo.ClaimedDelivery, outcome: repo.AttemptOutcome): Promise<void> {
    const now = this.#now();
    const delay = RETRY_DELAYS_MS[delivery.attempt - 1];
    return new Promise((resolve) => {
      this.#batch.push({
        entry: {
          delivery,
          outcome,
          at: new Date(now).toISOString(),
          retryAt: outcome.ok || delay === undefined ? null : new Date(now + delay).toISOString(),
        },
        subscriptionId: delivery.subscriptionId,
        eventCreatedAt: delivery.eventCreatedAt,
        done: resolve,
      });
      if (!this.#flushing) this.#flushing = this.#flushLoop();
    });
  }

  async #flushLoop(): Promise<void> {
    // Let the attempts finishing in this turn of the event loop join the first batch.
    await nextTurn();
    while (this.#batch.length > 0) {
      const batch = this.#batch.splice(0, 500);
      try {
        const recorded = await this.#db.transaction().execute(async (trx) => {
          const stored = await repo.recordOutcomes(
            trx,
            batch.map((b) => b.entry),
          );
          const healthy = new Set<string>();
          const failing = new Set<string>();
          for (const b of batch) {
            if (!stored.includes(b.entry)) continue;
            (b.entry.outcome.ok ? healthy : failing).add(b.subscriptionId);
          }
          for (const id of healthy) failing.delete(id);
          await repo.markSubscriptionsHealthy(trx, [...healthy]);
          const at = new Date(this.#now()).toISOString();
          for (const id of failing) await repo.markSubscriptionFailing(trx, id, at, DISABLE_AFTER_MS);
          return stored;
        });
        const stored = new Set(recorded);
        for (const b of batch) {
          if (!stored.has(b.entry)) continue;
          const { outcome } = b.entry;
          this.#observer?.attempt(outcome.ok ? 'success' : 'failure', outcome.durationMs);
          if (outcome.ok) this.#observer?.delivered(this.#now() - Date.parse(b.eventCreatedAt));
        }
      } catch (error) {
        // Claims expire and the attempts are made again: at least once, never lost.
        this.#onError(error);
      }
      for (const b of batch) b.done();
    }
    this.#flushing = undefined;
  }
}
