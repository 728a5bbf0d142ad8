import type { Kysely } from 'kysely';

// Frozen: VEX analysis on findings and their history (justification, response as a JSON array, detail), who set
// a finding's current triage (`triage_source`: person | vex | carry_over | rule, null when never triaged) and
// which triage rule, and the organisation's triage rules (docs/triage-rules.md).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  for (const column of ['justification', 'response', 'detail', 'triage_source', 'triage_rule_id'])
    await db.schema.alterTable('findings').addColumn(column, 'text').execute();
  for (const column of ['justification', 'response', 'detail', 'rule_id'])
    await db.schema.alterTable('finding_history').addColumn(column, 'text').execute();
  // Reverting a rule visits the findings it set, and only those.
  await db.schema
    .createIndex('findings_triage_rule_idx')
    .on('findings')
    .columns(['org_id', 'triage_rule_id'])
    .execute();
  await db.schema
    .createTable('triage_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('match', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('justification', 'text')
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Set by the background check once the rule's start or end has been applied to the findings.
    .addColumn('started_at', 'text')
    .addColumn('expired_at', 'text')
    .execute();
  await db.schema.createIndex('triage_rules_org_idx').on('triage_rules').columns(['org_id', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('triage_rules').execute();
  await db.schema.dropIndex('findings_triage_rule_idx').execute();
  for (const column of ['justification', 'response', 'detail', 'rule_id'])
    await db.schema.alterTable('finding_history').dropColumn(column).execute();
  for (const column of ['justification', 'response', 'detail', 'triage_source', 'triage_rule_id'])
    await db.schema.alterTable('findings').dropColumn(column).execute();
}
