import type { Kysely } from 'kysely';

// Frozen: the indexes rule passes walk in id order (bench/triage): the findings a rule set, by rule and by source.
// They replace findings_triage_rule_idx, whose (org_id, triage_rule_id) let SQLite's planner walk an
// organisation's whole index for `org_id = ? and id in (…)` lookups.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('findings_triage_rule_idx').execute();
  await db.schema
    .createIndex('findings_rule_id_idx')
    .on('findings')
    .columns(['org_id', 'triage_rule_id', 'id'])
    .execute();
  await db.schema
    .createIndex('findings_rule_source_idx')
    .on('findings')
    .columns(['org_id', 'triage_source', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('findings_rule_source_idx').execute();
  await db.schema.dropIndex('findings_rule_id_idx').execute();
  await db.schema
    .createIndex('findings_triage_rule_idx')
    .on('findings')
    .columns(['org_id', 'triage_rule_id'])
    .execute();
}
