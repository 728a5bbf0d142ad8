/** Request and response schemas of the vendor routes. */
import { z } from 'zod';

export const VENDOR_TYPES = ['oss', 'commercial', 'internal'] as const;
export const ASSESSMENT_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** POST and PUT share one strict body: PUT is a full replacement, so every required field must be present. */
export const VendorBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    type: z.enum(VENDOR_TYPES),
    riskTier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    assessmentStatus: z.enum(ASSESSMENT_STATUSES),
    // null is accepted too, so a vendor as returned (website: null) can be sent back unchanged.
    // http(s) only: a `javascript:` or `data:` URL would run in whatever page shows the vendor.
    website: z
      .string()
      .max(2048)
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'must be an http:// or https:// URL')
      .nullable()
      .optional(),
    notes: z.string().max(10_000).nullable().optional(),
  })
  .strict();
export type VendorInput = z.infer<typeof VendorBody>;

export const VendorParams = z.object({ vendorId: z.string().min(1).max(100) }).strict();

export const Vendor = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(VENDOR_TYPES),
  // An integer (1–3 through the request body): the event catalogue describes a vendor with this very schema
  // (src/events/catalogue.test.ts).
  riskTier: z.number().int(),
  assessmentStatus: z.enum(ASSESSMENT_STATUSES),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vendor = z.infer<typeof Vendor>;

export const VendorRiskSummary = z.object({
  total: z.number().int(),
  byTier: z.object({ '1': z.number().int(), '2': z.number().int(), '3': z.number().int() }),
  byAssessmentStatus: z.object({
    not_started: z.number().int(),
    in_progress: z.number().int(),
    completed: z.number().int(),
  }),
  unassessedCritical: z.number().int(),
  score: z.number(),
});
export type VendorRiskSummary = z.infer<typeof VendorRiskSummary>;
