// Request and response schemas of the pipeline endpoints (docs/pipeline.md); queries are strict.
import { z } from 'zod';
import { FINDING_STATUSES } from '../findings/finding.service.ts';
import { ScanViolationSchema } from '../policies/index.ts';
import { SEVERITIES, SEVERITY_SOURCES } from '../vulndb/index.ts';
import { RemediationPlan } from '../remediation/remediation.schemas.ts';
import { EXPORT_FORMATS } from './export.service.ts';

export const ExportQuery = z.object({ format: z.enum(EXPORT_FORMATS) }).strict();
export const DiffQuery = z.object({ against: z.string().min(1).max(100) }).strict();
export const NoQuery = z.object({}).strict();
/** `remediation=true` adds the upgrade plan (docs/remediation.md). */
export const ScanQuery = z.object({ remediation: z.enum(['true', 'false']).optional() }).strict();

const Counts = {
  CRITICAL: z.number().int(),
  HIGH: z.number().int(),
  MEDIUM: z.number().int(),
  LOW: z.number().int(),
};

export const ScanFinding = z.object({
  component: z.object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() }),
  vulnerabilityId: z.string(),
  aliases: z.array(z.string()),
  summary: z.string().nullable(),
  severity: z.enum(SEVERITIES),
  severitySource: z.enum(SEVERITY_SOURCES),
  cvssScore: z.number().nullable(),
  cvssVector: z.string().nullable(),
  fixedVersions: z.array(z.string()),
  references: z.array(z.object({ type: z.string(), url: z.string() })),
  status: z.enum(FINDING_STATUSES),
  remediationNotes: z.string().nullable(),
  kev: z
    .object({ dateAdded: z.string(), dueDate: z.string().nullable(), knownRansomwareCampaignUse: z.string() })
    .nullable(),
  // docs/remediation.md, "Paths": null and [] when the file has no dependency graph.
  direct: z.boolean().nullable(),
  paths: z.array(z.array(z.string())),
});

export const ScanResponse = z.object({
  data: z.object({
    format: z.enum(['cyclonedx', 'spdx']),
    specVersion: z.string(),
    componentCount: z.number().int(),
    findings: z.array(ScanFinding),
    summary: z.object({ ...Counts, total: z.number().int(), kev: z.number().int() }),
    remediation: RemediationPlan.optional(),
    violations: z.array(ScanViolationSchema),
  }),
  error: z.null(),
  meta: z.object({
    coverage: z.array(
      z.object({ ecosystem: z.string(), components: z.number().int(), advisories: z.number().int() }),
    ),
  }),
});

export const VexResult = z.object({
  applied: z.number().int(),
  unchanged: z.number().int(),
  unmatched: z.array(z.object({ vulnerabilityId: z.string(), product: z.string(), reason: z.string() })),
});

const DiffComponent = z.object({
  name: z.string(),
  version: z.string().nullable(),
  purl: z.string().nullable(),
});
const DiffFinding = z.object({
  findingId: z.string(),
  vulnerabilityId: z.string(),
  severity: z.string(),
  status: z.string(),
  component: DiffComponent,
});
export const SbomDiff = z.object({
  added: z.array(DiffComponent),
  removed: z.array(DiffComponent),
  changed: z.array(
    z.object({
      name: z.string(),
      purl: z.string().nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
  findingsIntroduced: z.array(DiffFinding),
  findingsResolved: z.array(DiffFinding),
});
