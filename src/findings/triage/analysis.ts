// The VEX analysis a triage carries (docs/triage-rules.md): CycloneDX's justifications and responses, and how a
// finding's analysis is read from and written to its row.
import { fromJson, toJson } from '../../db/helpers.ts';

export const JUSTIFICATIONS = [
  'code_not_present',
  'code_not_reachable',
  'requires_configuration',
  'requires_dependency',
  'requires_environment',
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
] as const;
export type Justification = (typeof JUSTIFICATIONS)[number];

export const RESPONSES = [
  'can_not_fix',
  'will_not_fix',
  'update',
  'rollback',
  'workaround_available',
] as const;
export type Response = (typeof RESPONSES)[number];

/** Who set a finding's current triage; a person's (and a VEX document's, written by one) wins over rules. */
export const TRIAGE_SOURCES = ['person', 'vex', 'carry_over', 'rule'] as const;
export type TriageSource = (typeof TRIAGE_SOURCES)[number];

export interface Analysis {
  justification: Justification | null;
  /** Empty when unset is stored as null and returned as null. */
  response: Response[] | null;
  detail: string | null;
}

export const NO_ANALYSIS: Analysis = { justification: null, response: null, detail: null };

/** A row's analysis columns as the API shows them (null when unset). */
export function analysisOf(row: {
  justification: string | null;
  response: string | null;
  detail: string | null;
}): Analysis {
  const response = fromJson<Response[] | null>(row.response, null);
  return {
    justification: (row.justification as Justification | null) ?? null,
    response: response && response.length > 0 ? response : null,
    detail: row.detail ?? null,
  };
}

/** The analysis as columns; an empty response list is stored as null, so "unset" has one form. */
export function analysisColumns(a: Analysis): {
  justification: string | null;
  response: string | null;
  detail: string | null;
} {
  return {
    justification: a.justification,
    response: a.response && a.response.length > 0 ? toJson([...a.response]) : null,
    detail: a.detail,
  };
}

export const sameAnalysis = (a: Analysis, b: Analysis): boolean =>
  a.justification === b.justification &&
  a.detail === b.detail &&
  toJson(a.response ?? []) === toJson(b.response ?? []);
