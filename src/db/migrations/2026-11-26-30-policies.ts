import type { Kysely } from 'kysely';

// Frozen: policies, license groups, policy violations with their history (docs/policies.md), and the
// components' license data as the document gave it (CycloneDX entries, SPDX concluded/declared), which
// `licenses[]` alone cannot tell apart (a license.name from an expression, SPDX NONE from NOASSERTION).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sbom_components').addColumn('license_data', 'text').execute();

  await db.schema
    .createTable('license_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of SPDX ids, `X WITH E`, `LicenseRef-…`.
    .addColumn('licenses', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('license_groups_org_name_idx')
    .on('license_groups')
    .columns(['org_id', 'name'])
    .unique()
    .execute();

  // One row per organisation whose default groups were created (a deleted default group stays deleted).
  await db.schema
    .createTable('policy_settings')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('groups_seeded_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('policies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('violation_state', 'text', (c) => c.notNull())
    // JSON array of `{subject, operator, value}`.
    .addColumn('conditions', 'text', (c) => c.notNull())
    // JSON arrays; null: every asset.
    .addColumn('asset_names', 'text')
    .addColumn('tags', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('policies_org_name_idx')
    .on('policies')
    .columns(['org_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('policy_violations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('policy_id', 'text', (c) => c.notNull().references('policies.id').onDelete('cascade'))
    .addColumn('sbom_id', 'text', (c) => c.notNull().references('sboms.id').onDelete('cascade'))
    .addColumn('component_id', 'text', (c) => c.notNull())
    // '' when the condition is not about a vulnerability (so the unique key below holds on both dialects).
    .addColumn('finding_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('policy_violations_key_idx')
    .on('policy_violations')
    .columns(['sbom_id', 'policy_id', 'component_id', 'finding_id'])
    .unique()
    .execute();
  // Lists and the summary per organisation, newest first.
  await db.schema
    .createIndex('policy_violations_org_idx')
    .on('policy_violations')
    .columns(['org_id', 'id'])
    .execute();
  await db.schema
    .createIndex('policy_violations_policy_idx')
    .on('policy_violations')
    .columns(['policy_id'])
    .execute();

  await db.schema
    .createTable('policy_violation_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('violation_id', 'text', (c) =>
      c.notNull().references('policy_violations.id').onDelete('cascade'),
    )
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('policy_violation_history_idx')
    .on('policy_violation_history')
    .columns(['violation_id', 'at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('policy_violation_history').execute();
  await db.schema.dropTable('policy_violations').execute();
  await db.schema.dropTable('policies').execute();
  await db.schema.dropTable('policy_settings').execute();
  await db.schema.dropTable('license_groups').execute();
  await db.schema.alterTable('sbom_components').dropColumn('license_data').execute();
}
