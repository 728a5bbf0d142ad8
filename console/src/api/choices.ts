// The contract's enumerations as the lists the console offers (selects, filters, chips), in the console's order.
// Each list is checked against the generated REST types (rest.ts): a value the API does not know fails the build.
import type { Finding, Role, Severity, Vendor } from './rest.ts';

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const satisfies readonly Severity[];
export const FINDING_STATUSES = [
  'open',
  'mitigated',
  'accepted_risk',
  'false_positive',
  'fixed',
] as const satisfies readonly Finding['status'][];
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const satisfies readonly Role[];
export const SCOPES = ['sbom:read', 'sbom:write', 'mcp:read', 'mcp:write'] as const;

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
] as const satisfies readonly NonNullable<Finding['justification']>[];

export const VEX_RESPONSES = [
  'can_not_fix',
  'will_not_fix',
  'update',
  'rollback',
  'workaround_available',
] as const satisfies readonly NonNullable<Finding['response']>[number][];

export const VENDOR_TYPES = ['oss', 'commercial', 'internal'] as const satisfies readonly Vendor['type'][];
export const ASSESSMENT_STATUSES = [
  'not_started',
  'in_progress',
  'completed',
] as const satisfies readonly Vendor['assessmentStatus'][];

export const label = (value: string): string => value.replaceAll('_', ' ');
