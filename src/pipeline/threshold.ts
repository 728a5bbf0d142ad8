// `--fail-on`: which findings of a scan fail a build (docs/pipeline.md "Scan").
import type { ReportFinding } from './report-model.ts';
import { SEVERITY_ORDER } from './report-model.ts';

export const FAIL_ON = ['critical', 'high', 'medium', 'low', 'kev', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** Triage that says "this does not hurt us": such findings never fail a build. */
const SUPPRESSED = new Set(['false_positive', 'accepted_risk']);

/**
 * `--unrated`: how the gate treats findings whose advisories carry no score (`severitySource: "default"`):
 * `fail` fails on any open one whatever `--fail-on` says, `ignore` never counts them, `as-medium` (the default)
 * counts them as MEDIUM (DESIGN section 16).
 */
export const UNRATED = ['fail', 'ignore', 'as-medium'] as const;
export type Unrated = (typeof UNRATED)[number];

const isUnrated = (f: ReportFinding) => f.severitySource === 'default';

/** The findings at or above the threshold (`kev`: in CISA's catalog, whatever the severity). */
export function findingsAtThreshold(
  findings: readonly ReportFinding[],
  failOn: FailOn,
  unrated: Unrated = 'as-medium',
): ReportFinding[] {
  const live = findings.filter((f) => !SUPPRESSED.has(f.status) && !(unrated === 'ignore' && isUnrated(f)));
  const forced = unrated === 'fail' ? live.filter((f) => isUnrated(f) && f.status === 'open') : [];
  if (failOn === 'none') return forced;
  const limit = SEVERITY_ORDER.indexOf(failOn.toUpperCase() as (typeof SEVERITY_ORDER)[number]);
  const severity = (f: ReportFinding) => (isUnrated(f) ? 'MEDIUM' : f.severity);
  const hit = (f: ReportFinding) =>
    forced.includes(f) || (failOn === 'kev' ? f.kev !== null : SEVERITY_ORDER.indexOf(severity(f)) <= limit);
  return live.filter(hit);
}
