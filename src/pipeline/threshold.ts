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

/** The findings any level of the rule takes, each once. */
export function findingsFailing(findings: readonly ReportFinding[], rule: FailOnRule): ReportFinding[] {
  const failing = new Set(rule.levels.flatMap((level) => findingsAtThreshold(findings, level)));
  return findings.filter((f) => failing.has(f));
}

/** The violations that fail a build under `policy`: open and in state `fail`. */
export const violationsFailing = <V extends { state: string; status: string }>(
  violations: readonly V[],
  rule: FailOnRule,
): V[] => (rule.policy ? violations.filter((v) => v.state === 'fail' && v.status === 'open') : []);
