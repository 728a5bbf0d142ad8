/** Table types of teams, their members and their grants (docs/portfolio-access.md). */
import type { Selectable } from 'kysely';

export interface TeamTable {
  id: string;
  org_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface TeamMemberTable {
  team_id: string;
  user_id: string;
  org_id: string;
}

export interface TeamGrantTable {
  id: string;
  team_id: string;
  org_id: string;
  /** JSON array of tags; the grant covers every asset carrying one of them, and its descendants. */
  asset_tags: string;
  /** JSON array of asset ids; the grant covers each, and its descendants. */
  asset_ids: string;
  /** member | viewer: recorded with the grant (docs/portfolio-access.md). */
  role: string;
}

export type TeamRow = Selectable<TeamTable>;
export type TeamGrantRow = Selectable<TeamGrantTable>;

declare module '../db/database.ts' {
  interface Database {
    teams: TeamTable;
    team_members: TeamMemberTable;
    team_grants: TeamGrantTable;
  }
}
