import type { Kysely } from 'kysely';

// Frozen: findings by SBOM alone. Deleting an SBOM checks its foreign key in findings (`sbom_id`, ON DELETE
// CASCADE); the only index led with org_id, so each deletion scanned every finding: ≈ 20 ms per SBOM with 50,000
// findings, which a retention sweep of thousands of SBOMs paid each time (bench/portfolio/retention.bench.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('findings_sbom_idx').on('findings').column('sbom_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('findings_sbom_idx').execute();
}
