import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';

// Frozen: teams, their members and grants (docs/portfolio-access.md), the organisation's `portfolio_access`
// switch, and API tokens' `asset_tags` restriction (JSON array or null). On PostgreSQL a change to teams,
// members, grants, an asset's tags or an asset's parent (reaches follow tags and descendants; a new asset
// without tags or parent changes no reach, so uploads do not drop the caches) notifies the servers' principal caches (the function of 2026-11-22-47), so a reach computed
// before it is dropped on the very next request, on every instance. SQLite needs nothing: a server sees other
// connections' commits through `PRAGMA data_version`, and its own through the services' explicit invalidation.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const NOTIFYING = ['teams', 'team_members', 'team_grants'];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('teams_org_name', ['org_id', 'name'])
    .execute();
  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  // A principal's reach starts from its user's memberships.
  await db.schema
    .createIndex('team_members_user')
    .on('team_members')
    .columns(['org_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('team_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('asset_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('asset_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('role', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('team_grants_team').on('team_grants').columns(['team_id']).execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('portfolio_access', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('api_tokens').addColumn('asset_tags', 'text').execute();
  // The findings list walks (org_id, status, id) newest first; with sbom_id in the index too, a restricted
  // member's list checks each entry's SBOM against its reach without reading the row (bench/portfolio). It
  // replaces the narrower index, whose every use it serves.
  await db.schema
    .createIndex('findings_org_status_sbom_idx')
    .on('findings')
    .columns(['org_id', 'status', 'id', 'sbom_id'])
    .execute();
  await db.schema.dropIndex('findings_org_status_idx').execute();
  if (dialectOf(db) !== 'postgres') return;
  for (const table of NOTIFYING) {
    await sql`
      create trigger ${sql.id(`${table}_notify_principals`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bulwark_notify_principals()`.execute(db);
  }
  await sql`
    create trigger asset_tags_notify_principals
    after insert or update or delete or truncate on asset_tags
    for each statement execute function bulwark_notify_principals()`.execute(db);
  await sql`
    create trigger assets_parent_notify_principals
    after update of parent_id on assets
    for each statement execute function bulwark_notify_principals()`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger asset_tags_notify_principals on asset_tags`.execute(db);
    await sql`drop trigger assets_parent_notify_principals on assets`.execute(db);
  }
  await db.schema
    .createIndex('findings_org_status_idx')
    .on('findings')
    .columns(['org_id', 'status', 'id'])
    .execute();
  await db.schema.dropIndex('findings_org_status_sbom_idx').execute();
  await db.schema.alterTable('api_tokens').dropColumn('asset_tags').execute();
  await db.schema.alterTable('organizations').dropColumn('portfolio_access').execute();
  await db.schema.dropTable('team_grants').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
}
