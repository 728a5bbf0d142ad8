// The 90-day trend of open findings, derived in the browser from the findings themselves (no trend endpoint
// exists): a finding counts as open on a day when it was created by then and either is still open or changed
// status after that day. Findings moved through several statuses count by their latest change only.
import type { Finding } from '../api/types.ts';

const DAY = 86_400_000;

export function openTrend(
  findings: readonly Finding[],
  now: Date,
  days = 90,
): { day: string; value: number }[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY;
  const start = end - days * DAY;
  // Difference arrays: +1 on the day a finding opens, -1 on the day it stops being open.
  const delta = new Int32Array(days + 1);
  let before = 0;
  for (const f of findings) {
    const created = Date.parse(f.createdAt);
    const closed = f.status === 'open' ? Infinity : Date.parse(f.statusChangedAt);
    if (closed <= start || created >= end) continue;
    if (created < start) before++;
    else delta[Math.floor((created - start) / DAY)]! += 1;
    if (closed < end) delta[Math.floor((closed - start) / DAY)]! -= 1;
  }
  const points: { day: string; value: number }[] = [];
  let open = before;
  for (let i = 0; i < days; i++) {
    open += delta[i]!;
    points.push({ day: new Date(start + i * DAY).toISOString().slice(0, 10), value: open });
  }
  return points;
}

/** Packages with the most open findings. */
export function topPackages(
  findings: readonly Finding[],
  n = 5,
): { label: string; name: string; count: number }[] {
  const counts = new Map<string, { label: string; name: string; count: number }>();
  for (const f of findings) {
    if (f.status !== 'open') continue;
    const label = f.component.version ? `${f.component.name} ${f.component.version}` : f.component.name;
    const entry = counts.get(label) ?? { label, name: f.component.name, count: 0 };
    entry.count++;
    counts.set(label, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, n);
}
