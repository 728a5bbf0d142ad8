// Finding status and analysis ↔ VEX, both ways (docs/pipeline.md "VEX", docs/triage-rules.md). Import follows the
// contract's mapping; export picks what imports back to the same status and analysis, so a round trip through
// either format is lossless for all five statuses.
import type { FindingStatus } from '../../findings/finding.service.ts';
import type { Analysis, Justification, Response } from '../../findings/triage/analysis.ts';

/** The CycloneDX property that tells an accepted risk from an exploitable finding still open. */
export const STATUS_PROPERTY = 'bulwark:status';
/** The CycloneDX property that carries the finding's remediation notes. */
export const NOTES_PROPERTY = 'bulwark:remediationNotes';
export const MITIGATED_JUSTIFICATION: Justification = 'protected_by_mitigating_control';
export const OPENVEX_MITIGATED = 'inline_mitigations_already_exist';
export const RISK_ACCEPTED = 'Risk accepted';
/** What OpenVEX's not_affected says when the finding has no detail (the format asks for one or a justification). */
export const FALSE_POSITIVE_STATEMENT = 'Marked a false positive in Bulwark';

/** CycloneDX analysis.state → status (not_affected + protected_by_mitigating_control and the property aside). */
export const CYCLONEDX_IMPORT: Readonly<Record<string, FindingStatus>> = {
  not_affected: 'false_positive',
  false_positive: 'false_positive',
  resolved: 'fixed',
  resolved_with_pedigree: 'fixed',
  exploitable: 'open',
  in_triage: 'open',
};

/** OpenVEX status → status (not_affected + inline_mitigations_already_exist and "Risk accepted" aside). */
export const OPENVEX_IMPORT: Readonly<Record<string, FindingStatus>> = {
  not_affected: 'false_positive',
  fixed: 'fixed',
  affected: 'open',
  under_investigation: 'open',
};

/** CycloneDX justification → OpenVEX justification (OpenVEX has five, coarser). */
export const OPENVEX_JUSTIFICATION: Readonly<Record<Justification, string>> = {
  code_not_present: 'vulnerable_code_not_present',
  code_not_reachable: 'vulnerable_code_not_in_execute_path',
  requires_configuration: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_dependency: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_environment: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_by_compiler: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_at_runtime: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_at_perimeter: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_by_mitigating_control: OPENVEX_MITIGATED,
};

/** OpenVEX justification → the CycloneDX one it is read as. */
export const FROM_OPENVEX_JUSTIFICATION: Readonly<Record<string, Justification>> = {
  component_not_present: 'code_not_present',
  vulnerable_code_not_present: 'code_not_present',
  vulnerable_code_not_in_execute_path: 'code_not_reachable',
  vulnerable_code_cannot_be_controlled_by_adversary: 'requires_environment',
  inline_mitigations_already_exist: 'protected_by_mitigating_control',
};

/** status + analysis → CycloneDX analysis and properties. */
export function cyclonedxAnalysisOf(
  status: FindingStatus,
  analysis: Analysis,
): { state: string; justification: Justification | null; response: Response[]; accepted: boolean } {
  const response = [...(analysis.response ?? [])];
  switch (status) {
    case 'open':
      return { state: 'in_triage', justification: analysis.justification, response, accepted: false };
    case 'false_positive':
      // With a justification it is CycloneDX's not_affected (the usual form); without one, false_positive.
      return analysis.justification && analysis.justification !== MITIGATED_JUSTIFICATION
        ? { state: 'not_affected', justification: analysis.justification, response, accepted: false }
        : { state: 'false_positive', justification: null, response, accepted: false };
    case 'fixed':
      return { state: 'resolved', justification: analysis.justification, response, accepted: false };
    case 'accepted_risk':
      if (!response.includes('will_not_fix')) response.push('will_not_fix');
      return { state: 'exploitable', justification: analysis.justification, response, accepted: true };
    case 'mitigated':
      return { state: 'not_affected', justification: MITIGATED_JUSTIFICATION, response, accepted: false };
  }
}

/** CycloneDX state (+ justification, + the status property) → status. */
export function statusOfCyclonedx(
  state: string,
  justification: string | null,
  property: string | null,
): FindingStatus | null {
  if (state === 'not_affected' && justification === MITIGATED_JUSTIFICATION) return 'mitigated';
  if (state === 'exploitable' && property === 'accepted_risk') return 'accepted_risk';
  return CYCLONEDX_IMPORT[state] ?? null;
}

/** status → OpenVEX status and justification. */
export function openvexStatusOf(
  status: FindingStatus,
  justification: Justification | null,
): { status: 'not_affected' | 'fixed' | 'affected' | 'under_investigation'; justification: string | null } {
  switch (status) {
    case 'open':
      return { status: 'under_investigation', justification: null };
    case 'false_positive':
      return {
        status: 'not_affected',
        justification:
          justification && justification !== MITIGATED_JUSTIFICATION
            ? OPENVEX_JUSTIFICATION[justification]
            : null,
      };
    case 'fixed':
      return { status: 'fixed', justification: null };
    case 'accepted_risk':
      return { status: 'affected', justification: null };
    case 'mitigated':
      return { status: 'not_affected', justification: OPENVEX_MITIGATED };
  }
}

/** OpenVEX status (+ justification, + action statement) → status. */
export function statusOfOpenvex(
  status: string,
  justification: string | null,
  action: string | null,
): FindingStatus | null {
  if (status === 'not_affected' && justification === OPENVEX_MITIGATED) return 'mitigated';
  if (status === 'affected' && action?.startsWith(RISK_ACCEPTED)) return 'accepted_risk';
  return OPENVEX_IMPORT[status] ?? null;
}
