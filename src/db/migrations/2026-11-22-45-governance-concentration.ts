import type { Kysely } from 'kysely';

// Frozen: access concentration computed with the other access summaries at import time (department means and
// outlier flags per identity), so the tool reads flagged rows instead of aggregating 100,000 identities.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gov_identity_access')
    .addColumn('mean_grants', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('gov_identity_access')
    .addColumn('mean_privileged', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('gov_identity_access')
    .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('gov_identity_access')
    .addColumn('outlier', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('gov_identity_access')
    .addColumn('priv_outlier', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('gov_identity_access_outlier_idx')
    .on('gov_identity_access')
    .columns(['org_id', 'outlier'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gov_identity_access_outlier_idx').execute();
  for (const column of ['priv_outlier', 'outlier', 'members', 'mean_privileged', 'mean_grants']) {
    await db.schema.alterTable('gov_identity_access').dropColumn(column).execute();
  }
}
