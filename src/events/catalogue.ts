import { z } from 'zod';

/**
 * The event catalogue (docs/events.md): every type, the schema of its `data`, and the envelope every event
 * shares. schemas/events/<type>.json is generated from these (scripts/generate.ts) and checked in CI.
 */

// The payloads below are a published contract (schemas/events/*.json), so they spell out the domain values they
// carry instead of importing the domains' schemas: the domains record events, so importing them back would be a
// folder cycle, and a domain change must not silently change a published schema. catalogue.test.ts checks that
// these lists still equal the domains' own.
export const EVENT_RISK_STATUSES = ['draft', 'approved', 'in_treatment', 'accepted', 'closed'] as const;
export const EVENT_RISK_TREATMENTS = ['mitigate', 'accept', 'transfer', 'avoid'] as const;
export const EVENT_VENDOR_TYPES = ['oss', 'commercial', 'internal'] as const;
export const EVENT_ASSESSMENT_STATUSES = ['not_started', 'in_progress', 'completed'] as const;

const Vendor = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(EVENT_VENDOR_TYPES),
  riskTier: z.number().int(),
  assessmentStatus: z.enum(EVENT_ASSESSMENT_STATUSES),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const EVENT_TYPES = [
  'sbom.uploaded',
  'sbom.deleted',
  'finding.created',
  'finding.status_changed',
  'finding.retracted',
  'vulndb.synced',
  'vendor.created',
  'vendor.replaced',
  'risk.draft_created',
  'policy.violation',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The types about one asset's data (its SBOMs, their findings and violations): each is recorded with that asset's
 * id, and a webhook receives it only while the asset is in its creator's reach (docs/portfolio-access.md). The
 * other types are organisation-wide and go to every webhook that wants them.
 */
export const ASSET_EVENT_TYPES = [
  'sbom.uploaded',
  'sbom.deleted',
  'finding.created',
  'finding.status_changed',
  'finding.retracted',
  'policy.violation',
] as const satisfies readonly EventType[];
export type AssetEventType = (typeof ASSET_EVENT_TYPES)[number];
export const isAssetEvent = (type: string): boolean =>
  (ASSET_EVENT_TYPES as readonly string[]).includes(type);

const SEVERITY = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);
const FINDING_STATUS = z.enum(['open', 'mitigated', 'accepted_risk', 'false_positive', 'fixed']);
const timestamp = z.string().describe('ISO 8601 UTC');

export const EventFinding = z
  .object({
    id: z.string(),
    sbomId: z.string(),
    componentId: z.string(),
    component: z.object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() }),
    vulnerabilityId: z.string(),
    aliases: z.array(z.string()),
    severity: SEVERITY,
    cvssScore: z.number().nullable(),
    fixedVersions: z.array(z.string()),
    status: FINDING_STATUS,
    kev: z
      .object({
        dateAdded: z.string(),
        dueDate: z.string().nullable(),
        knownRansomwareCampaignUse: z.string().nullable(),
      })
      .nullable()
      .describe('CISA KEV entry of the vulnerability; null when not listed or not known'),
  })
  .strict();
export type EventFinding = z.infer<typeof EventFinding>;

const SbomSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    assetName: z.string(),
    version: z.string().nullable(),
  })
  .strict();

const EventRisk = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    ownerUserId: z.string().nullable(),
    likelihood: z.number().int().nullable(),
    impact: z.number().int().nullable(),
    score: z.number().int().nullable(),
    treatment: z.enum(EVENT_RISK_TREATMENTS).nullable(),
    status: z.enum(EVENT_RISK_STATUSES),
    createdBy: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();

export const EVENT_POLICY_KINDS = ['license', 'security', 'operational'] as const;
export const EVENT_VIOLATION_STATES = ['info', 'warn', 'fail'] as const;

const EventViolation = z
  .object({
    id: z.string(),
    policyId: z.string(),
    policyName: z.string(),
    kind: z.enum(EVENT_POLICY_KINDS),
    state: z.enum(EVENT_VIOLATION_STATES),
    componentId: z.string(),
    component: z
      .object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() })
      .strict(),
    sbomId: z.string(),
    findingId: z
      .string()
      .nullable()
      .describe('the finding the violation is about, when a condition is about a vulnerability'),
    reason: z.string(),
    status: z.enum(['open', 'suppressed']),
    createdAt: timestamp,
  })
  .strict();

const actorId = z.string().describe('user id of who made the change, or "system"');

export const EVENT_DATA = {
  'sbom.uploaded': z
    .object({
      sbom: SbomSummary.extend({
        format: z.enum(['cyclonedx', 'spdx']),
        specVersion: z.string().nullable(),
        componentCount: z.number().int(),
        findingCount: z.number().int(),
        createdAt: timestamp,
      }).strict(),
      actorId,
    })
    .strict(),
  'sbom.deleted': z.object({ sbom: SbomSummary, actorId }).strict(),
  'finding.created': z.object({ finding: EventFinding }).strict(),
  'finding.status_changed': z
    .object({
      finding: EventFinding,
      fromStatus: FINDING_STATUS,
      toStatus: FINDING_STATUS,
      remediationNotes: z.string().nullable(),
      actorId,
    })
    .strict(),
  'finding.retracted': z.object({ finding: EventFinding, reason: z.string() }).strict(),
  'vulndb.synced': z
    .object({
      advisories: z
        .object({
          added: z.number().int(),
          updated: z.number().int(),
          unchanged: z.number().int(),
          withdrawn: z.number().int(),
        })
        .strict()
        .describe('advisories of this import or sync; findings it changed arrive as finding.* events'),
    })
    .strict(),
  'vendor.created': z.object({ vendor: Vendor.strict(), actorId }).strict(),
  'vendor.replaced': z.object({ vendor: Vendor.strict(), actorId }).strict(),
  'risk.draft_created': z.object({ risk: EventRisk, actorId }).strict(),
  'policy.violation': z.object({ violation: EventViolation }).strict(),
} satisfies Record<EventType, z.ZodType>;

export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA)[T]>;

/** The full payload of one type: the shared envelope around its data. */
export function eventSchema(type: EventType) {
  return z
    .object({
      id: z.string().regex(/^evt_[0-9a-z]{26}$/),
      type: z.literal(type),
      createdAt: timestamp,
      orgId: z.string(),
      data: EVENT_DATA[type],
    })
    .strict();
}

export interface EventPayload<T extends EventType = EventType> {
  id: string;
  type: T;
  createdAt: string;
  orgId: string;
  data: EventData<T>;
}

/** The published JSON Schema of one type (draft 2020-12). */
export function eventJsonSchema(type: EventType): Record<string, unknown> {
  return {
    $id: `https://bulwark.dev/schemas/events/${type}.json`,
    title: `Bulwark event ${type}`,
    ...z.toJSONSchema(eventSchema(type), { target: 'draft-2020-12' }),
  };
}

const SEVERITY_RANK: Record<string, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
export const severityRank = (severity: string): number => SEVERITY_RANK[severity] ?? 0;
