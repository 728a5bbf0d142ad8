import type { Kysely } from 'kysely';

// Frozen: SBOMs and their components (deleted with their SBOM).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sboms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('asset_name', 'text', (c) => c.notNull())
    .addColumn('version', 'text')
    // null for a record created without a file.
    .addColumn('format', 'text')
    .addColumn('spec_version', 'text')
    .addColumn('asset_id', 'text')
    .addColumn('repo_url', 'text')
    .addColumn('branch', 'text')
    .addColumn('component_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Newest-first lists per organisation (ids are time-ordered).
  await db.schema.createIndex('sboms_org_id_idx').on('sboms').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('sbom_components')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('sbom_id', 'text', (c) => c.notNull().references('sboms.id').onDelete('cascade'))
    .addColumn('bom_ref', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('purl', 'text')
    .addColumn('cpe', 'text')
    .addColumn('ecosystem', 'text')
    // packageKey(ecosystem, OSV name) when the purl maps to an OSV package; what advisories are matched on.
    .addColumn('package_key', 'text')
    .addColumn('licenses', 'text', (c) => c.notNull())
    .addColumn('hashes', 'text', (c) => c.notNull())
    .addColumn('supplier', 'text')
    .addColumn('scope', 'text')
    .addColumn('depends_on', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sbom_components_package_idx')
    .on('sbom_components')
    .columns(['org_id', 'ecosystem', 'package_key'])
    .execute();
  await db.schema
    .createIndex('sbom_components_sbom_position_idx')
    .on('sbom_components')
    .columns(['sbom_id', 'position'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sbom_components').execute();
  await db.schema.dropTable('sboms').execute();
}
