/**
 * Runs the tool calls of one connection one after another, each after a turn of the event loop, within an
 * optional time budget (docs/resilience.md, "Tool batches").
 */
import { nextTurn } from '../shared/turns.ts';

/** The time an HTTP request's calls (a JSON-RPC batch of up to 20) may take together. */
export const BATCH_BUDGET_MS = 10_000;

/**
 * A JSON-RPC batch used to start its 20 calls at once: on SQLite their queries answer synchronously, so the
 * whole batch ran without a turn (20 × supplier_list over masking bait held everyone 1–2 s). One at a time with
 * a turn before each, a batch holds the event loop for one call at most. `overBudget` answers a call that would
 * start once `budgetMs` have passed since the queue was made; calls already running finish.
 */
export function callQueue<T>(
  budgetMs: number | undefined,
  overBudget: () => T,
  now: () => number = () => performance.now(),
): (call: () => Promise<T>) => Promise<T> {
  const since = now();
  let tail: Promise<unknown> = Promise.resolve();
  return (call) => {
    const run = tail.then(async () => {
      await nextTurn();
      if (budgetMs !== undefined && now() - since > budgetMs) return overBudget();
      return call();
    });
    tail = run.catch(() => {});
    return run;
  };
}
