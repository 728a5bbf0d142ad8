import type { Kysely } from 'kysely';

// Evidence collectors (docs/compliance.md): evidence items say which collector wrote them (`source`,
// `bulwark:<collector>`; null for imported evidence) and carry the figures, reasons and offending ids as JSON
// (`details`). The organisation's vulnerability remediation SLAs live in compliance_settings (no row: the
// documented defaults, 15 days for CRITICAL and 30 for HIGH).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('gov_evidence').addColumn('source', 'text').execute();
  await db.schema.alterTable('gov_evidence').addColumn('details', 'text').execute();
  await db.schema
    .createIndex('gov_evidence_source')
    .on('gov_evidence')
    .columns(['org_id', 'source', 'collected_at'])
    .execute();
  await db.schema
    .createTable('compliance_settings')
    .addColumn('org_id', 'text', (c) => c.primaryKey())
    .addColumn('vuln_sla_critical_days', 'integer', (c) => c.notNull())
    .addColumn('vuln_sla_high_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('compliance_settings').execute();
  await db.schema.dropIndex('gov_evidence_source').execute();
  await db.schema.alterTable('gov_evidence').dropColumn('details').execute();
  await db.schema.alterTable('gov_evidence').dropColumn('source').execute();
}
