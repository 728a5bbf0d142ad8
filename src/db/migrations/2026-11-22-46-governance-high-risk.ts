import { sql, type Kysely, type SqlBool } from 'kysely';

// Frozen: the high-risk grant index made covering for access_high_risk_lifecycle (dates, holder, entitlement),
// so its breakdown reads no grant rows. Replaces gov_grants_high_risk_idx.

const HIGH_RISK = sql.raw<SqlBool>(`(privileged = 1 or risk_level in ('high', 'critical'))`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_grants_high_risk_idx').execute();
  await db.schema
    .createIndex('gov_grants_high_risk_cover_idx')
    .on('gov_grants')
    .columns([
      'org_id',
      'revoked_at',
      'granted_at',
      'last_used_at',
      'last_reviewed_at',
      'identity_id',
      'entitlement_id',
      'privileged',
      'risk_level',
    ])
    .where(HIGH_RISK)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_grants_high_risk_cover_idx').execute();
  await db.schema
    .createIndex('gov_grants_high_risk_idx')
    .on('gov_grants')
    .columns(['org_id', 'revoked_at', 'granted_at'])
    .where(HIGH_RISK)
    .execute();
}
