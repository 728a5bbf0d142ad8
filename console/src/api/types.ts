// Shapes of the REST API's answers as the console reads them (docs/console.md lists the endpoints used).

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const FINDING_STATUSES = ['open', 'mitigated', 'accepted_risk', 'false_positive', 'fixed'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const SCOPES = ['sbom:read', 'sbom:write', 'mcp:read', 'mcp:write'] as const;

export interface Session {
  user: { id: string; email: string; name: string | null; role: Role };
  org: { id: string; slug: string; name: string; plan: string };
  csrfToken: string;
}

export interface Summary {
  CRITICAL: number;
  HIGH: number;
  MEDIUM: number;
  LOW: number;
  total: number;
  kev?: number;
}

export interface SbomItem {
  id: string;
  name: string;
  assetName: string;
  version: string | null;
  source: 'cyclonedx' | 'spdx' | null;
  componentCount: number;
  findingCount: number;
  createdAt: string;
}

export interface SbomRecord extends Omit<SbomItem, 'source'> {
  format: 'cyclonedx' | 'spdx' | null;
  specVersion: string | null;
}

export interface Component {
  id: string;
  name: string;
  version: string | null;
  type: string | null;
  group: string | null;
  purl: string | null;
  ecosystem: string | null;
  licenses: string[];
}

export interface Finding {
  id: string;
  sbomId: string;
  componentId: string;
  component: { name: string; version: string | null; purl: string | null };
  vulnerabilityId: string;
  aliases: string[];
  summary: string | null;
  severity: Severity;
  /** `default`: no advisory scored it, so `severity` is the interface's MEDIUM default ("Unrated"). */
  severitySource: 'cvss_v4' | 'cvss_v3' | 'cvss_v2' | 'advisory' | 'default';
  cvssScore: number | null;
  cvssVector: string | null;
  fixedVersions: string[];
  references: { type: string; url: string }[];
  status: FindingStatus;
  remediationNotes: string | null;
  createdAt: string;
  updatedAt: string;
  statusChangedAt: string;
  kev?: { dateAdded: string; dueDate: string; knownRansomwareCampaignUse: string } | null;
  epss?: { score: number; percentile: number; date: string } | null;
  /** VEX analysis (DESIGN section 16): why it does not affect us, what is done about it, in words. */
  justification: Justification | null;
  response: VexResponse[] | null;
  detail: string | null;
  /** The triage rule that set the current status, if a rule did. */
  triageRuleId: string | null;
  /** How the component got in (null and [] without a dependency graph). */
  direct: boolean | null;
  paths: string[][];
}

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

export const VEX_RESPONSES = [
  'can_not_fix',
  'will_not_fix',
  'update',
  'rollback',
  'workaround_available',
] as const;
export type VexResponse = (typeof VEX_RESPONSES)[number];

export interface HistoryEntry {
  event: string;
  fromStatus: string | null;
  toStatus: string | null;
  notes: string | null;
  actorId: string;
  at: string;
  justification: Justification | null;
  response: VexResponse[] | null;
  detail: string | null;
  /** The triage rule that made this change, when a rule did. */
  ruleId: string | null;
}

export interface FindingDetail extends Finding {
  history: HistoryEntry[];
}

export const VENDOR_TYPES = ['oss', 'commercial', 'internal'] as const;
export const ASSESSMENT_STATUSES = ['not_started', 'in_progress', 'completed'] as const;

export interface Vendor {
  id: string;
  name: string;
  type: (typeof VENDOR_TYPES)[number];
  riskTier: 1 | 2 | 3;
  assessmentStatus: (typeof ASSESSMENT_STATUSES)[number];
  website: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface VendorRiskSummary {
  total: number;
  byTier: { '1': number; '2': number; '3': number };
  byAssessmentStatus: { not_started: number; in_progress: number; completed: number };
  unassessedCritical: number;
  score: number;
}

export interface ApiToken {
  id: string;
  name: string | null;
  scopes: string[];
  /** The token reaches only assets with one of these tags (docs/portfolio-access.md); null: no restriction. */
  assetTags?: string[] | null;
  expiresAt: string | null;
  createdAt?: string;
  revokedAt?: string | null;
  lastUsedAt?: string | null;
}

export interface User {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt?: string;
}

export interface Org {
  id: string;
  slug: string;
  name: string;
  plan: string;
  mcpWriteEnabled: boolean;
  /** The supply-chain read tools of the tool server (findings_search, sbom_list, asset_overview). */
  mcpSupplyChainTools: boolean;
  /** Members and viewers see only what their teams grant (docs/portfolio-access.md). */
  portfolioAccess: boolean;
}

export interface TeamGrant {
  id?: string;
  assetTags: string[];
  assetIds: string[];
  role: 'member' | 'viewer';
}

export interface Team {
  id: string;
  name: string;
  members: string[];
  grants: TeamGrant[];
  createdAt: string;
  updatedAt: string;
}

export interface AuditItem {
  id: string;
  action: string;
  /** email and name are null for `system` and for users removed since. */
  actor: { id: string; email: string | null; name: string | null };
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  at: string;
}

export interface AuditPage {
  items: AuditItem[];
  total: number;
  limit: number;
  offset: number;
}

/** GET /vulndb/status: what `bulwark vulndb status --json` prints. */
export interface VulnDbStatus {
  osv: {
    ecosystem: string;
    advisories: number;
    lastSyncAt: string | null;
    lastError: string | null;
    source: string | null;
  }[];
  kev: { entries: number; catalogVersion: string | null; lastSyncAt: string | null };
  epss: { entries: number; scoreDate: string | null; lastSyncAt: string | null };
  ecosystemsWithoutAdvisories: string[];
}

/** GET /sscs/findings/packages: the packages with the most open findings. */
export interface TopPackage {
  name: string;
  version: string | null;
  open: number;
}

/** GET /sscs/findings/trend. */
export interface FindingTrend {
  days: number;
  points: { date: string; open: number }[];
}

export const label = (value: string): string => value.replaceAll('_', ' ');

/** One upgrade of an SBOM's fix plan (GET /sscs/sboms/{id}/remediation). */
export interface PlanItem {
  purl: string;
  currentVersion: string;
  targetVersion: string | null;
  /** When the ecosystem cannot name the successor of a last affected version: "above" it. */
  targetAbove: string | null;
  fixes: { total: number; bySeverity: Record<Severity, number>; kev: number };
  remaining: number;
  findingIds: string[];
  introducedBy: string[];
}

/** GET /governance/soa/export: the Statement of Applicability with the evidence behind each control. */
export interface SoaControl {
  controlId: string;
  theme: string;
  title: string;
  applicable: boolean | null;
  justification: string | null;
  implementationStatus: string;
  result: string;
  evidenceCoverage: 'current' | 'expiredOrPending' | 'none' | 'notApplicable';
  evidence: {
    id: string;
    title: string;
    status: string;
    collectedAt: string;
    expiresAt: string | null;
    source: string;
  }[];
}

export interface Soa {
  projectId: string;
  project: string;
  soaVersion: string | null;
  asOf: string;
  controls: SoaControl[];
}

/** POST /governance/evidence/collect: one run of the evidence collectors. */
export interface CollectionRun {
  runId: string;
  collectedAt: string;
  projectId: string | null;
  validUntil: string;
  passed: number;
  failed: number;
  results: {
    collector: string;
    title: string;
    controls: string[];
    passed: boolean;
    reasons: string[];
    offending: string[];
  }[];
}

/** docs/portfolio.md: retention settings of an asset or of the organisation. */
export interface Retention {
  keepVersions?: number;
  maxAgeDays?: number;
  inactiveAfterDays?: number;
}

export interface SeverityCounts {
  CRITICAL: number;
  HIGH: number;
  MEDIUM: number;
  LOW: number;
  total: number;
}

export interface ViolationCounts {
  fail: number;
  warn: number;
  info: number;
  total: number;
}

/** GET /sscs/assets: an asset with its versions and roll-ups. */
export interface Asset {
  id: string;
  name: string;
  assetName: string;
  parentId: string | null;
  tags: string[];
  classifier: string;
  active: boolean;
  retention: Retention | null;
  effectiveRetention: Retention;
  lastUploadAt: string | null;
  versions: { version: string | null; sbomId: string; createdAt: string }[];
  latestSbomId: string | null;
  openFindings: SeverityCounts;
  openViolations: ViolationCounts;
  rollup: { assets: number; openFindings: SeverityCounts; openViolations: ViolationCounts };
  createdAt: string;
  updatedAt: string;
}
