import type { Kysely } from 'kysely';

// Frozen: the risk register (drafts from the tool server, finalized risks from people and imports).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('risks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text')
    .addColumn('owner_user_id', 'text')
    .addColumn('likelihood', 'integer')
    .addColumn('impact', 'integer')
    .addColumn('score', 'integer')
    .addColumn('treatment', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The register lists one organisation's risks by status.
  await db.schema.createIndex('risks_org_status_idx').on('risks').columns(['org_id', 'status']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('risks').execute();
}
