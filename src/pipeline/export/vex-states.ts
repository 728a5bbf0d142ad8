// Finding status ↔ VEX states, both ways (docs/pipeline.md "VEX"). Import follows the contract's mapping exactly;
// export picks the state that imports back to the same status wherever one exists.
import type { FindingStatus } from '../../findings/finding.service.ts';

/** CycloneDX analysis.state → status. */
export const CYCLONEDX_IMPORT: Readonly<Record<string, FindingStatus>> = {
  not_affected: 'false_positive',
  false_positive: 'false_positive',
  resolved: 'fixed',
  resolved_with_pedigree: 'fixed',
  exploitable: 'open',
  in_triage: 'open',
};

/** OpenVEX status → status. */
export const OPENVEX_IMPORT: Readonly<Record<string, FindingStatus>> = {
  not_affected: 'false_positive',
  fixed: 'fixed',
  affected: 'open',
  under_investigation: 'open',
};

/**
 * status → CycloneDX analysis. accepted_risk and mitigated have no VEX state of their own: they are exploitable
 * with the response that says why (will_not_fix, workaround_available), and import back as open.
 */
export function cyclonedxAnalysisOf(status: FindingStatus): { state: string; response: string[] } {
  switch (status) {
    case 'open':
      return { state: 'in_triage', response: [] };
    case 'false_positive':
      return { state: 'false_positive', response: [] };
    case 'fixed':
      return { state: 'resolved', response: [] };
    case 'accepted_risk':
      return { state: 'exploitable', response: ['will_not_fix'] };
    case 'mitigated':
      return { state: 'exploitable', response: ['workaround_available'] };
  }
}

/** status → OpenVEX status (accepted_risk and mitigated are `affected` with an action statement). */
export function openvexStatusOf(
  status: FindingStatus,
): 'not_affected' | 'fixed' | 'affected' | 'under_investigation' {
  switch (status) {
    case 'open':
      return 'under_investigation';
    case 'false_positive':
      return 'not_affected';
    case 'fixed':
      return 'fixed';
    case 'accepted_risk':
    case 'mitigated':
      return 'affected';
  }
}
