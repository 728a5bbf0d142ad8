/** Queries compiled once per dialect and run with each call's values, for the hottest reads. */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { dialectOf, type DialectName } from './connect.ts';
import type { Database } from './database.ts';

/**
 * A query built and compiled once per dialect, then run with each call's values. For the hottest reads, where
 * building and compiling with the query builder costs more than SQLite takes to execute the query. `build`
 * must use its arguments only as values (compared, inserted): they are stand-ins while it compiles.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiled = new Map<DialectName, { query: CompiledQuery<Row>; slots: number[] }>();
  return async (db, ...args) => {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) {
      const standIns = args.map((_, i) => `\u0000arg${i}\u0000`);
      const query = build(db, ...(standIns as Args)).compile();
      const slots = query.parameters.map((p) => standIns.indexOf(p as string));
      for (let i = 0; i < args.length; i++) {
        if (!slots.includes(i)) throw new Error(`preparedQuery: argument ${i} is not used as a value`);
      }
      entry = { query, slots };
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
