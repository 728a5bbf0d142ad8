/**
 * Several single-row selects (counts: aggregates without GROUP BY) read in one statement, each a derived table of
 * a cross join with its columns renamed `<part>__<column>`. Each part stays the query its own tool runs; a caller
 * that needs many of them pays one compile, one driver call and, on PostgreSQL, one round trip, parse and result
 * instead of one per part (posture_summary's counts: BENCHMARKS.md, "Tool server").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './database.ts';

export interface SingleRow<C extends string> {
  /** A select returning exactly one row. */
  query: RawBuilder<unknown>;
  columns: readonly C[];
}

export const singleRow = <C extends string>(query: RawBuilder<unknown>, ...columns: C[]): SingleRow<C> => ({
  query,
  columns,
});

type Rows<P extends Record<string, SingleRow<string> | null>> = {
  [K in keyof P]: P[K] extends SingleRow<infer C> ? Record<C, unknown> : undefined;
};

/** Every part's row, by the part's name, read in one statement (a null part is not read: undefined). */
export async function selectSingleRows<P extends Record<string, SingleRow<string> | null>>(
  db: Kysely<Database>,
  parts: P,
): Promise<Rows<P>> {
  const named = Object.entries(parts).filter((e): e is [string, SingleRow<string>] => e[1] !== null);
  const columns = named.flatMap(([name, part], i) =>
    part.columns.map((c) => sql`${sql.ref(`p${i}.${c}`)} as ${sql.ref(`${name}__${c}`)}`),
  );
  const from = sql.join(
    named.map(([, part], i) => sql`(${part.query}) as ${sql.ref(`p${i}`)}`),
    sql` cross join `,
  );
  const result = await sql<Record<string, unknown>>`select ${sql.join(columns)} from ${from}`.execute(db);
  const row = result.rows[0] ?? {};
  return Object.fromEntries(
    named.map(([name, part]) => [
      name,
      Object.fromEntries(part.columns.map((c) => [c, row[`${name}__${c}`]])),
    ]),
  ) as Rows<P>;
}
