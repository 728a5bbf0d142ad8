// The query planner's statistics after bulk writes. PostgreSQL plans a table autovacuum has not analysed yet
// with guessed row counts: right after a first upload of 100,000 components the policy re-evaluation read each
// page of components through a bitmap AND of two indexes and a sort of every remaining row, 3.4–4.7 s instead of
// 0.8–0.9 s once analysed (BENCHMARKS.md, "Policies"). PostgreSQL's manual advises ANALYZE after populating a
// table ("Populating a Database"); governance imports already do (governance/import/import.service.ts).
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import { analyzeTables } from './helpers.ts';

/** From this many rows written by one operation, the tables it filled get fresh statistics. */
export const ANALYZE_AFTER_ROWS = 5000;

/** Where a failed refresh is reported (the server's logger): it never fails the write that asked for it. */
export interface StatisticsLog {
  error(fields: object, message: string): void;
}

/**
 * Refreshes tables' statistics in the background, one ANALYZE run at a time: tables asked for during a run are
 * analysed by the next one, so ten large uploads in a row cost two runs, not ten queued behind each other.
 * ANALYZE takes a SHARE UPDATE EXCLUSIVE lock: readers and writers of the table go on meanwhile.
 */
export class StatisticsRefresh {
  readonly #db: Kysely<Database>;
  readonly #log: StatisticsLog | undefined;
  readonly #analyze: typeof analyzeTables;
  readonly #wanted = new Set<string>();
  #running: Promise<void> | undefined;

  /** `analyze`: what one run does (tests hold it to see the runs coalesce). */
  constructor(db: Kysely<Database>, log?: StatisticsLog, analyze: typeof analyzeTables = analyzeTables) {
    this.#db = db;
    this.#log = log;
    this.#analyze = analyze;
  }

  /** Asks for fresh statistics of `tables`; returns at once, never throws (failures are logged). */
  refresh(tables: readonly string[]): void {
    for (const table of tables) this.#wanted.add(table);
    if (this.#running || this.#wanted.size === 0) return;
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      // Asked for between the last run's end and this callback: nobody else would start it.
      this.refresh([]);
    });
  }

  /** Resolves when no refresh is going or asked for (tests, and a server closing its store). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    while (this.#wanted.size > 0) {
      const tables = [...this.#wanted].sort();
      this.#wanted.clear();
      try {
        await this.#analyze(this.#db, tables);
      } catch (error) {
        // Stale statistics only make some plans slower until autovacuum's next analysis: logged, not answered.
        if (this.#log) this.#log.error({ err: error, tables }, 'statistics refresh failed');
        else
          process.emitWarning(
            `statistics refresh of ${tables.join(', ')} failed: ${(error as Error).message}`,
          );
      }
    }
  }
}
