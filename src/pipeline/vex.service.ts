// Applies a VEX document as triage to the organisation's matching findings (vulnerability id or alias + package
// URL); idempotent; every statement that applies to nothing is reported (docs/pipeline.md "VEX").
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { packageIdentity } from './report-model.ts';
import { writeTriage, type TriageChange } from './triage-writer.ts';
import { parseVex, type VexStatement } from './vex-parse.ts';

export interface VexResult {
  applied: number;
  unchanged: number;
  unmatched: { vulnerabilityId: string; product: string; reason: string }[];
}

interface Candidate {
  id: string;
  vulnerability_id: string;
  aliases: string;
  status: string;
  remediation_notes: string | null;
  purl: string | null;
}

/** A versionless package URL in a statement means every version of the package. */
const hasVersion = (purl: string) =>
  packageIdentity({ name: '', purl }) !== purl.split('?')[0]!.split('#')[0];

export class VexService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async apply(orgId: string, actorId: string, doc: unknown): Promise<VexResult> {
    const { statements } = parseVex(doc);
    return this.#db.transaction().execute(async (trx) => {
      const result: VexResult = { applied: 0, unchanged: 0, unmatched: [] };
      const changes: TriageChange[] = [];
      const touched = new Set<string>();
      for (const s of statements) {
        const unmatched = (reason: string) =>
          result.unmatched.push({ vulnerabilityId: s.vulnerabilityId, product: s.product, reason });
        if (s.problem || s.status === null || s.purl === null) {
          unmatched(s.problem ?? 'no status or package URL');
          continue;
        }
        const findings = (await this.#candidates(trx, orgId, s.vulnerabilityId)).filter((f) => matches(f, s));
        if (findings.length === 0) {
          unmatched('no finding of this vulnerability on this package');
          continue;
        }
        for (const f of findings) {
          // A finding named by two statements takes the first; the second counts as unchanged.
          if (touched.has(f.id)) continue;
          touched.add(f.id);
          const notes = s.notes ?? f.remediation_notes;
          if (f.status === s.status && notes === f.remediation_notes) {
            result.unchanged++;
            continue;
          }
          changes.push({
            findingId: f.id,
            vulnerabilityId: f.vulnerability_id,
            from: f.status,
            to: s.status,
            remediationNotes: notes,
            historyNote: `from VEX${s.notes ? `: ${s.notes}` : ''}`,
            source: 'vex',
          });
        }
      }
      await writeTriage(trx, orgId, actorId, changes);
      result.applied = changes.length;
      return result;
    });
  }

  /** Live findings whose vulnerability id is `id` or lists it among its aliases (JSON text, matched then checked). */
  #candidates(trx: Kysely<Database>, orgId: string, id: string): Promise<Candidate[]> {
    return trx
      .selectFrom('findings as f')
      .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
      .select(['f.id', 'f.vulnerability_id', 'f.aliases', 'f.status', 'f.remediation_notes', 'c.purl'])
      .where('f.org_id', '=', orgId)
      .where('f.retracted_at', 'is', null)
      .where((eb) =>
        eb.or([eb('f.vulnerability_id', '=', id), eb('f.aliases', 'like', `%${JSON.stringify(id)}%`)]),
      )
      .orderBy('f.id')
      .execute();
  }
}

function matches(f: Candidate, s: VexStatement): boolean {
  if (f.purl === null || s.purl === null) return false;
  if (
    f.vulnerability_id !== s.vulnerabilityId &&
    !fromJson<string[]>(f.aliases, []).includes(s.vulnerabilityId)
  )
    return false;
  if (hasVersion(s.purl)) return f.purl === s.purl;
  return packageIdentity({ name: '', purl: f.purl }) === s.purl;
}
