// The terminal table of a scan report; colours only when asked (the CLI asks on a TTY without NO_COLOR).
import type { Coverage, ScanResult } from './scan.service.ts';

const COLOUR: Record<string, string> = {
  CRITICAL: '\u001b[1;31m',
  HIGH: '\u001b[31m',
  MEDIUM: '\u001b[33m',
  LOW: '\u001b[36m',
  UNRATED: '\u001b[35m',
};
const RESET = '\u001b[0m';

export function reportTable(result: ScanResult, colour: boolean): string {
  const header = ['SEVERITY', 'VULNERABILITY', 'PACKAGE', 'VERSION', 'FIXED IN', 'STATUS'];
  // An advisory without any score is said to be unrated, not shown as the MEDIUM it counts as (section 16).
  const rows = result.findings.map((f) => [
    f.severitySource === 'default' ? 'UNRATED' : f.severity,
    f.vulnerabilityId + (f.kev ? ' (KEV)' : ''),
    f.component.name,
    f.component.version ?? '',
    f.fixedVersions.join(', '),
    f.status,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[], paint = false) =>
    cells
      .map((cell, i) => {
        const padded = cell.padEnd(widths[i]!);
        return paint && i === 0 && colour ? `${COLOUR[cell] ?? ''}${padded}${RESET}` : padded;
      })
      .join('  ')
      .trimEnd();
  const s = result.summary;
  const lines = [
    `${result.format === 'spdx' ? 'SPDX' : 'CycloneDX'} ${result.specVersion}, ${result.componentCount} components: ` +
      `${s.total} open findings (${s.CRITICAL} critical, ${s.HIGH} high, ${s.MEDIUM} medium, ${s.LOW} low, ${s.kev} in KEV)`,
  ];
  if (rows.length) lines.push('', line(header), ...rows.map((r) => line(r, true)));
  return lines.join('\n');
}

/** Ecosystems among the components for which the store holds no advisory: zero findings there mean nothing. */
export function coverageWarnings(coverage: readonly Coverage[]): string[] {
  return coverage
    .filter((c) => c.advisories === 0)
    .map((c) => `warning: no advisories loaded for ${c.ecosystem} (${c.components} components not checked)`);
}
