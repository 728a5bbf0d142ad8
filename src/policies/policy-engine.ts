// Pure evaluation of an organisation's policies over one component: which violations it has and why
// (docs/policies.md: one per policy and component, or per finding when a condition is about a vulnerability).
import {
  compileConditions,
  type ComponentFacts,
  type CompiledCondition,
  type Condition,
} from './conditions.ts';
import type { LicenseList } from './license-evaluator.ts';

export const POLICY_KINDS = ['license', 'security', 'operational'] as const;
export const POLICY_OPERATORS = ['any', 'all'] as const;
export const VIOLATION_STATES = ['info', 'warn', 'fail'] as const;
export type ViolationState = (typeof VIOLATION_STATES)[number];

/** A policy ready to evaluate. */
export interface CompiledPolicy {
  id: string;
  name: string;
  kind: string;
  state: string;
  operator: 'any' | 'all';
  assetNames: string[] | null;
  tags: string[] | null;
  component: Extract<CompiledCondition, { scope: 'component' }>[];
  vulnerability: Extract<CompiledCondition, { scope: 'vulnerability' }>[];
  /** Whether it reads the component's vulnerabilities (a vulnerability condition or a CEL expression). */
  usesVulns: boolean;
}

export interface ViolationDraft {
  policyId: string;
  componentId: string;
  /** '' when the violation is not about one vulnerability. */
  findingId: string;
  kind: string;
  state: string;
  reason: string;
}

export interface PolicyDefinition {
  id: string;
  name: string;
  kind: string;
  violationState: string;
  operator: 'any' | 'all';
  conditions: Condition[];
  assetNames: string[] | null;
  tags: string[] | null;
}

/** Compiles a stored policy; a condition that no longer compiles (its group was removed) is never met. */
export function compilePolicy(
  policy: PolicyDefinition,
  groups: ReadonlyMap<string, LicenseList>,
): CompiledPolicy {
  let { compiled } = compileConditions(policy.conditions, groups);
  // `all` with a condition that cannot hold is never met; `any` goes on with the others.
  if (compiled.length < policy.conditions.length && policy.operator === 'all') compiled = [];
  return {
    id: policy.id,
    name: policy.name,
    kind: policy.kind,
    state: policy.violationState,
    operator: policy.operator,
    assetNames: policy.assetNames,
    tags: policy.tags,
    component: compiled.filter((c) => c.scope === 'component'),
    vulnerability: compiled.filter((c) => c.scope === 'vulnerability'),
    usesVulns:
      compiled.some((c) => c.scope === 'vulnerability') ||
      policy.conditions.some((c) => c.subject === 'expression'),
  };
}

/** Whether a policy applies to an asset: no assetNames and no tags means every asset. */
export function appliesTo(policy: CompiledPolicy, asset: { name: string; tags: readonly string[] }): boolean {
  if (policy.assetNames === null && policy.tags === null) return true;
  if (policy.assetNames?.includes(asset.name)) return true;
  return policy.tags?.some((t) => asset.tags.includes(t)) ?? false;
}

/** Whether any policy needs the component's vulnerabilities (else the findings need not be read). */
export const needsVulnerabilities = (policies: readonly CompiledPolicy[], hasExpression: boolean) =>
  hasExpression || policies.some((p) => p.vulnerability.length > 0);

/** The violations of one component under the policies that apply to its asset. */
export function evaluateComponent(
  policies: readonly CompiledPolicy[],
  facts: ComponentFacts,
): ViolationDraft[] {
  const out: ViolationDraft[] = [];
  for (const policy of policies) {
    const draft = (findingId: string, reasons: string[]) =>
      out.push({
        policyId: policy.id,
        componentId: facts.id,
        findingId,
        kind: policy.kind,
        state: policy.state,
        reason: reasons.join('; '),
      });
    const componentReasons: string[] = [];
    let allComponentMet = true;
    for (const condition of policy.component) {
      const reason = condition.test(facts);
      if (reason === null) allComponentMet = false;
      else componentReasons.push(reason);
    }
    if (policy.component.length === 0 && policy.vulnerability.length === 0) continue;
    if (policy.operator === 'all') {
      if (!allComponentMet) continue;
      if (policy.vulnerability.length === 0) {
        draft('', componentReasons);
        continue;
      }
      for (const v of facts.vulns) {
        const reasons: string[] = [];
        for (const condition of policy.vulnerability) {
          const reason = condition.test(facts, v);
          if (reason === null) break;
          reasons.push(reason);
        }
        if (reasons.length === policy.vulnerability.length)
          draft(v.findingId, [...componentReasons, ...reasons]);
      }
      continue;
    }
    // any: a component condition met is one violation of the component; else one per vulnerability meeting one.
    if (componentReasons.length > 0) {
      draft('', componentReasons);
      continue;
    }
    for (const v of facts.vulns) {
      const reasons = policy.vulnerability.map((c) => c.test(facts, v)).filter((r) => r !== null);
      if (reasons.length > 0) draft(v.findingId, reasons);
    }
  }
  return out;
}
