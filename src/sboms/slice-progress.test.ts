import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { describe, it } from 'node:test';
import { DEFAULT_SBOM_LIMITS } from './parsers/parse-sbom.ts';
import { abandoned, newProgress, SENT, SLICES_AHEAD, took, WAITING } from './slice-progress.ts';

/** Resolves once the worker waits for a slice to be taken (an awaited flag, not a sleep). */
async function untilWaiting(progress: Int32Array): Promise<void> {
  for (;;) {
    const wait = Atomics.waitAsync(progress, WAITING, 0);
    if (wait.async) await wait.value;
    if (Atomics.load(progress, WAITING) === 1) return;
  }
}

/** The parser worker's messages, one at a time in order. */
function messagesOf(worker: Worker): () => Promise<Record<string, unknown>> {
  const arrived: Record<string, unknown>[] = [];
  let wake: (() => void) | undefined;
  worker.on('message', (message: Record<string, unknown>) => {
    arrived.push(message);
    wake?.();
  });
  return async () => {
    while (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return arrived.shift()!;
  };
}

describe('the parser worker waits for the upload to take its slices', () => {
  it(
    `sends three slices ahead (SLICES_AHEAD ${SLICES_AHEAD}), one more per slice taken, and stops when the upload gives up`,
    { timeout: 30_000 },
    async () => {
      // 20,000 small components: five slices of 4,000 rows.
      const components = Array.from({ length: 20_000 }, (_, i) => `{"name":"c${i}"}`).join(',');
      const bytes = new TextEncoder().encode(
        `{"bomFormat":"CycloneDX","specVersion":"1.5","components":[${components}]}`,
      );
      const worker = new Worker(new URL('./parse-worker.ts', import.meta.url));
      try {
        const next = messagesOf(worker);
        const progress = newProgress();
        worker.postMessage({
          fileName: 'five.cdx.json',
          bytes,
          orgId: 'org_1',
          sbomId: 'sbom_1',
          limits: DEFAULT_SBOM_LIMITS,
          progress,
        });
        assert.deepEqual(await next(), { meta: { format: 'cyclonedx', specVersion: '1.5' } });
        const names: string[][] = [];
        for (let i = 0; i < 3; i++) {
          const { slice } = (await next()) as { slice: string };
          names.push((JSON.parse(slice) as unknown[][]).map((row) => row[6] as string));
        }
        assert.deepEqual(
          names.map((n) => [n.length, n[0], n.at(-1)]),
          [
            [4000, 'c0', 'c3999'],
            [4000, 'c4000', 'c7999'],
            [4000, 'c8000', 'c11999'],
          ],
        );
        // None of them taken: the worker waits, with three sent (without the wait it would send all five and end).
        await untilWaiting(progress);
        assert.equal(Atomics.load(progress, SENT), 3);
        // Taking one lets exactly one more through.
        took(progress);
        const fourth = JSON.parse(((await next()) as { slice: string }).slice) as unknown[][];
        assert.deepEqual([fourth.length, fourth[0]![6]], [4000, 'c12000']);
        await untilWaiting(progress);
        assert.equal(Atomics.load(progress, SENT), 4);
        // Giving up ends the worker's wait: its next message is the end, not the fifth slice or `done`.
        abandoned(progress);
        assert.deepEqual(await next(), { failure: '' });
      } finally {
        await worker.terminate();
      }
    },
  );
});
