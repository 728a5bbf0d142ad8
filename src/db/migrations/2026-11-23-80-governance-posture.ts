import { sql, type Kysely, type SqlBool } from 'kysely';

// Frozen: the import-maintained posture snapshot (time-independent posture figures per organisation) and the
// security-debt items derived from stored history, so posture_summary and access_security_debt_trend only
// compare stored times with the reference time per call.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('gov_posture_snapshot')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('human_accounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correlated_accounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('orphaned_accounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('high_risk_grants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_accounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leave_login_accounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('concentration_outliers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_grants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leave_identities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leave_login_identities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refreshed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('gov_debt_items')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  // Covering: a month's counts read only this index.
  await db.schema
    .createIndex('gov_debt_items_kind_idx')
    .on('gov_debt_items')
    .columns(['org_id', 'kind', 'opened_at', 'closed_at', 'severity'])
    .execute();
  // Active accounts of terminated identities (the offboarding candidates), with the termination time and
  // whether the account holds an active privileged grant: a violation is one whose termination is past the SLA.
  await db.schema
    .createTable('gov_offboarding_accounts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('termination_date', 'text', (c) => c.notNull())
    .addColumn('privileged', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_offboarding_accounts_idx')
    .on('gov_offboarding_accounts')
    .columns(['org_id', 'termination_date', 'identity_id', 'privileged', 'account_id'])
    .execute();
  // Holders of high-risk grants on enabled accounts (one row without identity for the unowned ones), with the
  // identity attributes that decide the lifecycle stage: a call classifies holders, not every grant.
  await db.schema
    .createTable('gov_high_risk_holders')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('identity_id', 'text')
    .addColumn('status', 'text')
    .addColumn('hire_date', 'text')
    .addColumn('department_changed_at', 'text')
    .addColumn('grants', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_high_risk_holders_idx')
    .on('gov_high_risk_holders')
    .columns(['org_id', 'status', 'hire_date', 'department_changed_at', 'grants'])
    .execute();
  await db.schema
    .createIndex('gov_high_risk_holders_moved_idx')
    .on('gov_high_risk_holders')
    .columns(['org_id', 'status', 'department_changed_at', 'hire_date', 'grants'])
    .execute();
  // High-risk grants on enabled accounts in grant order: the oldest unused ones (access_high_risk_lifecycle's
  // items) are the first few entries instead of a scan and sort of every grant.
  await db.schema
    .createIndex('gov_grants_high_risk_enabled_idx')
    .on('gov_grants')
    .columns(['org_id', 'granted_at', 'id', 'last_used_at'])
    .where(
      sql.raw<SqlBool>(
        `revoked_at is null and (privileged = 1 or risk_level in ('high', 'critical')) and account_disabled = 0`,
      ),
    )
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('gov_grants_high_risk_enabled_idx').execute();
  await db.schema.dropTable('gov_high_risk_holders').execute();
  await db.schema.dropTable('gov_offboarding_accounts').execute();
  await db.schema.dropTable('gov_debt_items').execute();
  await db.schema.dropTable('gov_posture_snapshot').execute();
}
