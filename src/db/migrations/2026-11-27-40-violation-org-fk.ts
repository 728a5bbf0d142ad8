import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';

// Frozen: PostgreSQL drops the policy violations' foreign key to the organisation (BENCHMARKS.md, "Policies"). It
// is implied by the SBOM's: a violation's SBOM belongs to the violation's organisation, and an organisation's
// deletion deletes its SBOMs, whose deletion deletes their violations (and their history) by the SBOM's key. Each
// foreign key is a per-row trigger on PostgreSQL: an upload with policies writes ≈ 50,000 violation rows. SQLite
// keeps it: it cannot drop a key without rebuilding the table, and its check there is one primary-key look-up.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres')
    await sql`alter table policy_violations drop constraint policy_violations_org_id_fkey`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres')
    await sql`alter table policy_violations add constraint policy_violations_org_id_fkey
      foreign key (org_id) references organizations (id) on delete cascade`.execute(db);
}
