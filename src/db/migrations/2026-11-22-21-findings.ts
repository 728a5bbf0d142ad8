import type { Kysely } from 'kysely';

// Frozen: findings (component × vulnerability per organisation) and their history.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('findings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sbom_id', 'text', (c) => c.notNull().references('sboms.id').onDelete('cascade'))
    .addColumn('component_id', 'text', (c) =>
      c.notNull().references('sbom_components.id').onDelete('cascade'),
    )
    .addColumn('vulnerability_id', 'text', (c) => c.notNull())
    .addColumn('aliases', 'text', (c) => c.notNull())
    .addColumn('advisory_ids', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('severity_source', 'text', (c) => c.notNull())
    .addColumn('cvss_score', 'double precision')
    .addColumn('cvss_vector', 'text')
    .addColumn('fixed_versions', 'text', (c) => c.notNull())
    .addColumn('refs', 'text', (c) => c.notNull())
    .addColumn('match_reasons', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remediation_notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('status_changed_at', 'text', (c) => c.notNull())
    .addColumn('retracted_at', 'text')
    .addColumn('retraction_reason', 'text')
    .addUniqueConstraint('findings_component_vulnerability_unique', ['component_id', 'vulnerability_id'])
    .execute();
  // Lists filter by status (and severity) newest first; SBOM pages count their findings.
  await db.schema
    .createIndex('findings_org_status_idx')
    .on('findings')
    .columns(['org_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('findings_org_sbom_idx')
    .on('findings')
    .columns(['org_id', 'sbom_id'])
    .execute();

  await db.schema
    .createTable('finding_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('finding_id', 'text', (c) => c.notNull().references('findings.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('notes', 'text')
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('finding_history_finding_idx')
    .on('finding_history')
    .columns(['finding_id', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('finding_history').execute();
  await db.schema.dropTable('findings').execute();
}
