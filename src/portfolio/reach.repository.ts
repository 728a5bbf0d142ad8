/**
 * The asset queries behind reaches and grant checks. Raw SQL over the assets tables (assets, asset_tags), which
 * the asset records own; one query each, all scoped by organisation.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

type Db = Kysely<Database>;

export interface Who {
  role: string;
  portfolio_access: number | boolean;
}

export async function roleAndSetting(db: Db, orgId: string, userId: string): Promise<Who | undefined> {
  const { rows } = await sql<Who>`
    select u.role, o.portfolio_access from users u join organizations o on o.id = u.org_id
    where u.org_id = ${orgId} and u.id = ${userId}`.execute(db);
  return rows[0];
}

/** Every asset of the organisation with its parent: the tree descendants are found in. */
export async function assetTree(db: Db, orgId: string): Promise<{ id: string; parent_id: string | null }[]> {
  const { rows } = await sql<{ id: string; parent_id: string | null }>`
    select id, parent_id from assets where org_id = ${orgId}`.execute(db);
  return rows;
}

export async function assetsWithTags(db: Db, orgId: string, tags: readonly string[]): Promise<string[]> {
  if (tags.length === 0) return [];
  const { rows } = await sql<{ asset_id: string }>`
    select distinct asset_id from asset_tags where org_id = ${orgId} and tag in (${sql.join([...tags])})`.execute(
    db,
  );
  return rows.map((r) => r.asset_id);
}

export async function tagsInUse(db: Db, orgId: string, tags: readonly string[]): Promise<Set<string>> {
  if (tags.length === 0) return new Set();
  const { rows } = await sql<{ tag: string }>`
    select distinct tag from asset_tags where org_id = ${orgId} and tag in (${sql.join([...tags])})`.execute(
    db,
  );
  return new Set(rows.map((r) => r.tag));
}

export async function assetsOf(db: Db, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    select id from assets where org_id = ${orgId} and id in (${sql.join([...ids])})`.execute(db);
  return new Set(rows.map((r) => r.id));
}
