/**
 * Long synchronous loops (an import parses thousands of documents one after another) give the event loop a
 * turn every `budgetMs`, so other requests are served meanwhile (docs/resilience.md, "Time and memory"). Call the
 * returned function after each unit of work; it resolves at once until the budget is spent.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** For callers with no one to give a turn to. */
export const noTurn = async (): Promise<void> => {};

export function turnTaker(budgetMs = 30): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}
