// Policy conditions (docs/policies.md): each subject's operators and value, checked when a policy is saved
// (every problem named by its path) and compiled once into tests over a component and its vulnerabilities.
import type { ErrorDetail } from '../errors.ts';
import type { CompiledExpression } from '../shared/cel.ts';
import {
  describeLicense,
  LicenseList,
  licenseConditionMet,
  type ComponentLicense,
} from './license-evaluator.ts';
import {
  compilePolicyExpression,
  evaluatePolicyExpression,
  policyCelBudget,
  probeContext,
  type CelContext,
} from './policy-cel.ts';
import { parsePurlPattern, purlMatches } from './purl-pattern.ts';
import { SUBJECT_OPERATORS, SUBJECTS, type Subject } from './subject-operators.ts';
import { inRange, parseVersionRange } from './version-range.ts';

export interface Condition {
  subject: string;
  operator: string;
  value: unknown;
}

export interface VulnFacts {
  findingId: string;
  vulnerabilityId: string;
  aliases: string[];
  severity: string;
  cvss: number | null;
  kev: boolean;
  epss: number | null;
  cwes: string[];
}

export interface ComponentFacts {
  id: string;
  name: string;
  group: string | null;
  version: string | null;
  purl: string | null;
  ecosystem: string | null;
  license: ComponentLicense;
  licenseMissing: boolean;
  vulns: VulnFacts[];
  asset: { name: string; tags: string[] };
}

/** One compiled condition: its reason when met (null when not), per component or per vulnerability. */
export type CompiledCondition =
  | { scope: 'component'; test: (c: ComponentFacts) => string | null }
  | { scope: 'vulnerability'; test: (c: ComponentFacts, v: VulnFacts) => string | null };

const SEVERITY_RANK: Record<string, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
const MISSING = ['purl', 'version', 'license'] as const;

/** Compiles conditions against the organisation's license groups (by name); problems carry `conditions.<i>.<field>` paths. */
export function compileConditions(
  conditions: readonly Condition[],
  groups: ReadonlyMap<string, LicenseList>,
): { compiled: CompiledCondition[]; problems: ErrorDetail[] } {
  const compiled: CompiledCondition[] = [];
  const problems: ErrorDetail[] = [];
  conditions.forEach((condition, i) => {
    const at = `conditions.${i}`;
    const outcome = compileOne(condition, groups);
    if (typeof outcome === 'string') {
      const field = outcome.startsWith('subject')
        ? 'subject'
        : outcome.startsWith('operator')
          ? 'operator'
          : 'value';
      problems.push({ path: `${at}.${field}`, message: outcome.slice(outcome.indexOf(' ') + 1) });
    } else compiled.push(outcome);
  });
  return { compiled, problems };
}

/** A compiled condition, or `"<field> <reason>"`. */
function compileOne(c: Condition, groups: ReadonlyMap<string, LicenseList>): CompiledCondition | string {
  if (!(c.subject in SUBJECT_OPERATORS)) return `subject '${c.subject}' is not one of ${SUBJECTS.join(', ')}`;
  const subject = c.subject as Subject;
  const operators: readonly string[] = SUBJECT_OPERATORS[subject];
  if (!operators.includes(c.operator))
    return `operator '${c.operator}' does not apply to ${subject} (use ${operators.join(' or ')})`;
  const value = c.value;
  const text = typeof value === 'string' ? value.trim() : null;
  switch (subject) {
    case 'license': {
      if (text === null || text === '') return 'value must be an SPDX id, LicenseRef-…, NONE or unknown';
      const op = c.operator as 'is' | 'is_not';
      if (text.toLowerCase() === 'unknown')
        return component((f) =>
          (f.license.kind === 'unknown') === (op === 'is')
            ? `license is ${describeLicense(f.license)}`
            : null,
        );
      if (LicenseList.invalidEntries([text]).length > 0)
        return `value '${text}' is not an SPDX license id, LicenseRef-… or NONE`;
      return licenseTest(op, new LicenseList([text]), op === 'is' ? `is ${text}` : `is not ${text}`);
    }
    case 'license_group': {
      const list = text === null ? undefined : groups.get(text.toLowerCase());
      if (!list) return `value '${String(value)}' is not a license group of this organisation`;
      const op = c.operator as 'is' | 'is_not';
      return licenseTest(op, list, op === 'is' ? `is in group ${text}` : `is not in group ${text}`);
    }
    case 'severity': {
      const level = text?.toUpperCase() ?? '';
      if (!(level in SEVERITY_RANK)) return 'value must be one of CRITICAL, HIGH, MEDIUM, LOW';
      const rank = SEVERITY_RANK[level]!;
      const atLeast = c.operator === 'at_least';
      return vuln((_, v) => {
        const own = SEVERITY_RANK[v.severity] ?? 0;
        const met = atLeast ? own >= rank : own === rank;
        return met
          ? `${v.vulnerabilityId} has severity ${v.severity}${atLeast ? ` (at least ${level})` : ''}`
          : null;
      });
    }
    case 'kev': {
      if (typeof value !== 'boolean') return 'value must be true or false';
      return vuln((_, v) =>
        v.kev === value ? `${v.vulnerabilityId} is ${value ? '' : 'not '}in the KEV catalog` : null,
      );
    }
    case 'epss': {
      if (typeof value !== 'number' || !(value >= 0 && value <= 1))
        return 'value must be a number from 0 to 1';
      return vuln((_, v) =>
        v.epss !== null && v.epss >= value
          ? `${v.vulnerabilityId} has EPSS ${v.epss} (at least ${value})`
          : null,
      );
    }
    case 'vulnerability_id': {
      if (text === null || text === '') return 'value must be a vulnerability id such as CVE-2021-44228';
      const wanted = text.toUpperCase();
      return vuln((_, v) =>
        [v.vulnerabilityId, ...v.aliases].some((id) => id.toUpperCase() === wanted)
          ? `${v.vulnerabilityId} is ${text}`
          : null,
      );
    }
    case 'cwe': {
      const match = text === null ? null : /^CWE-(\d+)$/i.exec(text);
      if (!match) return "value must be a CWE id such as 'CWE-79'";
      const wanted = `CWE-${Number(match[1])}`;
      return vuln((_, v) => (v.cwes.includes(wanted) ? `${v.vulnerabilityId} is ${wanted}` : null));
    }
    case 'purl': {
      if (text === null) return "value must be a purl pattern such as 'pkg:npm/event-stream'";
      const parsed = parsePurlPattern(text);
      if (!parsed.ok) return `value ${parsed.error}`;
      return component((f) =>
        purlMatches(parsed.pattern, f.purl) ? `purl ${f.purl} matches ${text}` : null,
      );
    }
    case 'version': {
      const parsed = parseVersionRange(value);
      if (!parsed.ok) return `value ${parsed.error}`;
      return component((f) =>
        inRange(parsed.range, f.ecosystem, f.version)
          ? `version ${f.version} is in ${JSON.stringify(value)}`
          : null,
      );
    }
    case 'expression':
      return expressionCondition(text);
    case 'missing': {
      if (!MISSING.includes(text as (typeof MISSING)[number]))
        return `value must be one of ${MISSING.join(', ')}`;
      return component((f) => {
        const missing =
          text === 'purl' ? f.purl === null : text === 'version' ? f.version === null : f.licenseMissing;
        return missing ? `${text} is missing` : null;
      });
    }
  }
}

const component = (test: (c: ComponentFacts) => string | null): CompiledCondition => ({
  scope: 'component',
  test,
});
const vuln = (test: (c: ComponentFacts, v: VulnFacts) => string | null): CompiledCondition => ({
  scope: 'vulnerability',
  test,
});

function licenseTest(op: 'is' | 'is_not', list: LicenseList, says: string): CompiledCondition {
  // The answer depends on the license alone, and an evaluation reads each distinct license text once into one
  // object shared by its components (LicenseCache in evaluation.ts): the walk and the reason are made once per
  // license, not once per component, and violations share the reason's string.
  const verdicts = new WeakMap<ComponentFacts['license'], string | null>();
  return component((f) => {
    let verdict = verdicts.get(f.license);
    if (verdict === undefined) {
      verdict = licenseConditionMet(f.license, op, list)
        ? `license ${describeLicense(f.license)} ${says}`
        : null;
      verdicts.set(f.license, verdict);
    }
    return verdict;
  });
}

function expressionCondition(text: string | null): CompiledCondition | string {
  if (text === null || text === '') return 'value must be a CEL expression';
  const compiled = compilePolicyExpression(text);
  if (!compiled.ok) return `value ${compiled.error}`;
  // Once on the largest context a component usually has, with the budget, so a runaway is refused at save time.
  const probe = evaluatePolicyExpression(
    compiled.expression,
    probeContext(),
    'npm',
    policyCelBudget().maxMs * 4,
  );
  if (!probe.ok) return `value ${probe.error}`;
  return component(expressionTest(compiled.expression, text));
}

function expressionTest(expression: CompiledExpression, text: string) {
  // An expression that fails or runs over its budget on a component is not met there (logged by no one: the
  // reason would be per component); the probe above keeps such expressions rare.
  return (f: ComponentFacts): string | null => {
    const result = evaluatePolicyExpression(expression, celContextOf(f), f.ecosystem);
    return result.ok && result.value === true ? `expression ${text.slice(0, 200)} is true` : null;
  };
}

export function celContextOf(f: ComponentFacts): CelContext {
  return {
    component: {
      name: f.name,
      group: f.group ?? '',
      version: f.version ?? '',
      purl: f.purl ?? '',
      ecosystem: f.ecosystem ?? '',
      license:
        f.license.kind === 'expression' ? f.license.text : f.license.kind === 'none' ? 'NONE' : 'unknown',
    },
    vulns: f.vulns.map((v) => ({
      id: v.vulnerabilityId,
      aliases: v.aliases,
      severity: v.severity,
      cvss: v.cvss ?? 0,
      epss: v.epss ?? 0,
      kev: v.kev,
      cwes: v.cwes,
    })),
    asset: f.asset,
  };
}
