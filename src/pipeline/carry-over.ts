// A new SBOM of an asset inherits the triage of the previous SBOM's finding for the same package and
// vulnerability (docs/pipeline.md "Assets"): an accepted risk does not reopen with every release.
import type { Kysely } from 'kysely';
import { SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { findSbom } from '../sboms/sbom.repository.ts';
import { findingsOfSbom, latestSbomOfAsset } from './pipeline.repository.ts';
import { TriageMemory } from './triage-memory.ts';
import { recordStatusChanges, type StatusChange } from '../findings/triage/status-changes.ts';

/** Runs inside the upload transaction, after the new SBOM's findings are written. Returns how many were carried. */
export async function carryOverTriage(trx: Kysely<Database>, orgId: string, sbomId: string): Promise<number> {
  const sbom = await findSbom(trx, orgId, sbomId);
  if (!sbom) return 0;
  const previous = await latestSbomOfAsset(trx, orgId, sbom.asset_name, sbomId);
  // The previous version's triage, and what the asset's triage memory kept of versions retention deleted.
  const memory = await TriageMemory.ofAsset(trx, orgId, sbom.asset_id, previous?.id);
  if (memory.size === 0) return 0;
  const changes: StatusChange[] = [];
  for (const row of await findingsOfSbom(trx, orgId, sbomId)) {
    const hit = memory.lookup({ name: row.name, purl: row.purl, group: row.group_name }, [
      row.vulnerability_id,
      ...fromJson<string[]>(row.aliases, []),
    ]);
    // A rule's triage is not inherited: the rules apply to the new finding themselves (already, at creation).
    if (!hit || hit.source === 'rule' || hit.status === row.status) continue;
    changes.push({
      findingId: row.id,
      to: hit.status,
      analysis: hit.analysis,
      remediationNotes: hit.remediationNotes,
      note: `carried over from ${hit.sbomId}`,
    });
  }
  const { changed } = await recordStatusChanges(
    trx,
    orgId,
    { actorId: SYSTEM_ACTOR, source: 'carry_over' },
    changes,
  );
  return changed.length;
}
