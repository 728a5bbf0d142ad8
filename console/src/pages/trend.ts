// The overview's most affected packages, counted from the open findings.
import type { Finding } from '../api/types.ts';

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
