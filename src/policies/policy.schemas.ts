// Request and response schemas of policies, license groups and violations (docs/policies.md).
import { z } from 'zod';
import { POLICY_KINDS, POLICY_OPERATORS, VIOLATION_STATES } from './policy-engine.ts';

const name = z.string().trim().min(1).max(200);
const listOf = (max: number) => z.array(z.string().trim().min(1).max(1_024)).max(max);

export const ConditionBody = z
  .object({
    subject: z.string().max(100),
    operator: z.string().max(100),
    // Checked per subject by the service (the path and reason of each problem); required, so `undefined` is refused.
    value: z.union([
      z.string().max(10_000),
      z.number(),
      z.boolean(),
      z.record(z.string(), z.string().max(1_024)),
    ]),
  })
  .strict();

/** POST and PUT share one strict body (PUT replaces the whole policy). */
export const PolicyBody = z
  .object({
    name,
    description: z.string().max(10_000).nullable().optional(),
    kind: z.enum(POLICY_KINDS),
    operator: z.enum(POLICY_OPERATORS).default('any'),
    violationState: z.enum(VIOLATION_STATES).default('fail'),
    conditions: z.array(ConditionBody).min(1).max(50),
    assetNames: listOf(1_000).nullable().optional(),
    tags: listOf(100).nullable().optional(),
    enabled: z.boolean().default(true),
  })
  .strict();
export type PolicyInput = z.infer<typeof PolicyBody>;

export const Policy = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(POLICY_KINDS),
  operator: z.enum(POLICY_OPERATORS),
  violationState: z.enum(VIOLATION_STATES),
  // As stored: each condition passed ConditionBody when it was written.
  conditions: z.array(
    z.object({
      subject: z.string(),
      operator: z.string(),
      value: z.union([z.string(), z.number(), z.boolean(), z.record(z.string(), z.string())]),
    }),
  ),
  assetNames: z.array(z.string()).nullable(),
  tags: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Policy = z.infer<typeof Policy>;

export const PolicyParams = z.object({ policyId: z.string().min(1).max(100) }).strict();

export const LicenseGroupBody = z.object({ name, licenses: listOf(5_000) }).strict();
export type LicenseGroupInput = z.infer<typeof LicenseGroupBody>;

export const LicenseGroup = z.object({
  id: z.string(),
  name: z.string(),
  licenses: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LicenseGroup = z.infer<typeof LicenseGroup>;

export const LicenseGroupParams = z.object({ groupId: z.string().min(1).max(100) }).strict();

export const VIOLATION_STATUSES = ['open', 'suppressed'] as const;

export const Violation = z.object({
  id: z.string(),
  policyId: z.string(),
  policyName: z.string(),
  kind: z.enum(POLICY_KINDS),
  state: z.enum(VIOLATION_STATES),
  componentId: z.string(),
  component: z.object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() }),
  sbomId: z.string(),
  findingId: z.string().optional(),
  reason: z.string(),
  status: z.enum(VIOLATION_STATUSES),
  comment: z.string().optional(),
  createdAt: z.string(),
});
export type Violation = z.infer<typeof Violation>;

/** A violation of a scanned file (nothing stored, so no ids of its own). */
export const ScanViolation = z.object({
  policyId: z.string(),
  policyName: z.string(),
  kind: z.enum(POLICY_KINDS),
  state: z.enum(VIOLATION_STATES),
  component: z.object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() }),
  vulnerabilityId: z.string().nullable(),
  reason: z.string(),
  status: z.enum(VIOLATION_STATUSES),
});

export const ViolationDetail = Violation.extend({
  history: z.array(
    z.object({
      fromStatus: z.enum(VIOLATION_STATUSES).nullable(),
      toStatus: z.enum(VIOLATION_STATUSES),
      comment: z.string().nullable(),
      actorId: z.string(),
      at: z.string(),
    }),
  ),
});
export type ViolationDetail = z.infer<typeof ViolationDetail>;

export const ViolationQuery = z
  .object({
    sbomId: z.string().max(100).optional(),
    assetName: z.string().max(1_024).optional(),
    state: z.enum(VIOLATION_STATES).optional(),
    kind: z.enum(POLICY_KINDS).optional(),
    policyId: z.string().max(100).optional(),
    status: z.enum(VIOLATION_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(1_000).optional(),
    cursor: z.string().max(100).optional(),
  })
  .strict();
export type ViolationQuery = z.infer<typeof ViolationQuery>;

export const ViolationSummaryQuery = z
  .object({ sbomId: z.string().max(100).optional(), assetName: z.string().max(1_024).optional() })
  .strict();

export const ViolationSummary = z.object({
  fail: z.number().int(),
  warn: z.number().int(),
  info: z.number().int(),
  total: z.number().int(),
});
export type ViolationSummary = z.infer<typeof ViolationSummary>;

export const SbomViolationSummary = ViolationSummary.extend({ sbomId: z.string() });
export type SbomViolationSummary = z.infer<typeof SbomViolationSummary>;

export const ViolationParams = z.object({ violationId: z.string().min(1).max(100) }).strict();

export const ViolationPatch = z
  .object({ status: z.enum(VIOLATION_STATUSES), comment: z.string().max(10_000).nullable().optional() })
  .strict();
export type ViolationPatch = z.infer<typeof ViolationPatch>;

/** What an unsaved policy would find in the latest SBOM of each asset (POST /sscs/policies/preview). */
export const PolicyPreview = z.object({
  /** Latest SBOMs looked at (one per asset). */
  sboms: z.number().int(),
  /** Violations the policy would have there. */
  violations: z.number().int(),
  /** Distinct components among them. */
  components: z.number().int(),
  /** The first 100 of those violations. */
  sample: z.array(
    z.object({
      sbomId: z.string(),
      assetName: z.string(),
      componentId: z.string(),
      component: z.object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() }),
      findingId: z.string().nullable(),
      state: z.enum(VIOLATION_STATES),
      reason: z.string(),
    }),
  ),
});
export type PolicyPreview = z.infer<typeof PolicyPreview>;
