import type { Kysely } from 'kysely';

// Frozen: where each vulnerability-data source stands (OSV per ecosystem, KEV, EPSS) and the KEV and EPSS
// data themselves. Global reference data like the advisories: no org_id.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vuln_sync_state')
    .addColumn('source', 'text', (c) => c.primaryKey())
    .addColumn('location', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('high_water', 'text')
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('version', 'text')
    .execute();

  await db.schema
    .createTable('vuln_kev')
    .addColumn('cve_id', 'text', (c) => c.primaryKey())
    .addColumn('date_added', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('ransomware', 'text', (c) => c.notNull())
    .addColumn('vendor_project', 'text')
    .addColumn('product', 'text')
    .addColumn('name', 'text')
    .execute();

  await db.schema
    .createTable('vuln_epss')
    .addColumn('cve_id', 'text', (c) => c.primaryKey())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('percentile', 'double precision', (c) => c.notNull())
    .addColumn('score_date', 'text', (c) => c.notNull())
    .execute();
  // `epssMin` filters select CVEs by score.
  await db.schema.createIndex('vuln_epss_score_idx').on('vuln_epss').column('score').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vuln_epss').execute();
  await db.schema.dropTable('vuln_kev').execute();
  await db.schema.dropTable('vuln_sync_state').execute();
}
