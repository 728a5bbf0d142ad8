/** What re-matching one component changes in its stored findings (pure). */
import { fromJson } from '../db/helpers.ts';
import type { ResolvedVulnerability } from './finding-matching.ts';
import type { FindingRow } from './finding.table.ts';

/**
 * What re-matching one component changes (pure). An existing finding carries on a vulnerability when they
 * share any id, so triage state survives a change of preferred id (a CVE appearing later) and a reinstated
 * advisory. Existing findings no vulnerability claims are retracted: the advisory was withdrawn, or its
 * ranges no longer include the version. Nothing is ever deleted.
 */

export interface Reconciliation {
  insert: ResolvedVulnerability[];
  update: { row: FindingRow; vulnerability: ResolvedVulnerability; reinstate: boolean }[];
  retract: { row: FindingRow; reason: string }[];
}

const idsOf = (row: FindingRow): Set<string> =>
  new Set([row.vulnerability_id, ...fromJson<string[]>(row.aliases, [])]);

export function reconcile(
  existing: readonly FindingRow[],
  now: readonly ResolvedVulnerability[],
  withdrawn: ReadonlySet<string>,
): Reconciliation {
  const out: Reconciliation = { insert: [], update: [], retract: [] };
  const unclaimed = new Map(existing.map((row) => [row.id, row]));
  for (const vulnerability of now) {
    const ids = new Set([vulnerability.vulnerabilityId, ...vulnerability.aliases]);
    const rows = [...unclaimed.values()];
    // The finding already named by the preferred id wins, so renaming another can never collide with it.
    const row =
      rows.find((r) => r.vulnerability_id === vulnerability.vulnerabilityId) ??
      rows.find((r) => [...idsOf(r)].some((id) => ids.has(id)));
    if (!row) {
      out.insert.push(vulnerability);
      continue;
    }
    unclaimed.delete(row.id);
    out.update.push({ row, vulnerability, reinstate: row.retracted_at !== null });
  }
  for (const row of unclaimed.values()) {
    if (row.retracted_at !== null) continue;
    const rowIds = idsOf(row);
    const mergedInto = now.find((v) => rowIds.has(v.vulnerabilityId) || v.aliases.some((a) => rowIds.has(a)));
    const gone = fromJson<string[]>(row.advisory_ids, []).filter((id) => withdrawn.has(id));
    const reason = mergedInto
      ? `merged into ${mergedInto.vulnerabilityId}`
      : gone.length
        ? `withdrawn: ${gone.join(', ')}`
        : 'no longer affected by any advisory';
    out.retract.push({ row, reason });
  }
  return out;
}
