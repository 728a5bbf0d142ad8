/** A cheap number that moves whenever tokens or organisations change, in this process or another. */
import pg from 'pg';

/**
 * A number that changes whenever tokens or organisations may have changed, including by another process (a
 * CLI revocation must apply at once), so a cache can tell when to drop what it holds. `undefined` means the
 * store cannot tell right now: do not cache.
 */
export type ChangeStamp = () => number | undefined;

/**
 * PostgreSQL's sync point (docs/identity.md, "Cached principals"): resolves true once every change committed
 * before the call has moved the stamp, false when that cannot be known (not listening, the round trip failed,
 * closing); then nothing cached may be trusted. SQLite needs none: its stamp is exact when read.
 */
export type ChangeBarrier = () => Promise<boolean>;

/**
 * The PostgreSQL notification channel the migration's triggers announce token and organisation changes on;
 * the payload is the schema, so deployments sharing a database do not invalidate each other.
 */
export const PRINCIPAL_CHANNEL = 'bulwark_principals';

const RECONNECT_MS = 1000;

/**
 * How long a barrier's `select 1` may take before the listener counts as lost: a round trip that slow means a
 * stalled database, and the request then reads the store under its own deadline instead of waiting twice.
 */
const BARRIER_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL: one dedicated LISTEN connection, opened on first use; each notification bumps the stamp. While
 * it is not listening (connecting, lost, closed) the stamp is undefined, so nothing stale is ever served.
 *
 * A notification reaches this process some time after the commit that sent it, so another instance's answer
 * can overtake it. `barrier` closes that gap: PostgreSQL sends a listening connection the notifications of
 * every transaction committed before it runs a query ahead of that query's result, so once a `select 1` sent
 * on this connection after the call has answered, every commit before the call has moved the stamp. Callers
 * that come while a round trip is in flight share the next one (it starts when the current one ends, after
 * they came): under load one round trip serves many requests.
 */
export class PostgresChangeListener {
  readonly #config: pg.ClientConfig;
  #schema: string | undefined;
  #client: pg.Client | undefined;
  #generation = 0;
  #listening = false;
  #connecting = false;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;
  /** The barrier's round trip on the wire, and the one queued behind it for callers that came after it left. */
  #inFlight: Promise<boolean> | undefined;
  #queued: Promise<boolean> | undefined;

  /** `config` as the pool's: the same search path, so the same schema. */
  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  readonly stamp: ChangeStamp = () => {
    if (this.#listening) return this.#generation;
    if (!this.#connecting && !this.#retry && !this.#closed) void this.#connect();
    return undefined;
  };

  readonly barrier: ChangeBarrier = () => {
    if (!this.#listening) return Promise.resolve(false);
    // A round trip already on the wire may have left before the caller's cue: it does not count.
    if (!this.#inFlight) return this.#roundTrip();
    this.#queued ??= this.#inFlight.then(() => {
      this.#queued = undefined;
      return this.#roundTrip();
    });
    return this.#queued;
  };

  #roundTrip(): Promise<boolean> {
    const client = this.#client;
    if (!client || !this.#listening) return Promise.resolve(false);
    // pg honours a query's own `query_timeout` (its types leave it out of QueryConfig).
    const deadline = Math.min(BARRIER_TIMEOUT_MS, this.#config.query_timeout ?? BARRIER_TIMEOUT_MS);
    const query = { text: 'select 1', query_timeout: deadline } as pg.QueryConfig;
    const trip = client.query(query).then(
      // Lost or closed meanwhile: the notifications may not all have arrived.
      () => this.#client === client && this.#listening,
      () => {
        // A connection that cannot answer cannot vouch for what it heard: drop it (the stamp moves) and reconnect.
        this.#lost(client);
        return false;
      },
    );
    this.#inFlight = trip;
    void trip.then(() => {
      if (this.#inFlight === trip) this.#inFlight = undefined;
    });
    return trip;
  }

  async #connect(): Promise<void> {
    this.#connecting = true;
    const client = new pg.Client(this.#config);
    client.on('notification', (message) => {
      if (message.payload === this.#schema) this.#generation++;
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      this.#schema = rows[0]?.schema;
      await client.query(`listen ${PRINCIPAL_CHANNEL}`);
      if (this.#closed) {
        await client.end();
        return;
      }
      this.#client = client;
      this.#listening = true;
    } catch {
      this.#lost(client);
    } finally {
      this.#connecting = false;
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client === client) {
      this.#client = undefined;
      this.#listening = false;
      this.#generation++;
    }
    client.end().catch(() => {});
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => (this.#retry = undefined), RECONNECT_MS);
    this.#retry.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#listening = false;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}
