/** Where each vulnerability-data source stands (global reference data: no org id). */
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../shared/time.ts';
import type { VulnSyncStateTable } from '../vulndb.table.ts';
import { inVisibleSbom } from '../../db/visible-sbom.ts';

export type SyncState = VulnSyncStateTable;

export async function getState(db: Kysely<Database>, source: string): Promise<SyncState | undefined> {
  return db.selectFrom('vuln_sync_state').selectAll().where('source', '=', source).executeTakeFirst();
}

export async function allStates(db: Kysely<Database>): Promise<SyncState[]> {
  return db.selectFrom('vuln_sync_state').selectAll().orderBy('source').execute();
}

async function upsert(
  db: Kysely<Database>,
  source: string,
  changes: Updateable<VulnSyncStateTable>,
): Promise<void> {
  await db
    .insertInto('vuln_sync_state')
    .values({
      source,
      location: null,
      last_attempt_at: null,
      last_success_at: null,
      last_error: null,
      high_water: null,
      etag: null,
      last_modified: null,
      version: null,
      ...changes,
    })
    .onConflict((oc) => oc.column('source').doUpdateSet(changes))
    .execute();
}

/** A successful attempt: clears the last error. Pass the transaction that stored the data. */
export async function recordSuccess(
  db: Kysely<Database>,
  source: string,
  changes: Omit<Updateable<VulnSyncStateTable>, 'source' | 'last_error'> = {},
): Promise<void> {
  const now = nowIso();
  await upsert(db, source, { last_attempt_at: now, last_success_at: now, last_error: null, ...changes });
}

/** A failed attempt: the reason is kept; the data, high-water mark and validators stay as they were. */
export async function recordFailure(
  db: Kysely<Database>,
  source: string,
  location: string,
  reason: string,
): Promise<void> {
  await upsert(db, source, { last_attempt_at: nowIso(), last_error: reason, location });
}

/** Distinct ecosystems of stored components, every organisation (the default set of ecosystems to sync). */
export async function componentEcosystems(db: Kysely<Database>, orgId?: string): Promise<string[]> {
  let query = db
    .selectFrom('sbom_components')
    .select('ecosystem')
    .distinct()
    .where('ecosystem', 'is not', null);
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  const rows = await query.orderBy('ecosystem').execute();
  const held = new Set(rows.map((r) => r.ecosystem!).filter((e) => e !== ''));
  // A pending upload's components count once it is visible (docs/upload-fairness.md): an ecosystem only pending
  // SBOMs hold is left out. Filtering every row instead would cost a lookup per component of every organisation;
  // this is one query when nothing is pending, and a probe per ecosystem a pending SBOM holds otherwise.
  let pending = db
    .selectFrom('sbom_components')
    .select('ecosystem')
    .distinct()
    .where('sbom_id', 'in', (eb) =>
      eb.selectFrom('sboms').select('id').where('pending_since', 'is not', null),
    );
  if (orgId !== undefined) pending = pending.where('org_id', '=', orgId);
  for (const { ecosystem } of await pending.execute()) {
    if (!ecosystem || !held.has(ecosystem)) continue;
    let visible = db
      .selectFrom('sbom_components')
      .select('id')
      .where('ecosystem', '=', ecosystem)
      .where(inVisibleSbom('sbom_id'));
    if (orgId !== undefined) visible = visible.where('org_id', '=', orgId);
    if (!(await visible.limit(1).executeTakeFirst())) held.delete(ecosystem);
  }
  return [...held];
}
