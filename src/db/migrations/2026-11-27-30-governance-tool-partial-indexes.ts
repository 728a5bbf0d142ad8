import { sql, type Kysely } from 'kysely';

// Frozen: two partial indexes for the access tools' reads on the tool-server bench (BENCHMARKS.md, "Tool server").
// Active accounts that never logged in (about 5 % of them) by id and creation time: the stale cut's own day
// (posture_summary, access_stale_accounts, access_department_risk) read 478 index entries and 382 pages of
// gov_accounts for none, and access_stale_accounts' never-logged-in page walked the primary key past 2,619
// accounts; both become an index-only range. Identities holding privileged grants by department
// (access_department_risk's privileged column): a sequential scan of all 9,202 rows for 579.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('gov_accounts_never_logged_in_idx')
    .on('gov_accounts')
    .columns(['org_id', 'status', 'id', 'created_at'])
    // Not a column of the index: a reference, so the builder accepts it.
    .where(sql.ref('last_login_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('gov_identity_access_privileged_idx')
    .on('gov_identity_access')
    .columns(['org_id', 'department', 'privileged'])
    .where('privileged', '>', 0)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('gov_identity_access_privileged_idx').execute();
  await db.schema.dropIndex('gov_accounts_never_logged_in_idx').execute();
}
