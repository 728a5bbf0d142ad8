/** Table types of assets and their tags (docs/portfolio.md, migration 2026-11-26-90-portfolio-assets). */
import type { Selectable } from 'kysely';

export interface AssetTable {
  id: string;
  org_id: string;
  /** Unique per organisation; the `asset_name` of the asset's SBOMs. */
  name: string;
  /** Another asset of the same organisation; never the asset itself or one of its descendants. */
  parent_id: string | null;
  /** application | library | container | firmware | service | other. */
  classifier: string;
  /** 0 or 1; inactive assets are hidden from default lists (still searchable). */
  active: number;
  /** JSON `{keepVersions?, maxAgeDays?, inactiveAfterDays?}`; null: the organisation's default. */
  retention: string | null;
  last_upload_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AssetTagTable {
  org_id: string;
  asset_id: string;
  /** Lowercase, `[a-z0-9][a-z0-9._:-]{0,63}`. */
  tag: string;
}

export type AssetRow = Selectable<AssetTable>;
export type AssetTagRow = Selectable<AssetTagTable>;

declare module '../db/database.ts' {
  interface Database {
    assets: AssetTable;
    asset_tags: AssetTagTable;
  }
}
