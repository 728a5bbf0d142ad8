// A preload for a benchmark's server process (`BENCH_NODE_ARGS="--import ./bench/support/gc-trace.ts"`): appends
// to BENCH_GC_LOG (default bench/.out/gc-trace.log) every GC pause of at least BENCH_GC_MIN_MS (default 10 ms) and
// every event-loop stall of at least 50 ms, timestamped in UTC, with the heap's spaces after each major GC; and
// writes a heap snapshot on SIGUSR2 (into the log's folder). The target's stdout is not passed through by
// support/process.ts (it reads the LISTENING line), so V8's own --trace-gc output needs BENCH_TARGET_STDOUT.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = process.env.BENCH_GC_LOG ?? new URL('../.out/gc-trace.log', import.meta.url).pathname;
const minMs = Number(process.env.BENCH_GC_MIN_MS ?? 10);
mkdirSync(dirname(file), { recursive: true });
const MiB = 2 ** 20;
const now = () => new Date().toISOString().slice(11, 23);
const write = (line: string) => appendFileSync(file, `${now()} ${line}\n`);

const kinds: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};
const spaces = () =>
  v8
    .getHeapSpaceStatistics()
    .map((s) => `${s.space_name} ${(s.space_used_size / MiB).toFixed(1)}/${(s.space_size / MiB).toFixed(1)}`)
    .join(', ');

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const detail = (entry as unknown as { detail?: { kind: number; flags: number } }).detail;
    if (entry.duration < minMs) continue;
    const kind = kinds[detail?.kind ?? 0] ?? String(detail?.kind);
    const heap = v8.getHeapStatistics();
    const { external, arrayBuffers } = process.memoryUsage();
    write(
      `gc ${kind} ${entry.duration.toFixed(1)} ms flags ${detail?.flags} heap ${(heap.used_heap_size / MiB).toFixed(1)}/${(heap.total_heap_size / MiB).toFixed(1)} MiB external ${(external / MiB).toFixed(1)} MiB (array buffers ${(arrayBuffers / MiB).toFixed(1)})` +
        (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR ? `; ${spaces()}` : ''),
    );
  }
}).observe({ entryTypes: ['gc'] });

// The heap and the memory outside it (Buffers, ArrayBuffers: V8 starts a GC when the latter grows past a limit).
if (process.env.BENCH_GC_SAMPLE_MS)
  setInterval(() => {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    write(
      `memory rss ${(rss / MiB).toFixed(1)} heap ${(heapUsed / MiB).toFixed(1)}/${(heapTotal / MiB).toFixed(1)} external ${(external / MiB).toFixed(1)} array buffers ${(arrayBuffers / MiB).toFixed(1)} MiB`,
    );
  }, Number(process.env.BENCH_GC_SAMPLE_MS)).unref();

let last = performance.now();
setInterval(() => {
  const t = performance.now();
  if (t - last > 60) write(`stall ${(t - last - 10).toFixed(1)} ms`);
  last = t;
}, 10).unref();

process.on('SIGUSR2', () =>
  write(`heap snapshot ${v8.writeHeapSnapshot(undefined, { exposeInternals: false } as never)}`),
);
write(`start pid ${process.pid} ${process.execArgv.join(' ')}`);
