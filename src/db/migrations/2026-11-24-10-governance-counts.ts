import { sql, type Kysely, type SqlBool } from 'kysely';

// Frozen: more time-independent figures stored by every import with the posture snapshot, so the tools that
// counted them over every account or identity per call read a few stored rows instead:
// - gov_posture_snapshot: active identities and those missing attributes (access_normalization_health), the
//   access summary's holders and privileged outliers (access_concentration), and its rare-entitlement totals
//   (access_anomaly_discovery);
// - gov_system_counts: access_normalization_health's per-system account counts;
// - the leaver's department on each offboarding candidate and the identity's department on each SoD pair
//   (access_department_risk);
// - gov_activity_days: active accounts per day of last login (or, never logged in, of creation), department and
//   whether an identity owns them, so "at or before a time" is a sum over days plus the last day from the index
//   (access_stale_accounts, access_department_risk, posture_summary);
// - high-risk grants on disabled accounts and gov_disabled_accounts, the disabled accounts still carrying grants
//   (access_high_risk_lifecycle), and the enabled high-risk grant index covering last_reviewed_at, so the
//   lifecycle buckets read that index alone; gov_high_risk_days, those grants per UTC day of grant, last use and
//   last review, with partial indexes on the last two for a bound's own day; gov_leave_logins, accounts used after their identity's leave began;
// - gov_debt_days: the stored security-debt items per UTC day of opening and of closing, so a month's figures are
//   sums over days plus the bound's own day (access_security_debt_trend, posture_summary);
// - gov_campaign_counts: each review campaign's item counts that do not depend on the reference time, and an index
//   of the remediations that can become overdue (access_reviews_list, uar_status).
// Snapshots stored before this migration lack the new figures: they are dropped, and the tools compute from the
// tables (as for data imported before any snapshot) until the organisation's next import stores a complete one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const SNAPSHOT_COLUMNS = [
  'active_identities',
  'missing_department',
  'missing_title',
  'missing_manager',
  'missing_any',
  'department_heads',
  'access_holders',
  'priv_outliers',
  'rare_outliers',
  'rare_assignments',
  'disabled_high_risk_grants',
];

const HIGH_RISK_ENABLED = `revoked_at is null and (privileged = 1 or risk_level in ('high', 'critical')) and account_disabled = 0`;

export async function up(db: Db): Promise<void> {
  await db.deleteFrom('gov_posture_snapshot').execute();
  for (const column of SNAPSHOT_COLUMNS)
    await db.schema
      .alterTable('gov_posture_snapshot')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema
    .createTable('gov_system_counts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('system_id', 'text', (c) => c.notNull())
    .addColumn('accounts', 'integer', (c) => c.notNull())
    .addColumn('human', 'integer', (c) => c.notNull())
    .addColumn('correlated', 'integer', (c) => c.notNull())
    .addColumn('orphaned', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gov_system_counts_pk', ['org_id', 'system_id'])
    .execute();
  await db.schema
    .alterTable('gov_offboarding_accounts')
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('gov_sod_violations')
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('gov_activity_days')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // 'login': by day of last login; 'created': never logged in, by day of creation.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('attributed', 'integer', (c) => c.notNull())
    .addColumn('accounts', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_activity_days_idx')
    .on('gov_activity_days')
    .columns(['org_id', 'kind', 'day', 'attributed', 'department', 'accounts'])
    .execute();
  await db.schema
    .createTable('gov_disabled_accounts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('grants', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_disabled_accounts_idx')
    .on('gov_disabled_accounts')
    .columns(['org_id', 'disabled_at', 'account_id'])
    .execute();
  await db.schema
    .createTable('gov_high_risk_days')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // 'granted', 'used' or 'reviewed': which of the grant's times falls on `day`.
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('grants', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_high_risk_days_idx')
    .on('gov_high_risk_days')
    .columns(['org_id', 'field', 'day', 'grants'])
    .execute();
  for (const column of ['last_used_at', 'last_reviewed_at'])
    await db.schema
      .createIndex(`gov_grants_high_risk_${column}_idx`)
      .on('gov_grants')
      .columns(['org_id', column])
      .where(sql.raw<SqlBool>(HIGH_RISK_ENABLED))
      .execute();
  await db.schema
    .createTable('gov_leave_logins')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('leave_started_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_leave_logins_idx')
    .on('gov_leave_logins')
    .columns(['org_id', 'last_login_at'])
    .execute();
  await db.schema
    .createTable('gov_debt_days')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    // 'opened' or 'closed': which of the item's times falls on `day`.
    .addColumn('which', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_debt_days_idx')
    .on('gov_debt_days')
    .columns(['org_id', 'kind', 'severity', 'which', 'day', 'items'])
    .execute();
  // A bound's own day of closings, by kind and severity (openings: gov_debt_items_kind_idx).
  await db.schema
    .createIndex('gov_debt_items_closed_idx')
    .on('gov_debt_items')
    .columns(['org_id', 'kind', 'severity', 'closed_at', 'opened_at'])
    .execute();
  await db.schema
    .createTable('gov_campaign_counts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('approve', 'integer', (c) => c.notNull())
    .addColumn('revoke', 'integer', (c) => c.notNull())
    .addColumn('modify', 'integer', (c) => c.notNull())
    .addColumn('self_reviews', 'integer', (c) => c.notNull())
    .addColumn('self_decided', 'integer', (c) => c.notNull())
    .addColumn('chain', 'integer', (c) => c.notNull())
    .addColumn('without_evidence', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('gov_campaign_counts_pk', ['org_id', 'campaign_id'])
    .execute();
  await db.schema
    .createIndex('gov_review_items_overdue_idx')
    .on('gov_review_items')
    .columns(['org_id', 'remediation_due_at', 'campaign_id'])
    .where(sql.raw<SqlBool>(`decision in ('revoke', 'modify') and remediation_status <> 'done'`))
    .execute();
  await db.schema.dropIndex('gov_grants_high_risk_enabled_idx').execute();
  await db.schema
    .createIndex('gov_grants_high_risk_enabled_idx')
    .on('gov_grants')
    .columns(['org_id', 'granted_at', 'id', 'last_used_at', 'last_reviewed_at'])
    .where(sql.raw<SqlBool>(HIGH_RISK_ENABLED))
    .execute();
  // SoD pairs are always read from the table (no fallback): fill the new column for the stored ones.
  await sql`update gov_sod_violations set department = coalesce((select i.department from gov_identities i
    where i.id = gov_sod_violations.identity_id and i.org_id = gov_sod_violations.org_id), '')`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('gov_grants_high_risk_enabled_idx').execute();
  await db.schema
    .createIndex('gov_grants_high_risk_enabled_idx')
    .on('gov_grants')
    .columns(['org_id', 'granted_at', 'id', 'last_used_at'])
    .where(sql.raw<SqlBool>(HIGH_RISK_ENABLED))
    .execute();
  await db.schema.dropIndex('gov_review_items_overdue_idx').execute();
  await db.schema.dropTable('gov_campaign_counts').execute();
  await db.schema.dropIndex('gov_debt_items_closed_idx').execute();
  await db.schema.dropTable('gov_debt_days').execute();
  await db.schema.dropTable('gov_leave_logins').execute();
  for (const column of ['last_used_at', 'last_reviewed_at'])
    await db.schema.dropIndex(`gov_grants_high_risk_${column}_idx`).execute();
  await db.schema.dropTable('gov_high_risk_days').execute();
  await db.schema.dropTable('gov_disabled_accounts').execute();
  await db.schema.dropTable('gov_activity_days').execute();
  await db.schema.alterTable('gov_sod_violations').dropColumn('department').execute();
  await db.schema.alterTable('gov_offboarding_accounts').dropColumn('department').execute();
  await db.schema.dropTable('gov_system_counts').execute();
  await db.deleteFrom('gov_posture_snapshot').execute();
  for (const column of SNAPSHOT_COLUMNS)
    await db.schema.alterTable('gov_posture_snapshot').dropColumn(column).execute();
}
