/** Request and response schemas of the SBOM routes. */
import { z } from 'zod';
import { Tag } from '../portfolio/asset.schemas.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

/** POST /sscs/sboms: a record without a file. */
export const CreateSbomBody = z
  .object({
    name: text(200),
    version: text(100).optional(),
    assetId: z
      .string()
      .regex(/^ast_[A-Za-z0-9_-]{1,64}$/, 'must have the shape ast_<id>')
      .optional(),
    repoUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    branch: text(200).optional(),
  })
  .strict();
export type CreateSbomInput = z.infer<typeof CreateSbomBody>;

/** The text fields of the upload form (the file is read separately); any other field is rejected. */
export const UploadFields = z
  .object({
    name: text(200).optional(),
    assetName: text(200).optional(),
    version: text(100).optional(),
  })
  .strict();
export type UploadFieldsInput = z.infer<typeof UploadFields>;

export const SbomParams = z.object({ sbomId: z.string().min(1).max(100) }).strict();
export const ListSbomsQuery = z
  .object({
    q: z.string().max(200).optional(),
    /** The asset's versions (docs/portfolio.md). */
    assetId: z.string().min(1).max(100).optional(),
    /** SBOMs of the assets carrying the tag and of their descendants. */
    tag: Tag.optional(),
  })
  .strict();

const format = z.enum(['cyclonedx', 'spdx']);

export const SbomUpload = z.object({
  id: z.string(),
  name: z.string(),
  assetName: z.string(),
  version: z.string().nullable(),
  format,
  specVersion: z.string(),
  componentCount: z.number().int(),
  findingCount: z.number().int(),
  createdAt: z.string(),
});
export type SbomUpload = z.infer<typeof SbomUpload>;

export const SbomListItem = z.object({
  id: z.string(),
  name: z.string(),
  assetName: z.string(),
  assetId: z.string(),
  version: z.string().nullable(),
  source: format.nullable(),
  componentCount: z.number().int(),
  findingCount: z.number().int(),
  createdAt: z.string(),
});
export type SbomListItem = z.infer<typeof SbomListItem>;

export const SbomRecord = z.object({
  id: z.string(),
  name: z.string(),
  assetName: z.string(),
  version: z.string().nullable(),
  format: format.nullable(),
  specVersion: z.string().nullable(),
  assetId: z.string().nullable(),
  repoUrl: z.string().nullable(),
  branch: z.string().nullable(),
  componentCount: z.number().int(),
  findingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SbomRecord = z.infer<typeof SbomRecord>;

export const Component = z.object({
  id: z.string(),
  sbomId: z.string(),
  bomRef: z.string().nullable(),
  type: z.string(),
  group: z.string().nullable(),
  name: z.string(),
  version: z.string().nullable(),
  purl: z.string().nullable(),
  cpe: z.string().nullable(),
  ecosystem: z.string().nullable(),
  licenses: z.array(z.string()),
  hashes: z.array(z.object({ alg: z.string(), content: z.string() })),
  supplier: z.string().nullable(),
  scope: z.string().nullable(),
  dependsOn: z.array(z.string()),
});
export type Component = z.infer<typeof Component>;

export const DeletedSbom = z.object({ id: z.string(), deleted: z.literal(true) });
