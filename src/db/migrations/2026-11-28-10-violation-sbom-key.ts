import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';

// Frozen: PostgreSQL drops the policy violations' last foreign key, the SBOM's (BENCHMARKS.md, "Policies"): a
// per-row trigger there, ≈ 40 % of writing an upload's 50,000 violation rows. What it did, the code does:
// - Deleting: every deletion of an SBOM deletes its violations first (SbomService.delete,
//   discardPending for a refused upload and the sweep of abandoned ones; retention and an asset's deletion go
//   through SbomService.delete), and an organisation's deletion deletes its violations before its row
//   (deleteOrganisation). The history goes with each violation by its own foreign key, which stays.
//   Each deletes the rows a writer added meanwhile in the transaction that deletes the row, after it.
// - Writing: every writer of violations holds its SBOM's row in its transaction: an upload's batch through its
//   components' foreign key, its last transaction by its UPDATE of the row (finishUpload fails if it is gone), a
//   re-evaluation FOR KEY SHARE (holdSbom). An SBOM deleted meanwhile either waits for the writer's commit and
//   then deletes what it wrote, or is gone when the writer looks and the writer writes nothing.
// SQLite keeps the key: it cannot drop one without rebuilding the table, and its check is a primary-key look-up.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table policy_violations drop constraint policy_violations_sbom_id_fkey`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table policy_violations add constraint policy_violations_sbom_id_fkey
    foreign key (sbom_id) references sboms (id) on delete cascade`.execute(db);
}
