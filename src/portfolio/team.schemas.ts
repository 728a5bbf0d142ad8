/** Request and response schemas of the session-only team endpoints (docs/portfolio-access.md). */
import { z } from 'zod';

const Name = z.string().trim().min(1).max(200);
const UserId = z.string().min(1).max(100);
const Tag = z.string().min(1).max(64);
const AssetId = z.string().min(1).max(100);

export const GrantBody = z
  .object({
    assetTags: z.array(Tag).max(100).optional(),
    assetIds: z.array(AssetId).max(1000).optional(),
    role: z.enum(['member', 'viewer']),
  })
  .strict();

export const CreateTeamBody = z
  .object({
    name: Name,
    members: z.array(UserId).max(1000).optional(),
    grants: z.array(GrantBody).max(100).optional(),
  })
  .strict();

export const UpdateTeamBody = z
  .object({
    name: Name.optional(),
    members: z.array(UserId).max(1000).optional(),
    grants: z.array(GrantBody).max(100).optional(),
  })
  .strict();

export const TeamItem = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.string()),
  grants: z.array(
    z.object({
      id: z.string(),
      assetTags: z.array(z.string()),
      assetIds: z.array(z.string()),
      role: z.enum(['member', 'viewer']),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const TeamParams = z.object({ teamId: z.string().min(1).max(100) }).strict();

export const TeamDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
