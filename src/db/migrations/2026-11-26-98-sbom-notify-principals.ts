import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';

// Frozen: on PostgreSQL, adding, deleting or moving an SBOM notifies the servers' principal caches as a team or tag
// change does (2026-11-22-47): a cached reach remembers its SBOM ids (db/reach-filter.ts), which such a change
// makes stale. Only the columns that place an SBOM (org_id, asset_id) count as an update: an upload's later
// updates of its own row notify nothing. SQLite needs nothing: any commit moves `PRAGMA data_version`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create trigger sboms_notify_principals
    after insert or update of org_id, asset_id or delete or truncate on sboms
    for each statement execute function bulwark_notify_principals()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger sboms_notify_principals on sboms`.execute(db);
}
