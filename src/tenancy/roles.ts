/**
 * Workspace roles and what each may do. A signed-in person's role stands in for an API token's scopes on the
 * public endpoints (docs/sessions.md, "Roles").
 */
import type { Scope } from './plans.ts';

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Ordered from least to most: a role may do everything the roles before it may. */
const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export const roleAtLeast = (role: Role, minimum: Role): boolean => RANK[role] >= RANK[minimum];

/**
 * viewer reads (sbom:read + mcp:read); member also writes SBOMs, findings and vendors (sbom:write); admin and
 * owner also create risk drafts through the tool server (mcp:write) and manage tokens, users and settings.
 */
const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  viewer: ['sbom:read', 'mcp:read'],
  member: ['sbom:read', 'sbom:write', 'mcp:read'],
  admin: ['sbom:read', 'sbom:write', 'mcp:read', 'mcp:write'],
  owner: ['sbom:read', 'sbom:write', 'mcp:read', 'mcp:write'],
};

export const scopesOfRole = (role: Role): ReadonlySet<Scope> => new Set(ROLE_SCOPES[role]);
