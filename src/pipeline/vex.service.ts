// Applies a VEX document as triage to the organisation's matching findings (vulnerability id or alias + package
// URL), through the findings' one status writer; idempotent: a statement restating what is recorded changes
// nothing; every statement that applies to nothing is reported (docs/pipeline.md "VEX").
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { validationFailed } from '../errors.ts';
import type { FindingStatus } from '../findings/finding.service.ts';
import { analysisOf, type Analysis } from '../findings/triage/analysis.ts';
import { recordStatusChanges, type StatusChange } from '../findings/triage/status-changes.ts';
import { findControlCharacters } from '../shared/control-characters.ts';
import { OPENVEX_JUSTIFICATION } from './export/vex-states.ts';
import { packageIdentity } from './report-model.ts';
import { parseVex, type VexStatement } from './vex-parse.ts';
import { reachConditions, type ReachScope, type WriteScope } from '../db/reach-filter.ts';
import { requireWritable } from '../portfolio/asset-reach.ts';
import { assetsOfSboms } from '../sboms/sbom.repository.ts';

export interface VexResult {
  applied: number;
  unchanged: number;
  unmatched: { vulnerabilityId: string; product: string; reason: string }[];
}

interface Candidate {
  id: string;
  sbom_id: string;
  vulnerability_id: string;
  aliases: string;
  status: string;
  remediation_notes: string | null;
  justification: string | null;
  response: string | null;
  detail: string | null;
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

  /** `where` names the document in error paths as the REST validator does: `body`, or `file` for a multipart file. */
  /**
   * Only findings in the principal's reach (docs/portfolio-access.md) are touched; statements about the others
   * read as unmatched, exactly as for another organisation's findings. A document that would change a finding
   * of an asset the principal may only view is refused whole (403), nothing applied.
   */
  async apply(who: WriteScope & { userId: string }, doc: unknown, where = 'body'): Promise<VexResult> {
    const { orgId, userId: actorId } = who;
    // The same check as the REST validator's, for a document no schema describes (docs/resilience.md).
    const issues = findControlCharacters(doc).map((i) => ({
      path: [where, ...i.path].join('.'),
      message: i.message,
    }));
    if (issues.length > 0)
      throw validationFailed(issues.map((d) => `${d.path}: ${d.message}`).join('; '), issues);
    const { format, statements } = parseVex(doc);
    return this.#db.transaction().execute(async (trx) => {
      const result: VexResult = { applied: 0, unchanged: 0, unmatched: [] };
      const changes: StatusChange[] = [];
      const changing: Candidate[] = [];
      const touched = new Set<string>();
      for (const s of statements) {
        const unmatched = (reason: string) =>
          result.unmatched.push({ vulnerabilityId: s.vulnerabilityId, product: s.product, reason });
        if (s.problem || s.status === null || s.purl === null) {
          unmatched(s.problem ?? 'no status or package URL');
          continue;
        }
        const findings = (await this.#candidates(trx, who, s.vulnerabilityId)).filter((f) => matches(f, s));
        if (findings.length === 0) {
          unmatched('no finding of this vulnerability on this package');
          continue;
        }
        for (const f of findings) {
          // A finding named by two statements takes the first; the second counts as unchanged.
          if (touched.has(f.id)) continue;
          touched.add(f.id);
          const recorded = analysisOf(f);
          if (f.status === s.status && sameState(s.status, recorded, s, format)) {
            result.unchanged++;
            continue;
          }
          changing.push(f);
          changes.push({
            findingId: f.id,
            to: s.status,
            analysis: {
              justification: s.analysis.justification,
              response: s.carries.response ? s.analysis.response : recorded.response,
              detail: s.carries.detail ? s.analysis.detail : recorded.detail,
            },
            remediationNotes: s.notes ?? undefined,
            note: `from VEX${s.notes ? `: ${s.notes}` : ''}`,
          });
        }
      }
      const assetOf = await assetsOfSboms(
        trx,
        orgId,
        changing.map((f) => f.sbom_id),
      );
      for (const f of changing) requireWritable(who, assetOf(f.sbom_id), `finding '${f.id}'`);
      const { changed } = await recordStatusChanges(trx, orgId, { actorId, source: 'vex' }, changes);
      result.applied = changed.length;
      result.unchanged += changes.length - changed.length;
      return result;
    });
  }

  /** Live findings whose vulnerability id is `id` or lists it among its aliases (JSON text, matched then checked). */
  #candidates(trx: Kysely<Database>, scope: ReachScope, id: string): Promise<Candidate[]> {
    const { orgId } = scope;
    // visibility: from findings, which a pending SBOM has none of (docs/upload-fairness.md).
    let query = trx
      .selectFrom('findings as f')
      .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
      .select([
        'f.id',
        'f.sbom_id',
        'f.vulnerability_id',
        'f.aliases',
        'f.status',
        'f.remediation_notes',
        'f.justification',
        'f.response',
        'f.detail',
        'c.purl',
      ])
      .where('f.org_id', '=', orgId)
      .where('f.retracted_at', 'is', null)
      .where((eb) =>
        eb.or([eb('f.vulnerability_id', '=', id), eb('f.aliases', 'like', `%${JSON.stringify(id)}%`)]),
      );
    for (const condition of reachConditions(trx, scope)) query = query.where(condition);
    return query.orderBy('f.id').execute();
  }
}

/**
 * Whether a statement states what is recorded, as far as its format can say it: OpenVEX has coarser
 * justifications and no responses; mitigated always reads as protected_by_mitigating_control and accepted_risk
 * always carries will_not_fix, so neither counts as a difference.
 */
function sameState(status: FindingStatus, recorded: Analysis, s: VexStatement, format: string): boolean {
  const justification = (a: Analysis) => {
    if (status === 'mitigated') return null;
    if (format !== 'openvex') return a.justification;
    return status === 'false_positive' && a.justification ? OPENVEX_JUSTIFICATION[a.justification] : null;
  };
  const responses = (a: Analysis) =>
    JSON.stringify(
      (a.response ?? []).filter((r) => status !== 'accepted_risk' || r !== 'will_not_fix').sort(),
    );
  return (
    justification(recorded) === justification(s.analysis) &&
    (!s.carries.response || responses(recorded) === responses(s.analysis)) &&
    (!s.carries.detail || recorded.detail === s.analysis.detail)
  );
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
