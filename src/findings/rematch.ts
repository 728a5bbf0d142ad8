/**
 * Re-matching after a vulnerability import: the components of the changed packages, in every organisation,
 * are evaluated again and their findings reconciled (created, updated, retracted, reinstated; never deleted).
 */
import { nextTurn } from '../shared/turns.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { event, recordEvents, type NewEvent } from '../events/outbox.ts';
import { assetsOfSboms } from '../sboms/sbom.repository.ts';
import { nowIso } from '../shared/time.ts';
import type { PackageRef } from '../vulndb/index.ts';
import { packagesOf, resolveMatches, type MatchOptions } from './finding-matching.ts';
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

/**
 * Components per transaction. docs/resilience.md: a re-match may hold the write lock and the event loop for about
 * 100 ms at a time. Measured (bench/match, PostgreSQL under load) at ≈ 150 µs per component including its
 * finding writes, so 500 components stay well inside; 5,000 held the lock for 0.3–0.7 s.
 */
export const REMATCH_SLICE = 500;

/** Test seams: a smaller slice, and a call after each committed slice (before the next one starts). */
export interface RematchOptions extends MatchOptions {
  sliceSize?: number;
  afterSlice?: (components: number) => Promise<void> | void;
}

const matchable = (c: repo.StoredComponent) => ({
  id: c.id,
  ecosystem: c.ecosystem,
  packageKey: c.package_key,
  name: c.name,
  version: c.version,
  purl: c.purl,
});

/**
 * After an import: re-evaluates the components of the changed packages in every organisation (indexed
 * lookups per package, never the whole portfolio) and reconciles their findings, a slice of components per
 * transaction with a turn of the event loop between slices. Each slice reads its components again inside its
 * transaction, so an SBOM deleted (or replaced) between slices is simply skipped, never half-matched.
 */
export async function rematchPackages(
  db: Kysely<Database>,
  packages: PackageRef[],
  options: RematchOptions,
): Promise<RematchResult> {
  const total: RematchResult = { components: 0, created: 0, updated: 0, retracted: 0, reinstated: 0 };
  if (packages.length === 0) return total;
  const size = Math.max(1, options.sliceSize ?? REMATCH_SLICE);
  for (const orgId of await repo.organisationIds(db)) {
    // In id order (ids are time-ordered): slices follow upload order, and runs are reproducible.
    const listed = (await repo.componentsOfPackages(db, orgId, packages)).sort((a, b) =>
      a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
    for (let i = 0; i < listed.length; i += size) {
      const slice = listed.slice(i, i + size);
      // Advisories are read (and prepared) before the transaction, so it holds the write lock only for
      // evaluating and writing.
      if (options.cache) await options.cache.candidates(db, await packagesOf(slice.map(matchable)));
      const result = await db.transaction().execute(async (trx) => {
        const components = await repo.componentsByIds(
          trx,
          orgId,
          slice.map((c) => c.id),
        );
        return { components: components.length, ...(await rematchSlice(trx, orgId, components, options)) };
      });
      total.components += result.components;
      total.created += result.created;
      total.updated += result.updated;
      total.retracted += result.retracted;
      total.reinstated += result.reinstated;
      await options.afterSlice?.(result.components);
      await nextTurn();
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
  const { matches, withdrawn } = await resolveMatches(trx, components.map(matchable), options);
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
  const assetOf = await assetsOfSboms(
    trx,
    orgId,
    components.map((c) => c.sbom_id),
  );
  for (const component of components) {
    const plan = reconcile(existing.get(component.id) ?? [], matches.get(component.id) ?? [], withdrawn);
    for (const v of plan.insert) {
      const row = newFindingRow(orgId, component.sbom_id, component.id, v, now);
      inserts.push(row);
      events.push(
        event(
          'finding.created',
          { finding: eventFinding(row as FindingRow, component) },
          assetOf(component.sbom_id),
        ),
      );
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
      events.push(
        event(
          'finding.retracted',
          { finding: eventFinding(row, component), reason },
          assetOf(component.sbom_id),
        ),
      );
      counts.retracted++;
    }
  }
  await repo.insertFindings(trx, inserts, history);
  await recordEvents(trx, orgId, () => withKev(trx, events));
  counts.created = inserts.length;
  return counts;
}
