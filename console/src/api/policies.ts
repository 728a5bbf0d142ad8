// Policies, license groups, violations and triage rules as the console reads them (DESIGN sections 15 and 16;
// docs/policies.md, docs/triage.md).
import { useQuery } from '@tanstack/react-query';
import { call, get, query } from './http.ts';
import type { Justification, VexResponse } from './rest.ts';

export const POLICY_KINDS = ['license', 'security', 'operational'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const VIOLATION_STATES = ['fail', 'warn', 'info'] as const;
export type ViolationState = (typeof VIOLATION_STATES)[number];

/** Each subject's operators, as the server accepts them (src/policies/conditions.ts SUBJECT_OPERATORS). */
export const SUBJECT_OPERATORS = {
  license: ['is', 'is_not'],
  license_group: ['is', 'is_not'],
  severity: ['is', 'at_least'],
  kev: ['is'],
  epss: ['at_least'],
  vulnerability_id: ['is'],
  cwe: ['is'],
  purl: ['matches'],
  version: ['in_range'],
  expression: ['matches'],
  missing: ['is'],
} as const;
export type Subject = keyof typeof SUBJECT_OPERATORS;
export const SUBJECTS = Object.keys(SUBJECT_OPERATORS) as Subject[];

export const SUBJECT_LABELS: Record<Subject, string> = {
  license: 'License',
  license_group: 'License group',
  severity: 'Severity',
  kev: 'Known exploited (KEV)',
  epss: 'EPSS score',
  vulnerability_id: 'Vulnerability id',
  cwe: 'Weakness (CWE)',
  purl: 'Package URL',
  version: 'Version',
  expression: 'CEL expression',
  missing: 'Missing information',
};

export const OPERATOR_LABELS: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  at_least: 'at least',
  matches: 'matches',
  in_range: 'in range',
};

/** Which subjects suit which kind of policy (the server accepts any subject in any kind). */
export const KIND_SUBJECTS: Record<PolicyKind, Subject[]> = {
  license: ['license', 'license_group', 'missing', 'purl', 'expression'],
  security: ['severity', 'kev', 'epss', 'vulnerability_id', 'cwe', 'purl', 'version', 'expression'],
  operational: ['purl', 'version', 'missing', 'license', 'license_group', 'expression'],
};

export type ConditionValue = string | number | boolean | Record<string, string>;

export interface Condition {
  subject: string;
  operator: string;
  value: ConditionValue;
}

export interface Policy {
  id: string;
  name: string;
  description: string | null;
  kind: PolicyKind;
  operator: 'any' | 'all';
  violationState: ViolationState;
  conditions: Condition[];
  assetNames: string[] | null;
  tags: string[] | null;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PolicyBody = Omit<Policy, 'id' | 'createdAt' | 'updatedAt'>;

export interface LicenseGroup {
  id: string;
  name: string;
  licenses: string[];
  createdAt: string;
  updatedAt: string;
}

export interface PolicyPreview {
  sboms: number;
  violations: number;
  components: number;
  sample: {
    sbomId: string;
    assetName: string;
    componentId: string;
    component: { name: string; version: string | null; purl: string | null };
    findingId: string | null;
    state: ViolationState;
    reason: string;
  }[];
}

export interface Violation {
  id: string;
  policyId: string;
  policyName: string;
  kind: PolicyKind;
  state: ViolationState;
  componentId: string;
  component: { name: string; version: string | null; purl: string | null };
  sbomId: string;
  findingId?: string;
  reason: string;
  status: 'open' | 'suppressed';
  comment?: string;
  createdAt: string;
}

export interface ViolationDetail extends Violation {
  history: {
    fromStatus: 'open' | 'suppressed' | null;
    toStatus: 'open' | 'suppressed';
    comment: string | null;
    actorId: string;
    at: string;
  }[];
}

export interface ViolationSummary {
  fail: number;
  warn: number;
  info: number;
  total: number;
}

export interface ViolationFilter {
  policyId?: string;
  status?: 'open' | 'suppressed';
  state?: ViolationState;
  kind?: PolicyKind;
  sbomId?: string;
  assetName?: string;
}

export const RULE_STATUSES = ['false_positive', 'accepted_risk', 'mitigated'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export interface RuleMatch {
  vulnerabilityIds?: string[];
  purls?: string[];
  assetNames?: string[];
  tags?: string[];
  expression?: string;
}

export interface TriageRule {
  id: string;
  name: string;
  match: RuleMatch;
  analysis: {
    status: RuleStatus;
    justification: Justification | null;
    response: VexResponse[];
    detail: string;
  };
  validFrom: string | null;
  validUntil: string | null;
  priority: number;
  active: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface RuleBody {
  name: string;
  match: RuleMatch;
  analysis: { status: RuleStatus; justification?: Justification; response?: VexResponse[]; detail: string };
  validFrom?: string;
  validUntil?: string;
  priority: number;
}

export interface RulePreview {
  matching: number;
  wouldChange: number;
  findings: {
    id: string;
    vulnerabilityId: string;
    component: { name: string; version: string | null; purl: string | null };
    assetName: string;
    status: string;
    triageRuleId: string | null;
  }[];
}

export const usePolicies = () =>
  useQuery({ queryKey: ['policies'], queryFn: () => get<Policy[]>('/sscs/policies') });

export const useLicenseGroups = () =>
  useQuery({ queryKey: ['license-groups'], queryFn: () => get<LicenseGroup[]>('/sscs/license-groups') });

/** The most violations a list shows (the API pages them; the rest are counted as "more"). */
export const VIOLATION_PAGE = 1_000;

export const useViolations = (filter: ViolationFilter) =>
  useQuery({
    queryKey: ['violations', 'list', filter],
    queryFn: async () => {
      const { data, meta } = await call<Violation[]>(
        'GET',
        '/sscs/violations' + query({ ...filter, limit: VIOLATION_PAGE }),
      );
      return { items: data, more: typeof meta?.nextCursor === 'string' };
    },
  });

/** Open violations by state, of one SBOM or of the whole organisation (badges). */
export const useViolationSummary = (sbomId?: string) =>
  useQuery({
    queryKey: ['violations', 'summary', sbomId ?? ''],
    queryFn: () => get<ViolationSummary>('/sscs/violations/summary' + query({ sbomId })),
  });

/** Open violations of each SBOM that has any, in one request (the SBOM list's badges). */
export const useSbomViolationSummaries = () =>
  useQuery({
    queryKey: ['violations', 'summary', 'sboms'],
    queryFn: async () =>
      new Map(
        (await get<(ViolationSummary & { sbomId: string })[]>('/sscs/violations/summary/sboms')).map((s) => [
          s.sbomId,
          s,
        ]),
      ),
  });

export const useTriageRules = () =>
  useQuery({ queryKey: ['triage-rules'], queryFn: () => get<TriageRule[]>('/sscs/triage-rules') });

/** A condition in words: "license group is copyleft", "severity at least HIGH". */
export function describeCondition(c: Condition): string {
  const subject = (SUBJECT_LABELS[c.subject as Subject] ?? c.subject).toLowerCase();
  const operator = OPERATOR_LABELS[c.operator] ?? c.operator;
  const value =
    typeof c.value === 'object'
      ? Object.entries(c.value)
          .map(([k, v]) => `${k.replace('_', ' ')} ${v}`)
          .join(', ')
      : String(c.value);
  return `${subject} ${operator} ${value}`;
}
