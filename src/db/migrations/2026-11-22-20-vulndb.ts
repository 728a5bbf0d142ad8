import type { Kysely } from 'kysely';

// Frozen: the OSV advisory database (global, not per organisation).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vuln_advisories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('modified', 'text', (c) => c.notNull())
    .addColumn('published', 'text')
    .addColumn('withdrawn', 'text')
    .addColumn('summary', 'text')
    .addColumn('details', 'text')
    .addColumn('aliases', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('cvss_score', 'double precision')
    .addColumn('cvss_vector', 'text')
    .addColumn('cvss_source', 'text')
    .addColumn('severity_label', 'text')
    .addColumn('refs', 'text', (c) => c.notNull())
    .addColumn('ecosystems', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('vuln_affected')
    .addColumn('advisory_id', 'text', (c) => c.notNull().references('vuln_advisories.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('ecosystem', 'text', (c) => c.notNull())
    .addColumn('package_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ranges', 'text', (c) => c.notNull())
    .addColumn('versions', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vuln_affected_pk', ['advisory_id', 'idx'])
    .execute();
  // Matching looks advisories up by the package a component names.
  await db.schema
    .createIndex('vuln_affected_package_idx')
    .on('vuln_affected')
    .columns(['ecosystem', 'package_key'])
    .execute();

  await db.schema
    .createTable('vuln_aliases')
    .addColumn('alias_id', 'text', (c) => c.notNull())
    .addColumn('advisory_id', 'text', (c) => c.notNull().references('vuln_advisories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('vuln_aliases_pk', ['alias_id', 'advisory_id'])
    .execute();
  await db.schema.createIndex('vuln_aliases_advisory_idx').on('vuln_aliases').column('advisory_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vuln_aliases').execute();
  await db.schema.dropTable('vuln_affected').execute();
  await db.schema.dropTable('vuln_advisories').execute();
}
