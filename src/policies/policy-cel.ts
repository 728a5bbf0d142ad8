// The CEL environment of `expression` conditions: `component`, `vulns`, `asset`, and the DT-compatible functions
// `spdx_expr_allows(expr, [ids])`, `matches_range(version, range)` and `is_kev(vuln)` (docs/policies.md).
import {
  CelEnvironment,
  type CelBudget,
  type CompiledExpression,
  type EvaluateResult,
} from '../shared/cel.ts';
import { readComponentLicense } from './component-licenses.ts';
import { LicenseList, licenseConditionMet } from './license-evaluator.ts';
import { inRange, parseVersionRange } from './version-range.ts';

/** What an expression sees of a component (numbers are CEL doubles). */
export interface CelContext {
  component: {
    name: string;
    group: string;
    version: string;
    purl: string;
    ecosystem: string;
    /** The license in canonical SPDX form, `NONE`, or `unknown`. */
    license: string;
  };
  vulns: {
    id: string;
    aliases: string[];
    severity: string;
    cvss: number;
    epss: number;
    kev: boolean;
    cwes: string[];
  }[];
  asset: { name: string; tags: string[] };
}

// matches_range(version, range) reads the range in the component's ecosystem: the evaluation sets it.
let currentEcosystem: string | null = null;

const policyCel = new CelEnvironment({ component: 'map', vulns: 'list', asset: 'map' }, [
  {
    signature: 'spdx_expr_allows(string, list): bool',
    // True when some OR-branch of the expression consists of the given ids only (an allow list is satisfied).
    handler: ((expr: string, ids: unknown[]) =>
      !licenseConditionMet(
        readComponentLicense({ cdx: [{ expression: expr }] }, []),
        'is_not',
        new LicenseList(ids.map(String)),
      )) as never,
  },
  {
    signature: 'matches_range(string, string): bool',
    handler: ((version: string, range: string) => {
      const parsed = parseVersionRange(range);
      if (!parsed.ok) throw new Error(`matches_range: the range ${parsed.error}`);
      const ecosystem = parsed.range.kind === 'vers' ? parsed.range.ecosystem : currentEcosystem;
      return inRange(parsed.range, ecosystem, version === '' ? null : version);
    }) as never,
  },
  {
    signature: 'is_kev(map): bool',
    handler: ((vuln: Map<string, unknown> | Record<string, unknown>) => kevOf(vuln)) as never,
  },
]);

const kevOf = (vuln: Map<string, unknown> | Record<string, unknown>) =>
  (vuln instanceof Map ? vuln.get('kev') : vuln.kev) === true;

export const compilePolicyExpression = (text: string) => policyCel.compile(text);
export const policyCelBudget = (): CelBudget => policyCel.budget;

/** Evaluates with the component's ecosystem as `matches_range`'s default ordering. */
export function evaluatePolicyExpression(
  expression: CompiledExpression,
  context: CelContext,
  ecosystem: string | null,
  maxMs?: number,
): EvaluateResult {
  currentEcosystem = ecosystem;
  try {
    return policyCel.evaluate(expression, context as unknown as Record<string, unknown>, maxMs);
  } finally {
    currentEcosystem = null;
  }
}

/**
 * A context as large as a busy component gets (200 vulnerabilities, each with aliases and CWEs): an expression
 * that runs over its budget on it is refused when the policy is saved, not met later on every upload.
 */
export function probeContext(): CelContext {
  return {
    component: {
      name: 'probe',
      group: '',
      version: '1.0.0',
      purl: 'pkg:npm/probe@1.0.0',
      ecosystem: 'npm',
      license: 'MIT OR Apache-2.0',
    },
    vulns: Array.from({ length: 200 }, (_, i) => ({
      id: `GHSA-probe-${i}`,
      aliases: [`CVE-2026-${10000 + i}`, `PYSEC-2026-${i}`],
      severity: 'HIGH',
      cvss: 7.5,
      epss: 0.5,
      kev: i % 2 === 0,
      cwes: ['CWE-79', 'CWE-89'],
    })),
    asset: { name: 'probe', tags: ['a', 'b'] },
  };
}
