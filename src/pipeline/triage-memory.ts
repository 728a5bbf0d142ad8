// The triage recorded on an SBOM's findings, looked up by package identity and vulnerability id or alias: what a
// scan with --asset applies and what a new version of an asset inherits.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson, toJson } from '../db/helpers.ts';
import { nowIso } from '../shared/time.ts';
import type { FindingStatus } from '../findings/finding.service.ts';
import { analysisOf, NO_ANALYSIS, type Analysis } from '../findings/triage/analysis.ts';
import { findingsOfSbom } from './pipeline.repository.ts';
import { packageIdentity } from './report-model.ts';
import type {} from './triage-memory.table.ts';

export interface RecordedTriage {
  status: FindingStatus;
  remediationNotes: string | null;
  analysis: Analysis;
  /** Who set it (`rule` triage is not carried: the rules apply to the new finding themselves). */
  source: string | null;
  sbomId: string;
}

const key = (pkg: string, id: string) => `${pkg}\u0000${id}`;
// PostgreSQL text cannot hold NUL: the stored key separates with the unit separator instead.
const storedKey = (k: string) => k.replace('\u0000', '\u001f');
const memoryKey = (k: string) => k.replace('\u001f', '\u0000');

export class TriageMemory {
  readonly #byKey = new Map<string, RecordedTriage>();

  /** Only triaged findings (not open) are remembered: an open finding has nothing to carry. */
  static async ofSbom(db: Kysely<Database>, orgId: string, sbomId: string): Promise<TriageMemory> {
    return new TriageMemory().#addSbom(db, orgId, sbomId);
  }

  /**
   * What a new version of the asset inherits: the previous version's triage, else what the asset's triage memory
   * kept of versions retention deleted. A finding the previous version has (open or not) hides the kept triage
   * of the same key: reopening it there is the newer word.
   */
  static async ofAsset(
    db: Kysely<Database>,
    orgId: string,
    assetId: string,
    previousSbomId: string | undefined,
  ): Promise<TriageMemory> {
    const memory = new TriageMemory();
    for (const row of await db
      .selectFrom('asset_triage_memory')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('asset_id', '=', assetId)
      .execute())
      memory.#byKey.set(memoryKey(row.key), {
        status: row.status as FindingStatus,
        remediationNotes: row.remediation_notes,
        analysis: fromJson<Analysis>(row.analysis, NO_ANALYSIS),
        source: row.source,
        sbomId: row.sbom_id,
      });
    if (previousSbomId) await memory.#addSbom(db, orgId, previousSbomId, true);
    return memory;
  }

  async #addSbom(db: Kysely<Database>, orgId: string, sbomId: string, openHides = false): Promise<this> {
    for (const row of await findingsOfSbom(db, orgId, sbomId)) {
      if (row.status === 'open') {
        if (openHides) {
          const pkg = packageIdentity({ name: row.name, purl: row.purl, group: row.group_name });
          for (const id of [row.vulnerability_id, ...fromJson<string[]>(row.aliases, [])])
            this.#byKey.delete(key(pkg, id));
        }
        continue;
      }
      const triage = {
        status: row.status as FindingStatus,
        remediationNotes: row.remediation_notes,
        analysis: analysisOf(row),
        source: row.triage_source,
        sbomId,
      };
      const pkg = packageIdentity({ name: row.name, purl: row.purl, group: row.group_name });
      for (const id of [row.vulnerability_id, ...fromJson<string[]>(row.aliases, [])])
        this.#byKey.set(key(pkg, id), triage);
    }
    return this;
  }

  /**
   * Keeps the SBOM's triage (not a rule's: the rules apply themselves) in the asset's triage memory, replacing
   * what an older version left; retention calls it before deleting the SBOM.
   */
  static async remember(
    db: Kysely<Database>,
    orgId: string,
    assetId: string,
    sbomId: string,
  ): Promise<number> {
    const memory = await TriageMemory.ofSbom(db, orgId, sbomId);
    const recordedAt = nowIso();
    const rows = [...memory.#byKey]
      .filter(([, t]) => t.source !== 'rule')
      .map(([k, t]) => ({
        org_id: orgId,
        asset_id: assetId,
        key: storedKey(k),
        status: t.status,
        remediation_notes: t.remediationNotes,
        analysis: toJson(t.analysis),
        source: t.source,
        sbom_id: sbomId,
        recorded_at: recordedAt,
      }));
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto('asset_triage_memory')
        .values(rows.slice(start, start + 500))
        .onConflict((oc) =>
          oc
            .columns(['asset_id', 'key'])
            .doUpdateSet({
              status: (eb) => eb.ref('excluded.status'),
              remediation_notes: (eb) => eb.ref('excluded.remediation_notes'),
              analysis: (eb) => eb.ref('excluded.analysis'),
              source: (eb) => eb.ref('excluded.source'),
              sbom_id: (eb) => eb.ref('excluded.sbom_id'),
              recorded_at: (eb) => eb.ref('excluded.recorded_at'),
            })
            .where((eb) => eb('asset_triage_memory.sbom_id', '<', eb.ref('excluded.sbom_id'))),
        )
        .execute();
    return rows.length;
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
      const hit = this.#byKey.get(key(pkg, id));
      if (hit) return hit;
    }
    return undefined;
  }
}
