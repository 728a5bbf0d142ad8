import type { Kysely } from 'kysely';

// Frozen: the SBOM's subject's own dependencies (JSON array of component ids; null when the document names
// none), so a finding can say whether its component is a direct dependency (remediation/, docs/remediation.md).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('sboms').addColumn('root_depends_on', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sboms').dropColumn('root_depends_on').execute();
}
