import type { Kysely } from 'kysely';

// Frozen: identity (docs/identity.md). Per user: TOTP state, SCIM deactivation and ids, the SSO subject; per
// organisation: requireMfa and the OpenID Connect configuration; pending SSO sign-ins (state, nonce, PKCE
// verifier, single use); SCIM groups and their members; the clients that signed in to an account before (the
// per-account throttle lets them through); a session's restriction (enrolment pending under requireMfa).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_identity')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('mfa_secret', 'text')
    .addColumn('mfa_pending_secret', 'text')
    .addColumn('mfa_last_step', 'integer')
    .addColumn('deactivated_at', 'text')
    .addColumn('external_id', 'text')
    .addColumn('sso_subject', 'text')
    .execute();
  await db.schema.createIndex('user_identity_org_idx').on('user_identity').column('org_id').execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('mfa_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('org_identity')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('require_mfa', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sso_configs')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('groups_claim', 'text', (c) => c.notNull())
    .addColumn('role_mapping', 'text', (c) => c.notNull())
    .addColumn('default_role', 'text')
    .addColumn('enforced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scim_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scim_groups_org_idx').on('scim_groups').columns(['org_id', 'id']).execute();
  await db.schema
    .createTable('scim_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('scim_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('scim_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('scim_group_members_user_idx')
    .on('scim_group_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('sign_in_clients')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('sessions').addColumn('restriction', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('restriction').execute();
  for (const table of [
    'sign_in_clients',
    'scim_group_members',
    'scim_groups',
    'sso_states',
    'sso_configs',
    'org_identity',
    'mfa_recovery_codes',
    'user_identity',
  ])
    await db.schema.dropTable(table).execute();
}
