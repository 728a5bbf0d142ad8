import { sql, type Kysely, type SqlBool } from 'kysely';

// Frozen: what an auditor asks of the governance data (docs/governance-tools.md): department heads and leave
// start dates on identities, SoA version and approval per ISO project, control→risk links on SoA entries,
// decision evidence on review items and whether the reviewer is in the subject's manager chain, the organisation's time zone, separation-of-duty exceptions, and whether a stored SoD pair involves an
// owned (service, shared, break-glass) account.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const add = (table: string, column: string, type: 'text' | 'integer', notNullDefault?: string | number) =>
    db.schema
      .alterTable(table)
      .addColumn(column, type, (c) =>
        notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
      )
      .execute();
  await add('gov_identities', 'department_head', 'integer', 0);
  await add('gov_identities', 'leave_started_at', 'text');
  await add('gov_iso_projects', 'soa_version', 'text');
  await add('gov_iso_projects', 'soa_approved_at', 'text');
  await add('gov_soa_entries', 'risk_ids', 'text');
  await add('gov_review_items', 'evidence_note', 'text');
  await add('gov_review_items', 'evidence_url', 'text');
  await add('gov_review_items', 'reviewer_in_chain', 'integer', 0);
  await add('gov_settings', 'timezone', 'text', 'UTC');
  await add('gov_sod_violations', 'via_owned_account', 'integer', 0);
  // Copied from the account like identity_id (kept in step by the importer), so the few active grants on
  // disabled accounts are one small partial-index range instead of a probe per disabled account.
  await add('gov_grants', 'account_disabled', 'integer', 0);
  await db.schema
    .createIndex('gov_grants_disabled_account_idx')
    .on('gov_grants')
    .columns(['org_id', 'account_id'])
    .where(sql.raw<SqlBool>('revoked_at is null and account_disabled = 1'))
    .execute();
  await db.schema
    .createTable('gov_sod_exceptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('mitigating_control', 'text', (c) => c.notNull())
    .addColumn('approved_by_id', 'text')
    .addColumn('approved_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gov_sod_exceptions_org_ext_uq')
    .on('gov_sod_exceptions')
    .columns(['org_id', 'external_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('gov_sod_exceptions_pair_idx')
    .on('gov_sod_exceptions')
    .columns(['org_id', 'rule_id', 'identity_id', 'expires_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('gov_sod_exceptions').execute();
  const drop = (table: string, column: string) => db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.dropIndex('gov_grants_disabled_account_idx').execute();
  await drop('gov_grants', 'account_disabled');
  await drop('gov_sod_violations', 'via_owned_account');
  await drop('gov_settings', 'timezone');
  await drop('gov_review_items', 'reviewer_in_chain');
  await drop('gov_review_items', 'evidence_url');
  await drop('gov_review_items', 'evidence_note');
  await drop('gov_soa_entries', 'risk_ids');
  await drop('gov_iso_projects', 'soa_approved_at');
  await drop('gov_iso_projects', 'soa_version');
  await drop('gov_identities', 'leave_started_at');
  await drop('gov_identities', 'department_head');
}
