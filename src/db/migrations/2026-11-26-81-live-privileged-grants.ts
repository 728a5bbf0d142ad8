import { sql, type Kysely } from 'kysely';

// Frozen: the live privileged grants of an organisation, a few thousand of a million grants at 100,000
// identities. The access-rights evidence collector starts from them (docs/compliance.md): walking the 27,000
// stale accounts and probing each one's grants held SQLite's event loop 200-360 ms (bench/governance).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index gov_grants_live_privileged_idx on gov_grants (org_id, account_id)
    where revoked_at is null and privileged = 1`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_grants_live_privileged_idx').execute();
}
