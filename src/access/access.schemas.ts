/** Request and response schemas of the session-only management endpoints: tokens, users, organisation. */
import { z } from 'zod';
import { Retention } from '../portfolio/asset.schemas.ts';
import { PASSWORD_MAX_LENGTH } from '../tenancy/password.ts';
import { SCOPES } from '../tenancy/plans.ts';
import { ROLES } from '../tenancy/roles.ts';

const Name = z.string().trim().min(1).max(200);
// Lengths are checked by the service (checkPasswordRules) so the message is the same everywhere.
const Password = z.string().max(PASSWORD_MAX_LENGTH);

export const CreateTokenBody = z
  .object({
    name: Name.optional(),
    scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length),
    expiresIn: z
      .string()
      .regex(/^\d+[smhdw]$/, 'a duration such as 30d, 12h or 90m')
      .optional(),
    /** Restricts the token to assets with one of these tags, whatever the role (docs/portfolio-access.md). */
    assetTags: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
  })
  .strict();

export const CreatedToken = z.object({
  id: z.string(),
  token: z.string(),
  name: z.string().nullable(),
  scopes: z.array(z.enum(SCOPES)),
  assetTags: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
});

export const TokenItem = z.object({
  id: z.string(),
  name: z.string().nullable(),
  userId: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  assetTags: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const TokenParams = z.object({ tokenId: z.string().min(1).max(100) }).strict();

export const CreateUserBody = z
  .object({
    email: z.string().trim().min(1).max(320),
    name: Name.optional(),
    role: z.enum(ROLES),
    password: Password.optional(),
  })
  .strict();

export const UpdateUserBody = z
  .object({ name: Name.nullable().optional(), role: z.enum(ROLES).optional(), password: Password.optional() })
  .strict();

export const UserItem = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});

export const UserParams = z.object({ userId: z.string().min(1).max(100) }).strict();

/** The plan is the operator's (billing), set with `bulwark org update --plan`; not here. */
export const UpdateOrgBody = z
  .object({
    name: Name.optional(),
    mcpWriteEnabled: z.boolean().optional(),
    // Owner only: every password sign-in needs a second factor (docs/identity.md).
    requireMfa: z.boolean().optional(),
    /** The supply-chain read tools of the tool server (docs/mcp-oauth.md). */
    mcpSupplyChainTools: z.boolean().optional(),
    /** Members and viewers reach only what their teams grant (docs/portfolio-access.md). */
    portfolioAccess: z.boolean().optional(),
    /** The default retention of the assets (docs/portfolio.md); null or {} clears it. */
    retention: Retention.nullable().optional(),
  })
  .strict();

export const OrgSettings = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  plan: z.string(),
  mcpWriteEnabled: z.boolean(),
  requireMfa: z.boolean(),
  mcpSupplyChainTools: z.boolean(),
  portfolioAccess: z.boolean(),
  retention: Retention.nullable(),
  createdAt: z.string(),
});

export const Deleted = z.object({ id: z.string(), deleted: z.literal(true) });
