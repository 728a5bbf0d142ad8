import type { Kysely } from 'kysely';

// Frozen: the advisory database's generation, bumped by every import that changes advisories, so processes
// that cache parsed advisories notice changes made by another process.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vuln_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('vuln_state').values({ id: 1, generation: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vuln_state').execute();
}
