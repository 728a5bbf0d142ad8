// Each condition subject's operators (docs/policies.md): the one list the server checks a policy against and the
// console offers in its editor (console/src/api/policies.ts imports this file, so it must import nothing).
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
