// `--fail-on`: which findings of a scan fail a build (docs/pipeline.md "Scan").
import type { ReportFinding } from './report-model.ts';
import { SEVERITY_ORDER } from './report-model.ts';

export const FAIL_ON = ['critical', 'high', 'medium', 'low', 'kev', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** Triage that says "this does not hurt us": such findings never fail a build. */
const SUPPRESSED = new Set(['false_positive', 'accepted_risk']);

/** The findings at or above the threshold (`kev`: in CISA's catalog, whatever the severity). */
export function findingsAtThreshold(findings: readonly ReportFinding[], failOn: FailOn): ReportFinding[] {
  if (failOn === 'none') return [];
  const live = findings.filter((f) => !SUPPRESSED.has(f.status));
  if (failOn === 'kev') return live.filter((f) => f.kev !== null);
  const limit = SEVERITY_ORDER.indexOf(failOn.toUpperCase() as (typeof SEVERITY_ORDER)[number]);
  return live.filter((f) => SEVERITY_ORDER.indexOf(f.severity) <= limit);
}
