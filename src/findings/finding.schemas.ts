/** Request and response schemas of the findings routes. */
import { z } from 'zod';
import { Tag } from '../portfolio/asset.schemas.ts';
import { SEVERITIES, SEVERITY_SOURCES } from '../vulndb/index.ts';
import { FINDING_SORTS, SEVERITY_LIST_PATTERN } from './finding-query.ts';
import { FINDING_STATUSES, HISTORY_EVENTS } from './finding.service.ts';
import { JUSTIFICATIONS, RESPONSES } from './triage/analysis.ts';

export const FindingQuery = z
  .object({
    status: z.enum(FINDING_STATUSES).default('open'),
    severity: z
      .string()
      .regex(SEVERITY_LIST_PATTERN, 'one of CRITICAL, HIGH, MEDIUM, LOW, or a comma list of them')
      .optional(),
    sbomId: z.string().min(1).max(100).optional(),
    vulnerabilityId: z.string().min(1).max(200).optional(),
    q: z.string().min(1).max(200).optional(),
    /** Findings whose current triage a rule set (trl_…): what that rule changed. */
    triageRuleId: z.string().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
    cursor: z.string().min(1).max(1000).optional(),
    kev: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    epssMin: z.coerce.number().min(0).max(1).optional(),
    sort: z.enum(Object.keys(FINDING_SORTS) as [string, ...string[]]).optional(),
    /** Findings of the asset's SBOMs (every version); docs/portfolio.md. */
    assetId: z.string().min(1).max(100).optional(),
    /** Findings of the SBOMs of assets carrying the tag, and of their descendants. */
    tag: Tag.optional(),
  })
  .strict();

export const SummaryQuery = z
  .object({
    sbomId: z.string().min(1).max(100).optional(),
    assetName: z.string().min(1).max(200).optional(),
    /** Like assetName: the asset's latest SBOM. */
    assetId: z.string().min(1).max(100).optional(),
    /** Every SBOM of the assets carrying the tag and of their descendants. */
    tag: Tag.optional(),
  })
  .strict();

export const FindingParams = z.object({ findingId: z.string().min(1).max(100) }).strict();

export const StatusBody = z
  .object({
    status: z.enum(FINDING_STATUSES),
    remediationNotes: z.string().max(10_000).optional(),
    justification: z.enum(JUSTIFICATIONS).nullable().optional(),
    response: z
      .array(z.enum(RESPONSES))
      .max(RESPONSES.length)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a response')
      .nullable()
      .optional(),
    detail: z.string().max(10_000).nullable().optional(),
  })
  .strict();

/** The VEX analysis a finding, a history entry or a triage rule shows (null when unset). */
export const AnalysisFields = {
  justification: z.enum(JUSTIFICATIONS).nullable(),
  response: z.array(z.enum(RESPONSES)).nullable(),
  detail: z.string().nullable(),
};

const Reference = z.object({ type: z.string(), url: z.string() });

export const Finding = z.object({
  id: z.string(),
  sbomId: z.string(),
  componentId: z.string(),
  component: z.object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() }),
  vulnerabilityId: z.string(),
  aliases: z.array(z.string()),
  summary: z.string().nullable(),
  severity: z.enum(SEVERITIES),
  severitySource: z.enum(SEVERITY_SOURCES),
  cvssScore: z.number().nullable(),
  cvssVector: z.string().nullable(),
  fixedVersions: z.array(z.string()),
  references: z.array(Reference),
  status: z.enum(FINDING_STATUSES),
  remediationNotes: z.string().nullable(),
  ...AnalysisFields,
  triageRuleId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  statusChangedAt: z.string(),
  kev: z
    .object({ dateAdded: z.string(), dueDate: z.string().nullable(), knownRansomwareCampaignUse: z.string() })
    .nullable(),
  epss: z.object({ score: z.number(), percentile: z.number(), date: z.string() }).nullable(),
  // How the component got in (docs/remediation.md, "Paths"): null and [] when the SBOM has no dependency graph.
  direct: z.boolean().nullable(),
  paths: z.array(z.array(z.string())),
});

export const FindingDetail = Finding.extend({
  matchedBy: z.array(z.object({ advisoryId: z.string(), reason: z.record(z.string(), z.unknown()) })),
  retractedAt: z.string().nullable(),
  history: z.array(
    z.object({
      event: z.enum(HISTORY_EVENTS),
      fromStatus: z.string().nullable(),
      toStatus: z.string().nullable(),
      notes: z.string().nullable(),
      actorId: z.string(),
      at: z.string(),
      ...AnalysisFields,
      ruleId: z.string().nullable(),
    }),
  ),
});

export const FindingSummary = z.object({
  CRITICAL: z.number().int(),
  HIGH: z.number().int(),
  MEDIUM: z.number().int(),
  LOW: z.number().int(),
  total: z.number().int(),
  kev: z.number().int(),
});

/** The trend's window: up to a year of days, 90 when absent. */
export const PackagesQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(100).default(10) })
  .strict();

export const TopPackages = z.array(
  z.object({ name: z.string(), version: z.string().nullable(), open: z.number().int() }),
);

export const TrendQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(90) }).strict();

export const FindingTrend = z.object({
  days: z.number().int(),
  points: z.array(z.object({ date: z.string(), open: z.number().int() })),
});
