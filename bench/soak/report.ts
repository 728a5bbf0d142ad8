// The soak's verdict: a table per request kind, the outage windows, RSS, and one PASS/FAIL line per criterion.
import type { Recorder, Sample } from './client.ts';
import type { Tenant } from './tenant.ts';
import type { Verification } from './verify.ts';

export interface Window {
  name: string;
  start: number;
  end: number;
}

export interface Inputs {
  recorder: Recorder;
  windows: Window[];
  /** Requests up to this long after a window ended still count as inside it. */
  graceMs: number;
  rssSamples: Array<{
    at: number;
    bytes: Array<number | undefined>;
    heap: Array<{ heapTotal: number; external: number } | undefined>;
  }>;
  warmupMs: number;
  instances: string[];
  verification: Verification;
  tenants: Tenant[];
  exits: Array<number | null>;
  readiness: { duringRedisOutage?: string[]; atEnd?: string[] };
}

export const P99_TARGET_MS = 250;
/** RSS is flat when the median of the last quarter of samples after warm-up is at most this × the first quarter's. */
export const RSS_GROWTH_LIMIT = 1.2;

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const mib = (bytes: number | undefined) =>
  bytes === undefined ? '-' : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const failed = (s: Sample) => s.status === 0 || s.status >= 500;

export function judge(inputs: Inputs): boolean {
  const { recorder, windows, graceMs, verification } = inputs;
  const inside = (s: Sample) => windows.some((w) => s.at < w.end + graceMs && s.at + s.ms > w.start);
  const samples = recorder.samples;
  const good = samples.filter((s) => s.tenant !== 'adversary');
  const bad = samples.filter((s) => s.tenant === 'adversary');

  console.log('\nRequests by kind (latency in ms, all of the run)');
  console.log(
    `${'tenant'.padEnd(11)} ${'kind'.padEnd(30)} ${'count'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)}  statuses`,
  );
  const groups = new Map<string, Sample[]>();
  for (const s of samples) {
    const key = `${s.tenant === 'adversary' ? 'adversary' : 'tenants'}\u0000${s.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [who, kind] = key.split('\u0000') as [string, string];
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const statuses = new Map<number, number>();
    for (const s of list) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    const shown = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      `${who.padEnd(11)} ${kind.padEnd(30)} ${String(list.length).padStart(6)} ${fmt(percentile(ms, 50)).padStart(6)} ${fmt(percentile(ms, 99)).padStart(6)} ${fmt(ms.at(-1)!).padStart(6)}  ${shown}`,
    );
  }

  console.log(
    `\nOutage windows (a request counts as inside when it overlaps a window or the ${graceMs / 1000} s after it)`,
  );
  for (const w of windows) {
    const during = samples.filter((s) => s.at < w.end + graceMs && s.at + s.ms > w.start);
    console.log(
      `  ${w.name.padEnd(20)} ${(w.start / 1000).toFixed(1)}–${(w.end / 1000).toFixed(1)} s (${((w.end - w.start) / 1000).toFixed(1)} s): ` +
        `${during.length} requests, ${during.filter(failed).length} 5xx/failed (${during.filter((s) => s.status >= 500).length} 5xx)`,
    );
  }

  const goodOutside = good
    .filter((s) => !inside(s))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const goodInside = good
    .filter(inside)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const nonUpload = good
    .filter((s) => !inside(s) && !s.kind.startsWith('upload'))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const failuresOutside = samples.filter((s) => failed(s) && !inside(s));
  // The second half of the warm-up: the tenants alone, past the instances' cold start (caches, compilation).
  const baseline = good
    .filter((s) => s.at >= inputs.warmupMs / 2 && s.at + s.ms < inputs.warmupMs && !inside(s))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  console.log('\nWell-behaved tenants, latency');
  console.log(
    `  baseline (alone, 2nd half of the warm-up): ${baseline.length} requests, p50 ${fmt(percentile(baseline, 50))} ms, p99 ${fmt(percentile(baseline, 99))} ms`,
  );
  console.log(
    `  outside the windows: ${goodOutside.length} requests, p50 ${fmt(percentile(goodOutside, 50))} ms, p99 ${fmt(percentile(goodOutside, 99))} ms (without uploads ${fmt(percentile(nonUpload, 99))} ms)`,
  );
  console.log(
    `  inside the windows:  ${goodInside.length} requests, p50 ${fmt(percentile(goodInside, 50))} ms, p99 ${fmt(percentile(goodInside, 99))} ms, max ${fmt(goodInside.at(-1) ?? NaN)} ms`,
  );

  console.log(
    `\nRSS per instance, sampled every 5 s; after the ${(inputs.warmupMs / 1000).toFixed(0)} s warm-up`,
  );
  let rssFlat = true;
  const after = inputs.rssSamples.filter((s) => s.at >= inputs.warmupMs);
  for (const [i, name] of inputs.instances.entries()) {
    const series = after.map((s) => s.bytes[i]).filter((b): b is number => b !== undefined);
    const quarter = Math.max(1, Math.floor(series.length / 4));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const quarters = (xs: number[]) => {
      const q = Math.max(1, Math.floor(xs.length / 4));
      return `${mib(median(xs.slice(0, q)))} → ${mib(median(xs.slice(-q)))}`;
    };
    const growth =
      series.length > 0 ? median(series.slice(-quarter)) / median(series.slice(0, quarter)) : NaN;
    const heaps = after.map((s) => s.heap[i]).filter((h) => h !== undefined);
    const flat = series.length >= 4 && growth <= RSS_GROWTH_LIMIT;
    rssFlat &&= flat;
    console.log(
      `  ${name}: ${series.length} samples, first ${mib(series[0])}, last ${mib(series.at(-1))}, max ${mib(Math.max(...series))}, ` +
        `median last quarter / first quarter ${growth.toFixed(2)}`,
    );
    // What the process's own objects hold (V8 heap, Buffers), first and last quarter medians: flat while RSS
    // grows means memory kept by the allocator, not by us.
    if (heaps.length > 0)
      console.log(
        `    V8 heap total ${quarters(heaps.map((h) => h.heapTotal))}, external (Buffers) ${quarters(heaps.map((h) => h.external))}`,
      );
  }

  const v = verification;
  console.log(
    `\nRead back: ${v.checked.sboms} SBOMs (${v.checked.components} components), ${v.checked.deletes} deletes, ` +
      `${v.checked.vendors} vendors, ${v.checked.triage} triaged findings; ${v.unacknowledged} writes never acknowledged (not counted)`,
  );
  for (const line of [...v.lost, ...v.duplicated].slice(0, 20)) console.log(`  ${line}`);
  const surprises = inputs.tenants.flatMap((t) => t.surprises.map((s) => `${t.name}: ${s}`));
  for (const line of surprises.slice(0, 10))
    console.log(`  unexpected answer to a well-behaved tenant: ${line}`);
  const kinds = new Map<string, number>();
  for (const s of failuresOutside)
    kinds.set(
      `${s.tenant === 'adversary' ? 'adversary' : 'tenants'} ${s.kind} ${s.status}`,
      (kinds.get(`${s.tenant === 'adversary' ? 'adversary' : 'tenants'} ${s.kind} ${s.status}`) ?? 0) + 1,
    );
  for (const [kind, n] of kinds) console.log(`  5xx/failed outside the windows: ${kind} ×${n}`);

  const { readiness } = inputs;
  console.log(
    `\n/readyz, bulwark_redis_up per instance: during the Redis outage [${readiness.duringRedisOutage?.join(' | ') ?? '-'}], at the end [${readiness.atEnd?.join(' | ') ?? '-'}]`,
  );
  const writes = v.checked.sboms + v.checked.deletes + v.checked.vendors + v.checked.triage;
  const p99 = percentile(goodOutside, 99);
  const criteria: Array<[string, boolean, string]> = [
    ['lost writes', v.lost.length === 0, `${v.lost.length} / ${writes} acknowledged writes`],
    ['stored twice (idempotent retries)', v.duplicated.length === 0, `${v.duplicated.length}`],
    [
      '5xx or failed outside the windows',
      failuresOutside.length === 0,
      `${failuresOutside.length} / ${samples.filter((s) => !inside(s)).length} requests (grace ${graceMs / 1000} s)`,
    ],
    [
      'p99 well-behaved, outside windows',
      p99 <= P99_TARGET_MS,
      `${fmt(p99)} ms / ${P99_TARGET_MS} ms = ${(p99 / P99_TARGET_MS).toFixed(2)}; × baseline ${(p99 / percentile(baseline, 99)).toFixed(2)}`,
    ],
    ['well-behaved never refused (4xx)', surprises.length === 0, `${surprises.length} / ${good.length}`],
    [
      'adversary refused, never 5xx',
      bad.filter(failed).length === 0 || bad.filter((s) => failed(s) && !inside(s)).length === 0,
      `${bad.filter((s) => s.status >= 400 && s.status < 500).length} refused, ${bad.filter((s) => failed(s) && !inside(s)).length} 5xx/failed outside windows`,
    ],
    ['RSS flat after warm-up', rssFlat, `last/first quarter ≤ ${RSS_GROWTH_LIMIT}`],
    [
      'Redis: degraded while away, reconnected',
      (readiness.duringRedisOutage ?? []).every((r) => r.startsWith('degraded, bulwark_redis_up 0')) &&
        readiness.duringRedisOutage?.length === inputs.instances.length &&
        (readiness.atEnd ?? []).every((r) => r === 'ready, bulwark_redis_up 1'),
      `${readiness.duringRedisOutage?.join(' | ')} → ${readiness.atEnd?.join(' | ')}`,
    ],
    [
      'both instances alive',
      inputs.exits.every((e) => e === null),
      inputs.exits.map((e) => (e === null ? 'up' : `exit ${e}`)).join(', '),
    ],
    [
      'faults injected',
      windows.length === 2 && windows.every((w) => Number.isFinite(w.end)),
      windows.map((w) => w.name).join(', '),
    ],
  ];
  console.log('');
  for (const [name, pass, detail] of criteria)
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(36)} ${detail}`);
  const verdict = criteria.every(([, pass]) => pass);
  console.log(`\nSOAK ${verdict ? 'PASS' : 'FAIL'}`);
  return verdict;
}
