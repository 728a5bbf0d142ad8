/**
 * The background loop of the server's schedules (vulnerability-data sync, evidence collection): a run shortly after
 * start, then one each interval after the previous one ended, so runs never overlap and a slow run delays the next
 * instead of piling up. The timers are unref'd: a schedule alone never keeps the process alive.
 */

export interface Repeating {
  /** Cancels the next run and waits for a running one. */
  stop: () => Promise<void>;
}

/**
 * Starts the loop; interval 0 (or less) starts nothing. `run` reports its own failures (it should not reject; a
 * rejection is dropped and the loop goes on at the next interval).
 */
export function startRepeating(run: () => Promise<unknown>, intervalMs: number): Repeating {
  if (intervalMs <= 0) return { stop: async () => {} };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const next = () => {
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  const tick = () => {
    running = run().then(next, next);
  };
  timer = setTimeout(tick, 0).unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
