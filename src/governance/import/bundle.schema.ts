/** The zod schema of the governance import bundle. */
import { z } from 'zod';
import { CONTROL_IDS } from '../iso/annex-a.ts';

/**
 * The governance import bundle: one JSON document with any of these sections. The committed JSON Schema
 * (schemas/governance-bundle.schema.json) is generated from this zod schema and a test keeps the two equal.
 * Rows are identified by their source's external id (unique per organisation and section); references name
 * other rows by external id, in the same bundle or imported earlier.
 */
const extId = z.string().min(1).max(200);
const name = z.string().trim().min(1).max(300);
const text = z.string().max(2000);
const timestamp = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
const level = z.enum(['low', 'medium', 'high', 'critical']);
const maturity = z.number().int().min(0).max(5);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(2_000_000);
/** An IANA time zone name this runtime knows (Europe/Berlin, America/New_York, UTC). */
const timeZone = z
  .string()
  .min(1)
  .max(100)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'unknown time zone (an IANA name such as Europe/Berlin)' },
  );

export const Settings = z
  .object({
    staleAccountDays: z.number().int().min(1).max(3650).optional(),
    offboardingSlaHours: z.number().int().min(0).max(8760).optional(),
    reviewRemediationSlaDays: z.number().int().min(0).max(365).optional(),
    privilegedRemediationSlaDays: z.number().int().min(0).max(365).optional(),
    timeZone: timeZone.optional(),
  })
  .strict();

export const Identity = z
  .object({
    externalId: extId,
    displayName: name,
    email: z.email().max(320).optional(),
    department: z.string().trim().min(1).max(200).optional(),
    title: z.string().trim().min(1).max(200).optional(),
    managerExternalId: extId.optional(),
    employmentType: z.enum(['employee', 'contractor', 'intern']),
    status: z.enum(['active', 'leave', 'terminated']),
    hireDate: timestamp.optional(),
    terminationDate: timestamp.optional(),
    departmentChangedAt: timestamp.optional(),
    departmentHead: z.boolean().optional(),
    leaveStartedAt: timestamp.optional(),
  })
  .strict();

export const System = z
  .object({ externalId: extId, name, criticality: level, lastSyncAt: timestamp.optional() })
  .strict();

export const Account = z
  .object({
    externalId: extId,
    systemExternalId: extId,
    username: z.string().min(1).max(300),
    identityExternalId: extId.optional(),
    type: z.enum(['human', 'service', 'shared', 'break_glass']),
    status: z.enum(['active', 'disabled']),
    createdAt: timestamp,
    lastLoginAt: timestamp.optional(),
    disabledAt: timestamp.optional(),
  })
  .strict();

export const Entitlement = z
  .object({
    externalId: extId,
    systemExternalId: extId,
    name,
    privileged: z.boolean(),
    riskLevel: level,
  })
  .strict();

export const Grant = z
  .object({
    externalId: extId,
    accountExternalId: extId,
    entitlementExternalId: extId,
    grantedAt: timestamp,
    revokedAt: timestamp.optional(),
    expiresAt: timestamp.optional(),
    lastUsedAt: timestamp.optional(),
    lastReviewedAt: timestamp.optional(),
  })
  .strict();

export const SodRule = z
  .object({
    externalId: extId,
    name,
    entitlementAExternalId: extId,
    entitlementBExternalId: extId,
    severity: level,
  })
  .strict();

export const SodException = z
  .object({
    externalId: extId,
    ruleExternalId: extId,
    identityExternalId: extId,
    mitigatingControl: z.string().trim().min(1).max(2000),
    approvedByExternalId: extId.optional(),
    approvedAt: timestamp,
    expiresAt: timestamp,
  })
  .strict();

export const ReviewCampaign = z
  .object({
    externalId: extId,
    name,
    status: z.enum(['planned', 'active', 'completed']),
    ownerExternalId: extId.optional(),
    startedAt: timestamp,
    dueAt: timestamp,
    completedAt: timestamp.optional(),
  })
  .strict();

export const ReviewItem = z
  .object({
    externalId: extId,
    campaignExternalId: extId,
    grantExternalId: extId.optional(),
    subjectExternalId: extId.optional(),
    reviewerExternalId: extId.optional(),
    entitlementExternalId: extId.optional(),
    decision: z.enum(['pending', 'approve', 'revoke', 'modify']),
    decidedAt: timestamp.optional(),
    remediationStatus: z.enum(['none', 'pending', 'done']).optional(),
    remediationDueAt: timestamp.optional(),
    remediatedAt: timestamp.optional(),
    evidenceNote: text.optional(),
    evidenceUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .strict();

export const IsoProject = z
  .object({
    externalId: extId,
    name,
    status: z.enum(['active', 'archived']),
    createdAt: timestamp.optional(),
    targetDate: timestamp.optional(),
    soaVersion: z.string().trim().min(1).max(50).optional(),
    soaApprovedAt: timestamp.optional(),
  })
  .strict();

export const SoaEntry = z
  .object({
    projectExternalId: extId,
    controlId: z.enum(CONTROL_IDS),
    applicable: z.boolean(),
    justification: text.optional(),
    implementationStatus: z.enum(['not_started', 'planned', 'in_progress', 'implemented']),
    result: z.enum(['not_assessed', 'effective', 'partially_effective', 'ineffective']).optional(),
    maturityCurrent: maturity.optional(),
    maturityTarget: maturity.optional(),
    ownerExternalId: extId.optional(),
    riskIds: z
      .array(
        z
          .string()
          .regex(/^risk_[0-9a-z]+$/)
          .max(100),
      )
      .max(100)
      .optional(),
  })
  .strict();

export const Evidence = z
  .object({
    externalId: extId,
    projectExternalId: extId.optional(),
    controlId: z.enum(CONTROL_IDS),
    title: name,
    collectedAt: timestamp,
    expiresAt: timestamp.optional(),
    status: z.enum(['accepted', 'pending', 'rejected']),
    collectorExternalId: extId.optional(),
  })
  .strict();

export const MaturityAssessment = z
  .object({
    externalId: extId,
    projectExternalId: extId,
    controlId: z.enum(CONTROL_IDS),
    score: maturity,
    target: maturity.optional(),
    assessedAt: timestamp,
    assessorExternalId: extId.optional(),
    notes: text.optional(),
  })
  .strict();

export const SupplierAssessment = z
  .object({
    externalId: extId,
    vendorId: z
      .string()
      .regex(/^vnd_[0-9a-z]+$/)
      .max(100),
    assessedAt: timestamp,
    status: z.enum(['not_started', 'in_progress', 'completed']),
    score: z.number().int().min(0).max(100).optional(),
    notes: text.optional(),
  })
  .strict();

export const GovernanceBundle = z
  .object({
    $schema: z.string().max(500).optional(),
    version: z.literal(1),
    settings: Settings.optional(),
    identities: list(Identity).optional(),
    systems: list(System).optional(),
    accounts: list(Account).optional(),
    entitlements: list(Entitlement).optional(),
    grants: list(Grant).optional(),
    sodRules: list(SodRule).optional(),
    sodExceptions: list(SodException).optional(),
    reviewCampaigns: list(ReviewCampaign).optional(),
    reviewItems: list(ReviewItem).optional(),
    isoProjects: list(IsoProject).optional(),
    soaEntries: list(SoaEntry).optional(),
    evidence: list(Evidence).optional(),
    maturityAssessments: list(MaturityAssessment).optional(),
    supplierAssessments: list(SupplierAssessment).optional(),
  })
  .strict();

export type GovernanceBundle = z.infer<typeof GovernanceBundle>;

/** The JSON Schema committed as schemas/governance-bundle.schema.json. */
export function bundleJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(GovernanceBundle, { target: 'draft-2020-12' }),
    $id: 'https://bulwark.dev/schemas/governance-bundle.schema.json',
    title: 'Bulwark governance import bundle',
  };
}

/** zod issue path → `identities[3].email`. */
export const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  ) || '(root)';
