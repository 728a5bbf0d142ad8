import type { Kysely } from 'kysely';

// Frozen: indexes found by benchmarking the governance tools at 100,000 identities.
// - Active grants per identity with the privileged flag, covered by the index (concentration, peer groups).
// - Grants with an expiry (security debt: expired but not revoked).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_grants_active_idx').execute();
  await db.schema
    .createIndex('gov_grants_active_cover_idx')
    .on('gov_grants')
    .columns(['org_id', 'revoked_at', 'identity_id', 'privileged', 'entitlement_id'])
    .execute();
  await db.schema
    .createIndex('gov_grants_expires_idx')
    .on('gov_grants')
    .columns(['org_id', 'expires_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_grants_expires_idx').execute();
  await db.schema.dropIndex('gov_grants_active_cover_idx').execute();
  await db.schema
    .createIndex('gov_grants_active_idx')
    .on('gov_grants')
    .columns(['org_id', 'revoked_at', 'identity_id', 'entitlement_id'])
    .execute();
}
