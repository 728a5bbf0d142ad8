/**
 * Re-matching after a vulnerability import: the components of the changed packages, in every organisation,
 * are evaluated again and their findings reconciled (created, updated, retracted, reinstated; never deleted).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { event, recordEvents, type NewEvent } from '../events/outbox.ts';
import { nowIso } from '../shared/time.ts';
import type { PackageRef } from '../vulndb/index.ts';
import { resolveMatches, type MatchOptions } from './finding-matching.ts';
import { historyRow, matchedColumns, newFindingRow } from './finding-rows.ts';
import { eventFinding, withKev } from './finding-events.ts';
import * as repo from './finding.repository.ts';
import type { FindingRow } from './finding.table.ts';
import { reconcile } from './reconcile.ts';

export interface RematchResult {
  components: number;
  created: number;
  updated: number;
  retracted: number;
  reinstated: number;
}

/** Rematch visits an organisation's components in slices, each in its own transaction. */
const REMATCH_SLICE = 5_000;

/**
 * After an import: re-evaluates the components of the changed packages in every organisation (indexed
 * lookups per package, never the whole portfolio) and reconciles their findings.
 */
export async function rematchPackages(
  db: Kysely<Database>,
  packages: PackageRef[],
  options: MatchOptions,
): Promise<RematchResult> {
  const total: RematchResult = { components: 0, created: 0, updated: 0, retracted: 0, reinstated: 0 };
  if (packages.length === 0) return total;
  for (const orgId of await repo.organisationIds(db)) {
    const components = await repo.componentsOfPackages(db, orgId, packages);
    for (let i = 0; i < components.length; i += REMATCH_SLICE) {
      const slice = components.slice(i, i + REMATCH_SLICE);
      const result = await db.transaction().execute((trx) => rematchSlice(trx, orgId, slice, options));
      total.components += slice.length;
      total.created += result.created;
      total.updated += result.updated;
      total.retracted += result.retracted;
      total.reinstated += result.reinstated;
    }
  }
  return total;
}

async function rematchSlice(
  trx: Kysely<Database>,
  orgId: string,
  components: repo.StoredComponent[],
  options: MatchOptions,
): Promise<Omit<RematchResult, 'components'>> {
  const counts = { created: 0, updated: 0, retracted: 0, reinstated: 0 };
  const { matches, withdrawn } = await resolveMatches(
    trx,
    components.map((c) => ({
      id: c.id,
      ecosystem: c.ecosystem,
      packageKey: c.package_key,
      name: c.name,
      version: c.version,
      purl: c.purl,
    })),
    options,
  );
  const existing = Map.groupBy(
    await repo.findingsOfComponents(
      trx,
      orgId,
      components.map((c) => c.id),
    ),
    (r) => r.component_id,
  );
  const now = nowIso();
  const inserts: repo.NewFindingRow[] = [];
  const history: ReturnType<typeof historyRow>[] = [];
  const events: NewEvent[] = [];
  for (const component of components) {
    const plan = reconcile(existing.get(component.id) ?? [], matches.get(component.id) ?? [], withdrawn);
    for (const v of plan.insert) {
      const row = newFindingRow(orgId, component.sbom_id, component.id, v, now);
      inserts.push(row);
      events.push(event('finding.created', { finding: eventFinding(row as FindingRow, component) }));
    }
    for (const { row, vulnerability, reinstate } of plan.update) {
      const columns = matchedColumns(vulnerability);
      const changed =
        reinstate ||
        Object.entries(columns).some(([k, v]) => (row as unknown as Record<string, unknown>)[k] !== v);
      if (!changed) continue;
      await repo.updateFinding(trx, orgId, row.id, {
        ...columns,
        updated_at: now,
        ...(reinstate ? { retracted_at: null, retraction_reason: null } : {}),
      });
      if (reinstate)
        history.push(
          historyRow(orgId, row.id, 'reinstated', now, {
            to: row.status,
            notes: `matched again by ${vulnerability.advisoryIds.join(', ')}`,
          }),
        );
      counts[reinstate ? 'reinstated' : 'updated']++;
    }
    for (const { row, reason } of plan.retract) {
      await repo.updateFinding(trx, orgId, row.id, {
        retracted_at: now,
        retraction_reason: reason,
        updated_at: now,
      });
      history.push(historyRow(orgId, row.id, 'retracted', now, { from: row.status, notes: reason }));
      events.push(event('finding.retracted', { finding: eventFinding(row, component), reason }));
      counts.retracted++;
    }
  }
  await repo.insertFindings(trx, inserts, history);
  await recordEvents(trx, orgId, () => withKev(trx, events));
  counts.created = inserts.length;
  return counts;
}
