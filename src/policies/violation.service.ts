// Violations: the list (filters, opt-in keyset paging), the summary over open ones, suppression with a comment
// (history and audit), and the evaluation an upload runs in its transaction.
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { BatchEvaluation, finishUploadEvaluation } from './upload-evaluation.ts';
import type { PendingUpload } from '../sboms/component-matcher.ts';
import type {
  Violation,
  ViolationDetail,
  ViolationPatch,
  ViolationQuery,
  ViolationSummary,
  SbomViolationSummary,
} from './policy.schemas.ts';
import * as repo from './violation.repository.ts';
import type { ReachScope, WriteScope } from '../db/reach-filter.ts';
import { requireWritable } from '../portfolio/asset-reach.ts';
import { assetsOfSboms } from '../sboms/sbom.repository.ts';

export class ViolationService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Before an upload's first batch: the policies it evaluates batch by batch, if any (upload-evaluation.ts).
   * `assetName`: the asset the form names, null when only the SBOM can tell.
   */
  beginUpload(orgId: string, sbomId: string, assetName: string | null): Promise<PendingUpload | undefined> {
    return BatchEvaluation.begin(this.#db, orgId, sbomId, assetName);
  }

  /**
   * In the upload's last transaction, after its findings: the new SBOM's violations and their events
   * (upload-evaluation.ts), the per-batch ones checked; returns how many.
   */
  async finishUpload(
    trx: Kysely<Database>,
    orgId: string,
    sbomId: string,
    pending?: PendingUpload,
  ): Promise<number> {
    return finishUploadEvaluation(
      trx,
      orgId,
      sbomId,
      pending instanceof BatchEvaluation ? pending : undefined,
    );
  }

  /** A page (when `limit` is given, with the cursor of the next) or every matching violation, newest first. */
  /** Only violations on SBOMs in the scope's reach (docs/portfolio-access.md). */
  async list(
    scope: ReachScope,
    query: ViolationQuery,
  ): Promise<{ items: Violation[]; nextCursor: string | null }> {
    const { orgId } = scope;
    const filter = {
      reach: scope.reach,
      sbomId: query.sbomId,
      assetName: query.assetName,
      state: query.state,
      kind: query.kind,
      policyId: query.policyId,
      status: query.status,
    };
    if (query.limit !== undefined) {
      const rows = await repo.listViolations(this.#db, orgId, filter, query.limit + 1, query.cursor);
      const items = rows.slice(0, query.limit).map(toViolation);
      return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null };
    }
    const items: Violation[] = [];
    for (let before: string | undefined; ;) {
      const rows = await repo.listViolations(this.#db, orgId, filter, 1_000, before);
      items.push(...rows.map(toViolation));
      if (rows.length < 1_000) break;
      before = rows[rows.length - 1]!.id;
    }
    return { items, nextCursor: null };
  }

  async summary(
    scope: ReachScope,
    filter: { sbomId?: string; assetName?: string } = {},
  ): Promise<ViolationSummary> {
    const { orgId } = scope;
    const out: ViolationSummary = { fail: 0, warn: 0, info: 0, total: 0 };
    for (const row of await repo.countOpenByState(this.#db, orgId, { ...filter, reach: scope.reach })) {
      const n = Number(row.n);
      if (row.state === 'fail' || row.state === 'warn' || row.state === 'info') out[row.state] += n;
      out.total += n;
    }
    return out;
  }

  /** The summary of each SBOM in reach with open violations, newest SBOM first (the console's SBOM list). */
  async summaryBySbom(scope: ReachScope): Promise<SbomViolationSummary[]> {
    const bySbom = new Map<string, SbomViolationSummary>();
    for (const row of await repo.countOpenBySbomAndState(this.#db, scope.orgId, scope.reach)) {
      let out = bySbom.get(row.sbom_id);
      if (!out) bySbom.set(row.sbom_id, (out = { sbomId: row.sbom_id, fail: 0, warn: 0, info: 0, total: 0 }));
      const n = Number(row.n);
      if (row.state === 'fail' || row.state === 'warn' || row.state === 'info') out[row.state] += n;
      out.total += n;
    }
    return [...bySbom.values()].sort((a, b) => (a.sbomId < b.sbomId ? 1 : a.sbomId > b.sbomId ? -1 : 0));
  }

  async get(scope: ReachScope, id: string): Promise<ViolationDetail> {
    const { orgId } = scope;
    const [row] = await repo.listViolations(this.#db, orgId, { id, reach: scope.reach }, 1);
    if (!row) throw notFound('Violation', id);
    const history = await repo.historyOf(this.#db, orgId, id);
    return {
      ...toViolation(row),
      history: history.map((h) => ({
        fromStatus: h.from_status as 'open' | 'suppressed' | null,
        toStatus: h.to_status as 'open' | 'suppressed',
        comment: h.comment,
        actorId: h.actor_id,
        at: h.at,
      })),
    };
  }

  /** Suppresses (or reopens) with a comment; a change is kept in the history and the audit trail. */
  async update(
    who: WriteScope & { userId: string },
    id: string,
    patch: ViolationPatch,
  ): Promise<ViolationDetail> {
    const { orgId, userId: actorId } = who;
    await this.#db.transaction().execute(async (trx) => {
      const row = await repo.findViolation(trx, orgId, id, who.reach);
      if (!row) throw notFound('Violation', id);
      const assetOf = await assetsOfSboms(trx, orgId, [row.sbom_id]);
      requireWritable(who, assetOf(row.sbom_id), `violation '${id}'`);
      const comment = patch.comment === undefined ? row.comment : patch.comment;
      if (row.status === patch.status && comment === row.comment) return;
      const at = nowIso();
      await repo.setViolationStatus(trx, orgId, id, patch.status, comment, at);
      await repo.insertHistory(trx, {
        id: newId('pvh'),
        org_id: orgId,
        violation_id: id,
        from_status: row.status,
        to_status: patch.status,
        comment,
        actor_id: actorId,
        at,
      });
      await recordAudit(trx, orgId, {
        actorId,
        action: 'violation.status_change',
        entityType: 'policy_violation',
        entityId: id,
        details: { from: row.status, to: patch.status, comment },
      });
    });
    return this.get(who, id);
  }
}

/** Every violation of one SBOM, newest first (the exports: SARIF results and the violations CSV). */
export async function violationsOfSbom(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
): Promise<Violation[]> {
  const out: Violation[] = [];
  for (let before: string | undefined; ;) {
    const rows = await repo.listViolations(db, orgId, { sbomId }, 1_000, before);
    out.push(...rows.map(toViolation));
    if (rows.length < 1_000) return out;
    before = rows[rows.length - 1]!.id;
  }
}

export function toViolation(row: repo.ViolationListRow): Violation {
  return {
    id: row.id,
    policyId: row.policy_id,
    policyName: row.policy_name,
    kind: row.kind as Violation['kind'],
    state: row.state as Violation['state'],
    componentId: row.component_id,
    component: { name: row.component_name, version: row.component_version, purl: row.component_purl },
    sbomId: row.sbom_id,
    ...(row.finding_id === '' ? {} : { findingId: row.finding_id }),
    reason: row.reason,
    status: row.status as Violation['status'],
    ...(row.comment === null ? {} : { comment: row.comment }),
    createdAt: row.created_at,
  };
}
