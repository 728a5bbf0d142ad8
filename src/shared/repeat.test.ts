/** The schedules' loop: first run at start, the next one interval after the previous ended, never overlapping. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startRepeating } from './repeat.ts';

/** Lets resolved runs re-arm their timer (a few microtask turns). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A run the test finishes by hand (resolve or reject), counting starts. */
function controlledRun() {
  const pending: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  return {
    pending,
    run: () => new Promise<void>((resolve, reject) => void pending.push({ resolve, reject })),
  };
}

describe('startRepeating', () => {
  it('interval 0 starts nothing', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let runs = 0;
    const loop = startRepeating(async () => void runs++, 0);
    t.mock.timers.tick(60_000);
    assert.equal(runs, 0);
    await loop.stop();
  });

  it('runs at start, then one interval after each run ended; a slow run delays the next, a failed one does not stop the loop', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { pending, run } = controlledRun();
    const loop = startRepeating(run, 1_000);
    t.mock.timers.tick(0);
    assert.equal(pending.length, 1);
    // Still running after three intervals: nothing else starts.
    t.mock.timers.tick(3_000);
    assert.equal(pending.length, 1);
    pending[0]!.resolve();
    await settle();
    t.mock.timers.tick(999);
    assert.equal(pending.length, 1);
    t.mock.timers.tick(1);
    assert.equal(pending.length, 2);
    pending[1]!.reject(new Error('store down'));
    await settle();
    t.mock.timers.tick(1_000);
    assert.equal(pending.length, 3);
    pending[2]!.resolve();
    await loop.stop();
  });

  it('stop cancels the next run and waits for the one running', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { pending, run } = controlledRun();
    const loop = startRepeating(run, 1_000);
    t.mock.timers.tick(0);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await settle();
    assert.equal(stopped, false, 'waits for the running run');
    pending[0]!.resolve();
    await stopping;
    t.mock.timers.tick(10_000);
    assert.equal(pending.length, 1, 'no run after stop');
  });
});
