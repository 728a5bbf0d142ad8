import type { Kysely } from 'kysely';

// Frozen: the governance data behind the tools (identities and access, reviews, ISO 27001, evidence, maturity).
// Every table carries org_id; imported rows carry the source's external id, unique per organisation.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Column spec: `name type [!]` where `!` means NOT NULL; `type` is text or integer (booleans 0/1). */
async function createTable(db: Db, table: string, specs: string[], withExternalId = true): Promise<void> {
  let builder = db.schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'));
  if (withExternalId) builder = builder.addColumn('external_id', 'text', (c) => c.notNull());
  for (const spec of specs) {
    const [name, type, flag] = spec.split(' ') as [string, 'text' | 'integer', string | undefined];
    builder = builder.addColumn(name, type, (c) => (flag === '!' ? c.notNull() : c));
  }
  await builder.execute();
  if (withExternalId) {
    await db.schema
      .createIndex(`${table}_org_ext_uq`)
      .on(table)
      .columns(['org_id', 'external_id'])
      .unique()
      .execute();
  }
}

async function index(db: Db, table: string, name: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(`${table}_${name}_idx`).on(table).columns(columns).execute();
}

async function access(db: Db): Promise<void> {
  await createTable(db, 'gov_identities', [
    'display_name text !',
    'email text',
    'department text',
    'title text',
    'manager_id text',
    'employment_type text !',
    'status text !',
    'hire_date text',
    'termination_date text',
    'department_changed_at text',
    'updated_at text !',
  ]);
  await index(db, 'gov_identities', 'dept', ['org_id', 'department', 'title']);
  await index(db, 'gov_identities', 'status', ['org_id', 'status', 'termination_date']);

  await createTable(db, 'gov_systems', ['name text !', 'criticality text !', 'last_sync_at text']);

  await createTable(db, 'gov_accounts', [
    'system_id text !',
    'username text !',
    'identity_id text',
    'type text !',
    'status text !',
    'created_at text !',
    'last_login_at text',
    'disabled_at text',
  ]);
  await index(db, 'gov_accounts', 'status', ['org_id', 'status', 'last_login_at']);
  await index(db, 'gov_accounts', 'identity', ['org_id', 'identity_id', 'status']);
  await index(db, 'gov_accounts', 'system', ['org_id', 'system_id', 'status']);

  await createTable(db, 'gov_entitlements', [
    'system_id text !',
    'name text !',
    'privileged integer !',
    'risk_level text !',
  ]);

  // A grant row stays after revocation (revoked_at set): the rows are the grant history. identity_id and
  // privileged are copied from the account and entitlement so the 100k-identity queries avoid two joins.
  await createTable(db, 'gov_grants', [
    'account_id text !',
    'entitlement_id text !',
    'identity_id text',
    'privileged integer !',
    'risk_level text !',
    'granted_at text !',
    'revoked_at text',
    'expires_at text',
    'last_used_at text',
    'last_reviewed_at text',
  ]);
  await index(db, 'gov_grants', 'active', ['org_id', 'revoked_at', 'identity_id', 'entitlement_id']);
  await index(db, 'gov_grants', 'account', ['org_id', 'account_id', 'revoked_at']);
  await index(db, 'gov_grants', 'priv_granted', ['org_id', 'privileged', 'granted_at']);
  await index(db, 'gov_grants', 'priv_revoked', ['org_id', 'privileged', 'revoked_at']);
  await index(db, 'gov_grants', 'ent', ['org_id', 'entitlement_id', 'revoked_at', 'identity_id']);

  await createTable(db, 'gov_sod_rules', [
    'name text !',
    'entitlement_a_id text !',
    'entitlement_b_id text !',
    'severity text !',
  ]);
}

async function reviews(db: Db): Promise<void> {
  await createTable(db, 'gov_review_campaigns', [
    'name text !',
    'status text !',
    'owner_id text',
    'started_at text !',
    'due_at text !',
    'completed_at text',
  ]);
  await createTable(db, 'gov_review_items', [
    'campaign_id text !',
    'grant_id text',
    'subject_id text',
    'reviewer_id text',
    'entitlement_id text',
    'privileged integer !',
    'decision text !',
    'decided_at text',
    'remediation_status text !',
    'remediation_due_at text',
    'remediated_at text',
  ]);
  await index(db, 'gov_review_items', 'campaign', ['org_id', 'campaign_id', 'decision']);
  await index(db, 'gov_review_items', 'remediation', ['org_id', 'remediation_status', 'remediation_due_at']);
}

async function iso(db: Db): Promise<void> {
  await createTable(db, 'gov_iso_projects', [
    'name text !',
    'status text !',
    'created_at text !',
    'target_date text',
  ]);
  await createTable(
    db,
    'gov_soa_entries',
    [
      'project_id text !',
      'control_id text !',
      'applicable integer !',
      'justification text',
      'implementation_status text !',
      'result text !',
      'maturity_current integer',
      'maturity_target integer',
      'owner_id text',
      'updated_at text !',
    ],
    false,
  );
  await db.schema
    .createIndex('gov_soa_entries_uq')
    .on('gov_soa_entries')
    .columns(['org_id', 'project_id', 'control_id'])
    .unique()
    .execute();
  await createTable(db, 'gov_evidence', [
    'project_id text',
    'control_id text !',
    'title text !',
    'collected_at text !',
    'expires_at text',
    'status text !',
    'collector_id text',
  ]);
  await index(db, 'gov_evidence', 'collected', ['org_id', 'collected_at']);
  await createTable(db, 'gov_maturity_assessments', [
    'project_id text !',
    'control_id text !',
    'score integer !',
    'target integer',
    'assessed_at text !',
    'assessor_id text',
    'notes text',
  ]);
  await index(db, 'gov_maturity_assessments', 'latest', [
    'org_id',
    'project_id',
    'control_id',
    'assessed_at',
  ]);
  // Vendors are the suppliers; vendor_id is not a foreign key so this migration does not depend on theirs.
  await createTable(db, 'gov_supplier_assessments', [
    'vendor_id text !',
    'assessed_at text !',
    'status text !',
    'score integer',
    'notes text',
  ]);
}

export async function up(db: Db): Promise<void> {
  await access(db);
  await reviews(db);
  await iso(db);
  await db.schema
    .createTable('gov_settings')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('stale_account_days', 'integer', (c) => c.notNull())
    .addColumn('offboarding_sla_hours', 'integer', (c) => c.notNull())
    .addColumn('review_remediation_sla_days', 'integer', (c) => c.notNull())
    .addColumn('privileged_remediation_sla_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

const TABLES = [
  'gov_settings',
  'gov_supplier_assessments',
  'gov_maturity_assessments',
  'gov_evidence',
  'gov_soa_entries',
  'gov_iso_projects',
  'gov_review_items',
  'gov_review_campaigns',
  'gov_sod_rules',
  'gov_grants',
  'gov_entitlements',
  'gov_accounts',
  'gov_systems',
  'gov_identities',
];

export async function down(db: Db): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}
