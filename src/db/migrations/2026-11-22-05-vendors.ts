import { sql, type Kysely } from 'kysely';

// Frozen: supply-chain vendors (also the suppliers the governance tools report on).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vendors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('risk_tier', 'integer', (c) => c.notNull())
    .addColumn('assessment_status', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Lists are ordered by case-insensitive name: the expression index serves that order without a sort.
  await sql`create index vendors_org_lower_name_idx on vendors (org_id, lower(name), id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vendors').execute();
}
