import type { Kysely } from 'kysely';

// Frozen: the asset's triage memory (docs/portfolio.md, Retention). Before retention deletes an SBOM, the triage of
// its findings (status, notes, analysis) is kept here per asset, package identity and vulnerability id or alias
// (`key`), so a later version still inherits it once the versions that carried it are gone. `sbom_id` is the
// version it came from: a newer version's triage replaces an older one's, never the reverse.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('asset_triage_memory')
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('asset_id', 'text', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remediation_notes', 'text')
    .addColumn('analysis', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('sbom_id', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('asset_triage_memory_pk', ['asset_id', 'key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('asset_triage_memory').execute();
}
