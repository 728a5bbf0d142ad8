/** Risk statuses, treatments and the schemas of risk input. */
import { z } from 'zod';

/** draft → approved → in_treatment → accepted | closed; drafts are proposals and never in the register. */
export const RISK_STATUSES = ['draft', 'approved', 'in_treatment', 'accepted', 'closed'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];
/** ISO/IEC 27005 treatment options. */
export const RISK_TREATMENTS = ['mitigate', 'accept', 'transfer', 'avoid'] as const;
export type RiskTreatment = (typeof RISK_TREATMENTS)[number];

const rating = z.number().int().min(1).max(5);

/** What the tool server may set on a draft (title only is required). */
export const RiskDraftInput = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(4000).optional(),
    category: z.string().trim().min(1).max(100).optional(),
    likelihood: rating.optional(),
    impact: rating.optional(),
    treatment: z.enum(RISK_TREATMENTS).optional(),
  })
  .strict();
export type RiskDraftInput = z.infer<typeof RiskDraftInput>;

/** A full risk as people and imports record it; a finalized risk must be rated. */
export const RiskInput = RiskDraftInput.extend({
  ownerUserId: z.string().min(1).max(100).optional(),
  status: z.enum(RISK_STATUSES).default('approved'),
})
  .strict()
  .refine((r) => r.status === 'draft' || (r.likelihood !== undefined && r.impact !== undefined), {
    message: 'a finalized risk needs likelihood and impact',
    path: ['likelihood'],
  });
export type RiskInput = z.input<typeof RiskInput>;

export interface Risk {
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  ownerUserId: string | null;
  likelihood: number | null;
  impact: number | null;
  score: number | null;
  treatment: RiskTreatment | null;
  status: RiskStatus;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}
