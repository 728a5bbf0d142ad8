/** Response schemas of the remediation plan (docs/remediation.md). */
import { z } from 'zod';

export const NoQuery = z.object({}).strict();

const counts = z.object({
  CRITICAL: z.number().int(),
  HIGH: z.number().int(),
  MEDIUM: z.number().int(),
  LOW: z.number().int(),
});

export const PlanItem = z.object({
  purl: z.string(),
  currentVersion: z.string(),
  targetVersion: z.string().nullable(),
  targetAbove: z.string().nullable(),
  fixes: z.object({ total: z.number().int(), bySeverity: counts, kev: z.number().int() }),
  remaining: z.number().int(),
  findingIds: z.array(z.string()),
  introducedBy: z.array(z.string()),
});

export const RemediationPlan = z.array(PlanItem);
