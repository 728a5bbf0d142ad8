import { sql, type Kysely, type SqlBool } from 'kysely';

// Frozen: per-identity and per-peer-group access summaries, rebuilt by every governance import (the only
// writer of governance data), so peer-group tools read ~100k summary rows instead of ~400k grants; plus
// indexes for the high-risk grant and per-system account scans.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gov_identity_access')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('grants', 'integer', (c) => c.notNull())
    .addColumn('privileged', 'integer', (c) => c.notNull())
    .addColumn('rare', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gov_identity_access_pk', ['org_id', 'identity_id'])
    .execute();
  await db.schema
    .createIndex('gov_identity_access_rare_idx')
    .on('gov_identity_access')
    .columns(['org_id', 'rare'])
    .execute();
  await db.schema
    .createTable('gov_peer_groups')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gov_peer_groups_pk', ['org_id', 'department', 'title'])
    .execute();
  await db.schema
    .createIndex('gov_grants_high_risk_idx')
    .on('gov_grants')
    .columns(['org_id', 'revoked_at', 'granted_at'])
    .where(sql.raw<SqlBool>(`(privileged = 1 or risk_level in ('high', 'critical'))`))
    .execute();
  await db.schema.dropIndex('gov_accounts_system_idx').execute();
  await db.schema
    .createIndex('gov_accounts_system_cover_idx')
    .on('gov_accounts')
    .columns(['org_id', 'system_id', 'status', 'type', 'identity_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_accounts_system_cover_idx').execute();
  await db.schema
    .createIndex('gov_accounts_system_idx')
    .on('gov_accounts')
    .columns(['org_id', 'system_id', 'status'])
    .execute();
  await db.schema.dropIndex('gov_grants_high_risk_idx').execute();
  await db.schema.dropTable('gov_peer_groups').execute();
  await db.schema.dropTable('gov_identity_access').execute();
}
