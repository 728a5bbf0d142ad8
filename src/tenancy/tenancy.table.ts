/** Table types of organisations, users and API tokens. */
import type { Selectable } from 'kysely';

export interface OrganizationTable {
  id: string;
  slug: string;
  name: string;
  plan: string;
  mcp_write_enabled: number;
  /** The supply-chain read tools of the tool server (docs/mcp-oauth.md); 0 or 1. */
  mcp_supply_chain_tools: number;
  /** Members and viewers reach only their teams' grants (docs/portfolio-access.md); 0 or 1. */
  portfolio_access: number;
  /** JSON `{keepVersions?, maxAgeDays?, inactiveAfterDays?}`: the default retention of its assets; null: none. */
  retention: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: string;
  org_id: string;
  email: string;
  display_name: string | null;
  /** owner | admin | member | viewer (roles.ts). */
  role: string;
  /** scrypt hash (password.ts); null until a password is set, and then the user cannot sign in. */
  password_hash: string | null;
  created_at: string;
}

export interface ApiTokenTable {
  id: string;
  org_id: string;
  user_id: string;
  name: string | null;
  /** SHA-256 of the whole secret, hex; the secret itself is never stored. */
  secret_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  /** JSON array of asset tags restricting the token, or null (docs/portfolio-access.md). */
  asset_tags: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export type OrganizationRow = Selectable<OrganizationTable>;
export type UserRow = Selectable<UserTable>;
export type ApiTokenRow = Selectable<ApiTokenTable>;

declare module '../db/database.ts' {
  interface Database {
    organizations: OrganizationTable;
    users: UserTable;
    api_tokens: ApiTokenTable;
  }
}
