// The triage recorded on an SBOM's findings, looked up by package identity and vulnerability id or alias: what a
// scan with --asset applies and what a new version of an asset inherits.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import type { FindingStatus } from '../findings/finding.service.ts';
import { analysisOf, type Analysis } from '../findings/triage/analysis.ts';
import { findingsOfSbom } from './pipeline.repository.ts';
import { packageIdentity } from './report-model.ts';

export interface RecordedTriage {
  status: FindingStatus;
  remediationNotes: string | null;
  analysis: Analysis;
  /** Who set it (`rule` triage is not carried: the rules apply to the new finding themselves). */
  source: string | null;
  sbomId: string;
}

export class TriageMemory {
  readonly #byKey = new Map<string, RecordedTriage>();

  /** Only triaged findings (not open) are remembered: an open finding has nothing to carry. */
  static async ofSbom(db: Kysely<Database>, orgId: string, sbomId: string): Promise<TriageMemory> {
    const memory = new TriageMemory();
    for (const row of await findingsOfSbom(db, orgId, sbomId)) {
      if (row.status === 'open') continue;
      const triage = {
        status: row.status as FindingStatus,
        remediationNotes: row.remediation_notes,
        analysis: analysisOf(row),
        source: row.triage_source,
        sbomId,
      };
      const pkg = packageIdentity({ name: row.name, purl: row.purl, group: row.group_name });
      for (const id of [row.vulnerability_id, ...fromJson<string[]>(row.aliases, [])])
        memory.#byKey.set(`${pkg}\u0000${id}`, triage);
    }
    return memory;
  }

  get size(): number {
    return this.#byKey.size;
  }

  lookup(
    component: { name: string; purl: string | null; group?: string | null },
    ids: readonly string[],
  ): RecordedTriage | undefined {
    if (this.#byKey.size === 0) return undefined;
    const pkg = packageIdentity(component);
    for (const id of ids) {
      const hit = this.#byKey.get(`${pkg}\u0000${id}`);
      if (hit) return hit;
    }
    return undefined;
  }
}
