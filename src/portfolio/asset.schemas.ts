/** Request and response schemas of the asset routes (docs/portfolio.md). */
import { z } from 'zod';

export const CLASSIFIERS = ['application', 'library', 'container', 'firmware', 'service', 'other'] as const;
export type Classifier = (typeof CLASSIFIERS)[number];

/** Lowercase; what `asset_tags.tag` holds. */
export const TAG = /^[a-z0-9][a-z0-9._:-]{0,63}$/;
const TAG_RULE = 'a tag is 1-64 of a-z 0-9 . _ : - (starting with a letter or digit)';
/** Tags are compared lowercase: `Team-A` is stored as `team-a`. */
export const Tag = z
  .string()
  .trim()
  .transform((t) => t.toLowerCase())
  .pipe(z.string().regex(TAG, TAG_RULE));
export const TagList = z
  .array(Tag)
  .max(50)
  .transform((tags) => [...new Set(tags)].sort());

const days = z.number().int().min(1).max(36_500);
export const Retention = z
  .object({
    /** Keep the newest N versions (SBOMs) of the asset. */
    keepVersions: z.number().int().min(1).max(100_000).optional(),
    /** Delete versions older than D days, never the newest. */
    maxAgeDays: days.optional(),
    /** Mark the asset inactive after D days without an upload. */
    inactiveAfterDays: days.optional(),
  })
  .strict();
export type Retention = z.infer<typeof Retention>;

const name = z.string().trim().min(1).max(200);
const assetId = z.string().min(1).max(100);

export const CreateAssetBody = z
  .object({
    name,
    parentId: assetId.nullable().optional(),
    tags: TagList.optional(),
    classifier: z.enum(CLASSIFIERS).optional(),
    active: z.boolean().optional(),
    retention: Retention.nullable().optional(),
  })
  .strict();
export type CreateAssetInput = z.infer<typeof CreateAssetBody>;

/** Every field optional; `parentId: null` makes it a top-level asset, `retention: null` falls back to the default. */
export const UpdateAssetBody = CreateAssetBody.partial().strict();
export type UpdateAssetInput = z.infer<typeof UpdateAssetBody>;

export const AssetParams = z.object({ assetId }).strict();

export const ListAssetsQuery = z
  .object({
    /** Case-insensitive substring of the name; with `q`, inactive assets are listed too unless `active` says. */
    q: z.string().max(200).optional(),
    /** `true` (default without q), `false`, or `all`. */
    active: z.enum(['true', 'false', 'all']).optional(),
    tag: Tag.optional(),
  })
  .strict();
export type ListAssetsQuery = z.infer<typeof ListAssetsQuery>;

const Severities = {
  CRITICAL: z.number().int(),
  HIGH: z.number().int(),
  MEDIUM: z.number().int(),
  LOW: z.number().int(),
  total: z.number().int(),
};
export const FindingCounts = z.object(Severities);
export type FindingCounts = z.infer<typeof FindingCounts>;
export const ViolationCounts = z.object({
  fail: z.number().int(),
  warn: z.number().int(),
  info: z.number().int(),
  total: z.number().int(),
});
export type ViolationCounts = z.infer<typeof ViolationCounts>;

export const Asset = z.object({
  id: z.string(),
  name: z.string(),
  /** The section 12 field: the name its SBOMs carry (equal to `name`). */
  assetName: z.string(),
  parentId: z.string().nullable(),
  tags: z.array(z.string()),
  classifier: z.enum(CLASSIFIERS),
  active: z.boolean(),
  /** The asset's own settings; null: the organisation's default applies. */
  retention: Retention.nullable(),
  /** What the sweep applies: the asset's settings over the organisation's, field by field. */
  effectiveRetention: Retention,
  lastUploadAt: z.string().nullable(),
  versions: z.array(z.object({ version: z.string().nullable(), sbomId: z.string(), createdAt: z.string() })),
  /** Null for an asset without SBOMs. */
  latestSbomId: z.string().nullable(),
  /** Of the latest SBOM only. */
  openFindings: FindingCounts,
  openViolations: ViolationCounts,
  /** The asset with all its descendants: open findings and violations of each one's latest SBOM. */
  rollup: z.object({
    assets: z.number().int(),
    openFindings: FindingCounts,
    openViolations: ViolationCounts,
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Asset = z.infer<typeof Asset>;

export const AssetDetail = Asset.extend({
  children: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AssetDetail = z.infer<typeof AssetDetail>;

export const DeletedAsset = z.object({
  id: z.string(),
  deleted: z.literal(true),
  sbomsDeleted: z.number().int(),
});

export const RetentionRun = z.object({
  assetsSwept: z.number().int(),
  sbomsDeleted: z.number().int(),
  assetsDeactivated: z.number().int(),
});
export type RetentionRun = z.infer<typeof RetentionRun>;
