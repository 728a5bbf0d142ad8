import type { Kysely } from 'kysely';

// Frozen: the two indexes triage rules walk (2026-11-26-41) hold only the findings a rule or a person triaged:
// every query using them asks for a value (`triage_rule_id = ?`, `triage_source = 'rule'`), which implies the
// column is not null on both dialects, so their plans stay. A new finding (no triage) then no longer costs two
// index entries: an upload's 27,242 findings took 348 → 299 ms of SQLite CPU to insert (BENCHMARKS.md,
// "Vulnerability matching").

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('findings_rule_id_idx').execute();
  await db.schema.dropIndex('findings_rule_source_idx').execute();
  await db.schema
    .createIndex('findings_rule_id_idx')
    .on('findings')
    .columns(['org_id', 'triage_rule_id', 'id'])
    .where('triage_rule_id', 'is not', null)
    .execute();
  await db.schema
    .createIndex('findings_rule_source_idx')
    .on('findings')
    .columns(['org_id', 'triage_source', 'id'])
    .where('triage_source', 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('findings_rule_source_idx').execute();
  await db.schema.dropIndex('findings_rule_id_idx').execute();
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
