import type { Kysely } from 'kysely';

// Frozen: separation-of-duty violations as (rule, identity) pairs, rebuilt by every import with the other
// access summaries (the two-way grant join is too slow per call at 100,000 identities on PostgreSQL).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gov_sod_violations')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gov_sod_violations_pk', ['org_id', 'rule_id', 'identity_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gov_sod_violations').execute();
}
