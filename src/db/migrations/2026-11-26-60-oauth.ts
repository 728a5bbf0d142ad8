import type { Kysely } from 'kysely';

// Frozen: what the OAuth authorization server (oidc-provider) keeps: one row per artefact (client, grant,
// authorization code, access and refresh token, interaction, session…). Secret-bearing ids are stored as their
// SHA-256 only; grant_id, account_id and uid are the library's lookup keys, copied out of the payload.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_records')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oauth_records_grant_idx').on('oauth_records').column('grant_id').execute();
  await db.schema
    .createIndex('oauth_records_account_idx')
    .on('oauth_records')
    .columns(['account_id', 'model'])
    .execute();
  await db.schema
    .createIndex('oauth_records_uid_idx')
    .on('oauth_records')
    .columns(['model', 'uid'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_records').execute();
}
