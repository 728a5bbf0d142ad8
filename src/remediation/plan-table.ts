/** The upgrade plan as a terminal table (`bulwark scan --remediation`), most valuable first as the plan comes. */
import type { PlanItem } from './upgrade-plan.ts';

/** What to upgrade to, in words: the version, "above X", or "no fix" when the advisories name none. */
export const targetText = (item: Pick<PlanItem, 'targetVersion' | 'targetAbove'>): string =>
  item.targetVersion ?? (item.targetAbove !== null ? `above ${item.targetAbove}` : 'no fix');

function fixesText(item: PlanItem): string {
  const s = item.fixes.bySeverity;
  const parts = [
    [s.CRITICAL, 'critical'],
    [s.HIGH, 'high'],
    [s.MEDIUM, 'medium'],
    [s.LOW, 'low'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, label]) => `${n} ${label}`);
  const other = item.fixes.total - s.CRITICAL - s.HIGH - s.MEDIUM - s.LOW;
  if (other > 0) parts.push(`${other} other`);
  return `${item.fixes.total}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

export function planTable(plan: readonly PlanItem[]): string {
  if (plan.length === 0) return 'Upgrade plan: nothing to upgrade (no open findings).';
  const header = ['PACKAGE', 'CURRENT', 'UPGRADE TO', 'FIXES', 'KEV', 'REMAINING', 'INTRODUCED BY'];
  const rows = plan.map((i) => [
    i.purl,
    i.currentVersion,
    targetText(i),
    fixesText(i),
    String(i.fixes.kev),
    String(i.remaining),
    i.introducedBy.join(', ') || '-',
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  const fixes = plan.reduce((n, i) => n + i.fixes.total, 0);
  return [
    `Upgrade plan: ${plan.length} packages, ${fixes} findings fixed by the upgrades below`,
    '',
    line(header),
    ...rows.map(line),
  ].join('\n');
}
