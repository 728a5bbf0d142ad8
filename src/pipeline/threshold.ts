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
 * counts them as MEDIUM (docs/triage-rules.md).
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

/** `--fail-on` as given: one or more of FAIL_ON and `policy`, comma-separated (`high,policy`). */
export interface FailOnRule {
  levels: Exclude<FailOn, 'none'>[];
  /** An open violation in state `fail` fails the build (docs/policies.md). */
  policy: boolean;
}

/** Reads `--fail-on`; null when a part is not one of FAIL_ON or `policy`. */
export function parseFailOn(text: string): FailOnRule | null {
  const rule: FailOnRule = { levels: [], policy: false };
  for (const part of text.split(',').map((p) => p.trim().toLowerCase())) {
    if (part === 'policy') rule.policy = true;
    else if ((FAIL_ON as readonly string[]).includes(part)) {
      if (part !== 'none') rule.levels.push(part as Exclude<FailOn, 'none'>);
    } else return null;
  }
  return rule;
}

/** The findings any level of the rule takes (with `--unrated fail`, any open unrated one too), each once. */
export function findingsFailing(
  findings: readonly ReportFinding[],
  rule: FailOnRule,
  unrated: Unrated = 'as-medium',
): ReportFinding[] {
  const levels: FailOn[] = rule.levels.length > 0 ? rule.levels : ['none'];
  const failing = new Set(levels.flatMap((level) => findingsAtThreshold(findings, level, unrated)));
  return findings.filter((f) => failing.has(f));
}

/** The violations that fail a build under `policy`: open and in state `fail`. */
export const violationsFailing = <V extends { state: string; status: string }>(
  violations: readonly V[],
  rule: FailOnRule,
): V[] => (rule.policy ? violations.filter((v) => v.state === 'fail' && v.status === 'open') : []);
