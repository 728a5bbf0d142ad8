import { sql, type Kysely, type SqlBool } from 'kysely';

// Frozen: active grants by (entitlement, identity) as a partial index, so "lowest/highest holder of an
// entitlement" is one ordered probe on both dialects (PostgreSQL cannot order past an IS NULL column in the
// previous index) and separation-of-duty pairs join on it. Replaces gov_grants_ent_idx.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_grants_ent_idx').execute();
  await db.schema
    .createIndex('gov_grants_ent_active_idx')
    .on('gov_grants')
    .columns(['org_id', 'entitlement_id', 'identity_id'])
    .where(sql.raw<SqlBool>('revoked_at is null'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_grants_ent_active_idx').execute();
  await db.schema
    .createIndex('gov_grants_ent_idx')
    .on('gov_grants')
    .columns(['org_id', 'entitlement_id', 'revoked_at', 'identity_id'])
    .execute();
}
