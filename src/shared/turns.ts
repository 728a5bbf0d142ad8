/**
 * Long synchronous loops (an import parses thousands of documents one after another) give the event loop a
 * turn every `budgetMs`, so other requests are served meanwhile (docs/resilience.md, "Time and memory"). Call the
 * returned function after each unit of work; it resolves at once until the budget is spent.
 */
import { setImmediate } from 'node:timers/promises';

/**
 * One real turn of the event loop: timers and I/O (other requests) run before it resolves. One setImmediate is
 * not always one: code resumed by I/O runs in the loop's poll phase, and an immediate queued there runs in the
 * same iteration's check phase, before any timer or new I/O; the second immediate is then the next iteration's.
 * An import's last batch and its re-match held SQLite's loop 230 ms through such a turn (BENCHMARKS.md,
 * "Vulnerability matching").
 */
export async function nextTurn(): Promise<void> {
  await setImmediate();
  await setImmediate();
}

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
