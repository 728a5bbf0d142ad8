import type { Kysely } from 'kysely';

// Frozen: findings by SBOM, then status and id. It still serves the foreign-key check of an SBOM's deletion (led by
// sbom_id, as the index it replaces), and also gives each SBOM's open findings newest first without a sort: a
// restricted member whose reach is a few SBOMs takes the first page from each of them instead of walking the
// whole organisation's list (findings/sparse-page.ts, bench/portfolio). retracted_at rides along so SQLite
// answers the probe from the index alone.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('findings_sbom_status_idx')
    .on('findings')
    .columns(['sbom_id', 'status', 'id', 'retracted_at'])
    .execute();
  await db.schema.dropIndex('findings_sbom_idx').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('findings_sbom_idx').on('findings').column('sbom_id').execute();
  await db.schema.dropIndex('findings_sbom_status_idx').execute();
}
