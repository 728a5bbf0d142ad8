import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';

// Frozen: PostgreSQL drops two of the policy violations' three foreign keys (BENCHMARKS.md, "Policies"). Each is
// a per-row trigger there, and an upload with policies writes ≈ 50,000 violation rows.
// - The organisation's is implied by the SBOM's: a violation's SBOM belongs to the violation's organisation, and
//   an organisation's deletion deletes its SBOMs, whose deletion deletes their violations (and their history).
//   (Since 2026-11-28-10 the SBOM's key is gone too: SBOM deletion and deleteOrganisation delete the violations.)
// - The policy's: a policy's deletion deletes its violations itself (deletePolicy), and every writer of violations
//   holds its policies with FOR KEY SHARE in its transaction and leaves out those gone (livePolicyIds), so a
//   policy deleted while an upload or a re-evaluation evaluates it leaves no violation behind.
// SQLite keeps both: it cannot drop a key without rebuilding the table, and its check is a primary-key look-up.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table policy_violations drop constraint policy_violations_org_id_fkey`.execute(db);
  await sql`alter table policy_violations drop constraint policy_violations_policy_id_fkey`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table policy_violations add constraint policy_violations_policy_id_fkey
    foreign key (policy_id) references policies (id) on delete cascade`.execute(db);
  await sql`alter table policy_violations add constraint policy_violations_org_id_fkey
    foreign key (org_id) references organizations (id) on delete cascade`.execute(db);
}
