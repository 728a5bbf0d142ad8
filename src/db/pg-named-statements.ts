/**
 * PostgreSQL parses and plans every unnamed statement anew. posture_summary's twenty statements spent about a
 * quarter of their time there (BENCHMARKS.md, "Tool server"). So the statements a store sends repeatedly become
 * named: each connection prepares a text once. PostgreSQL then reuses its plan, a generic one once that is as
 * cheap as planning for the values.
 */
import type pg from 'pg';

/** Longer texts (multi-row inserts, IN lists) are rarely sent twice: they stay unnamed. */
const MAX_TEXT = 8_192;
/** Distinct texts named per store: each of its connections may hold this many prepared statements. */
export const MAX_NAMED = 200;
/** Texts sent once that are remembered, to be named when they come again. */
const MAX_SEEN = 2_000;

type Query = (...args: unknown[]) => Promise<unknown> | undefined;

/**
 * The statement texts of one store and their names. A text is named when it comes a second time, so one-off
 * statements (a migration's DDL) never take one of the limited names; refused texts map to null.
 */
export class StatementNames {
  readonly #names = new Map<string, string | null>();
  readonly #seen = new Set<string>();
  readonly #limit: number;
  #next = 0;

  constructor(limit = MAX_NAMED) {
    this.#limit = limit;
  }

  /** The name for `text`, or null when it is sent unnamed. */
  nameOf(text: string): string | null {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (text.length > MAX_TEXT || this.#next >= this.#limit) return null;
    if (!this.#seen.has(text)) {
      if (this.#seen.size < MAX_SEEN) this.#seen.add(text);
      return null;
    }
    this.#seen.delete(text);
    const name = `bulwark_${this.#next++}`;
    this.#names.set(text, name);
    return name;
  }

  /** `text` is sent unnamed from now on. */
  refuse(text: string): void {
    this.#names.set(text, null);
  }
}

/**
 * A prepared statement whose result columns changed under it: a migration altered a table its `select *` reads.
 * This happens when a newer instance migrates while this one runs. PostgreSQL refuses to run the stale
 * statement; the same text sent unnamed is planned afresh.
 */
const isStalePlan = (error: unknown): boolean =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message);

/**
 * Makes `client` send Kysely's statements (`query(text, values)`, no callback) as named statements, by the
 * store's `names`. Everything else passes as it is: COPY streams, cursors, callbacks. A stale plan (above) is
 * retried unnamed, and that text is never named again. Inside a transaction the failed statement has already
 * aborted it, so the retry fails and the transaction reports DB_ERROR once.
 */
export function nameStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return query(...args);
    const name = names.nameOf(text);
    if (name === null) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      names.refuse(text);
      return query(text, values);
    });
  };
}
