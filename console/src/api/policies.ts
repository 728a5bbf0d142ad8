// Policies, license groups, violations and triage rules as the console reads them (docs/policies.md,
// docs/triage-rules.md).
import { useQuery } from '@tanstack/react-query';
import { api, present, read, unwrap } from './http.ts';
import type { Body, Data, Query, Schema } from './rest.ts';

// The console's order of the contract's kinds and states (checked against the generated types).
export const POLICY_KINDS = [
  'license',
  'security',
  'operational',
] as const satisfies readonly Policy['kind'][];
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const VIOLATION_STATES = [
  'fail',
  'warn',
  'info',
] as const satisfies readonly Policy['violationState'][];
export type ViolationState = (typeof VIOLATION_STATES)[number];

// Each subject's operators: the server's own list (a leaf module of no imports), not a copy.
import type { Subject } from '../../../src/policies/subject-operators.ts';
export { SUBJECT_OPERATORS, SUBJECTS, type Subject } from '../../../src/policies/subject-operators.ts';

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

export type Policy = Schema<'Policy'>;
export type PolicyBody = Body<'postSscsPolicies'>;
export type Condition = Policy['conditions'][number];
export type ConditionValue = Condition['value'];
export type LicenseGroup = Schema<'LicenseGroup'>;
export type PolicyPreview = Data<'postSscsPoliciesPreview'>;
export type Violation = Schema<'Violation'>;
export type ViolationDetail = Schema<'ViolationDetail'>;
export type ViolationSummary = Data<'getSscsViolationsSummary'>;
export type TriageRule = Schema<'TriageRule'>;
export type RuleMatch = TriageRule['match'];
export type RuleBody = Body<'postSscsTriageRules'>;
export type RulePreview = Data<'postSscsTriageRulesPreview'>;

/** The violations list's filters: the API's query without the paging. */
export type ViolationFilter = Omit<Query<'getSscsViolations'>, 'limit' | 'cursor'>;

export const RULE_STATUSES = [
  'false_positive',
  'accepted_risk',
  'mitigated',
] as const satisfies readonly TriageRule['analysis']['status'][];
export type RuleStatus = (typeof RULE_STATUSES)[number];

export const usePolicies = () =>
  useQuery({ queryKey: ['policies'], queryFn: (): Promise<Policy[]> => read(api.GET('/sscs/policies')) });

export const useLicenseGroups = () =>
  useQuery({
    queryKey: ['license-groups'],
    queryFn: (): Promise<LicenseGroup[]> => read(api.GET('/sscs/license-groups')),
  });

/** The most violations a list shows (the API pages them; the rest are counted as "more"). */
export const VIOLATION_PAGE = 1_000;

export const useViolations = (filter: ViolationFilter) =>
  useQuery({
    queryKey: ['violations', 'list', filter],
    queryFn: async () => {
      const { data, meta } = await unwrap(
        api.GET('/sscs/violations', {
          params: { query: { ...present(filter), limit: VIOLATION_PAGE } },
        }),
      );
      return { items: data, more: typeof meta?.nextCursor === 'string' };
    },
  });

/** Open violations by state, of one SBOM or of the whole organisation (badges). */
export const useViolationSummary = (sbomId?: string) =>
  useQuery({
    queryKey: ['violations', 'summary', sbomId ?? ''],
    queryFn: (): Promise<ViolationSummary> =>
      read(api.GET('/sscs/violations/summary', { params: { query: present({ sbomId }) } })),
  });

/** Open violations of each SBOM that has any, in one request (the SBOM list's badges). */
export const useSbomViolationSummaries = () =>
  useQuery({
    queryKey: ['violations', 'summary', 'sboms'],
    queryFn: async () =>
      new Map((await read(api.GET('/sscs/violations/summary/sboms'))).map((s) => [s.sbomId, s])),
  });

export const useTriageRules = () =>
  useQuery({
    queryKey: ['triage-rules'],
    queryFn: (): Promise<TriageRule[]> => read(api.GET('/sscs/triage-rules')),
  });

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
