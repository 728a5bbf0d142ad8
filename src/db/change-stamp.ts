/** A cheap number that moves whenever tokens or organisations change, in this process or another. */
import pg from 'pg';

/**
 * A number that changes whenever tokens or organisations may have changed, including by another process (a
 * CLI revocation must apply at once), so a cache can tell when to drop what it holds. `undefined` means the
 * store cannot tell right now: do not cache.
 */
export type ChangeStamp = () => number | undefined;

/**
 * The PostgreSQL notification channel the migration's triggers announce token and organisation changes on;
 * the payload is the schema, so deployments sharing a database do not invalidate each other.
 */
export const PRINCIPAL_CHANNEL = 'bulwark_principals';

const RECONNECT_MS = 1000;

/**
 * PostgreSQL: one dedicated LISTEN connection, opened on first use; each notification bumps the stamp. While
 * it is not listening (connecting, lost, closed) the stamp is undefined, so nothing stale is ever served.
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

  /** `config` as the pool's: the same search path, so the same schema. */
  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  readonly stamp: ChangeStamp = () => {
    if (this.#listening) return this.#generation;
    if (!this.#connecting && !this.#retry && !this.#closed) void this.#connect();
    return undefined;
  };

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
