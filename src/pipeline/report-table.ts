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
    `${result.format === 'spdx' ? 'SPDX' : 'CycloneDX'} ${result.specVersion}, ${plural(result.componentCount, 'component')}: ` +
      `${s.total} open ${s.total === 1 ? 'finding' : 'findings'} (${s.CRITICAL} critical, ${s.HIGH} high, ${s.MEDIUM} medium, ${s.LOW} low, ${s.kev} in KEV)`,
  ];
  if (rows.length) lines.push('', line(header), ...rows.map((r) => line(r, true)));
  const violations = result.violations ?? [];
  if (violations.length) {
    const open = violations.filter((v) => v.status === 'open');
    lines.push(
      '',
      `${open.length} open policy violations (${open.filter((v) => v.state === 'fail').length} fail, ` +
        `${open.filter((v) => v.state === 'warn').length} warn, ${open.filter((v) => v.state === 'info').length} info)`,
      ...violations.map(
        (v) =>
          `${v.state.toUpperCase().padEnd(4)}  ${v.policyName}  ${v.component.name}${v.component.version ? ` ${v.component.version}` : ''}: ${v.reason}${v.status === 'suppressed' ? ' (suppressed)' : ''}`,
      ),
    );
  }
  return lines.join('\n');
}

/** `1 component`, `2 components`. */
export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Ecosystems among the components for which the store holds no advisory, and components without a purl of a
 * known ecosystem (given `componentCount`): zero findings there mean nothing.
 */
export function coverageWarnings(coverage: readonly Coverage[], componentCount?: number): string[] {
  const warnings = coverage
    .filter((c) => c.advisories === 0)
    .map(
      (c) =>
        `warning: no advisories loaded for ${c.ecosystem} (${plural(c.components, 'component')} not checked)`,
    );
  const withoutPurl = (componentCount ?? 0) - coverage.reduce((sum, c) => sum + c.components, 0);
  if (withoutPurl > 0)
    warnings.push(
      `warning: ${plural(withoutPurl, 'component')} without a purl of a known ecosystem (not checked)`,
    );
  return warnings;
}

/** Components no advisory could match: those without an ecosystem (no purl) and those of uncovered ecosystems. */
export function uncheckedComponents(componentCount: number, coverage: readonly Coverage[]): number {
  const checked = coverage.filter((c) => c.advisories > 0).reduce((sum, c) => sum + c.components, 0);
  return componentCount - checked;
}
