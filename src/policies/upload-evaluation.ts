// An upload's violations, evaluated in its last transaction (docs/policies.md, docs/upload-fairness.md): only
// then is its asset, and so which policies apply, known. Policies that read only vulnerabilities run on the
// components that have findings, all they can speak about; any other runs over every component of the SBOM.
import { tagsOfAsset } from '../portfolio/asset.repository.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { subscriptionsIn } from '../events/outbox.ts';
import { nowIso } from '../shared/time.ts';
import { noTurn } from '../shared/turns.ts';
import {
  factsOf,
  loadPolicySet,
  recordViolationEvents,
  rowOf,
  vulnsByComponent,
  draftsOf,
  type LicenseCache,
} from './evaluation.ts';
import { componentFactRows, sbomOf } from './facts.repository.ts';
import { appliesTo, evaluateComponent, type CompiledPolicy } from './policy-engine.ts';
import type { PolicyViolationRow } from './policy.table.ts';
import { insertViolations } from './violation.repository.ts';

export class UploadEvaluation {
  readonly #orgId: string;
  readonly #sbomId: string;
  readonly #asset: { name: string; tags: string[] };
  readonly #all: CompiledPolicy[];
  readonly #applicable: CompiledPolicy[];
  readonly #licenses: LicenseCache = new Map();
  /**
   * The new rows, kept for their `policy.violation` events only when the organisation has an enabled webhook
   * subscription (docs/events.md: otherwise no event is built); null keeps tens of thousands of rows from
   * living until the end of the upload for nothing.
   */
  readonly #created: PolicyViolationRow[] | null;
  #count = 0;

  private constructor(
    orgId: string,
    sbomId: string,
    asset: { name: string; tags: string[] },
    all: CompiledPolicy[],
    applicable: CompiledPolicy[],
    keepRows: boolean,
  ) {
    this.#created = keepRows ? [] : null;
    this.#orgId = orgId;
    this.#sbomId = sbomId;
    this.#asset = asset;
    this.#all = all;
    this.#applicable = applicable;
  }

  /** Null when no enabled policy applies to the SBOM's asset (one query for an organisation without policies). */
  static async start(trx: Kysely<Database>, orgId: string, sbomId: string): Promise<UploadEvaluation | null> {
    const set = await loadPolicySet(trx, orgId);
    if (set.policies.length === 0) return null;
    const sbom = await sbomOf(trx, orgId, sbomId);
    if (!sbom) return null;
    // The asset's tags (docs/portfolio.md): policies scoped by tags apply to the assets carrying them.
    const asset = { name: sbom.asset_name, tags: await tagsOfAsset(trx, orgId, sbom.asset_id) };
    const applicable = set.policies.filter((p) => appliesTo(p, asset));
    if (applicable.length === 0) return null;
    // The same per-transaction lookup recordEvents makes (outbox.ts), so this costs no query of its own.
    const keepRows = (await subscriptionsIn(trx, orgId)).length > 0;
    return new UploadEvaluation(orgId, sbomId, asset, set.policies, applicable, keepRows);
  }

  #keep(rows: PolicyViolationRow[]): void {
    this.#count += rows.length;
    if (this.#created) for (const r of rows) this.#created.push(r);
  }

  /** After the findings: the applicable policies, then the events. */
  async finish(trx: Kysely<Database>): Promise<number> {
    const now = nowIso();
    let drafts;
    if (this.#applicable.every((p) => p.usesVulns && p.component.length === 0)) {
      // Only vulnerability conditions: components without findings cannot violate them.
      const vulns = await vulnsByComponent(trx, this.#orgId, this.#sbomId);
      drafts = (await componentFactRows(trx, this.#orgId, [...vulns.keys()])).flatMap((row) =>
        evaluateComponent(this.#applicable, factsOf(row, this.#licenses, vulns, this.#asset)),
      );
    } else
      drafts = await draftsOf(
        trx,
        this.#orgId,
        this.#sbomId,
        this.#applicable,
        this.#applicable.some((p) => p.usesVulns),
        this.#asset,
        noTurn,
      );
    const rows = drafts.map((d) => rowOf(this.#orgId, this.#sbomId, d, now));
    for (let i = 0; i < rows.length; i += 2_000) await insertViolations(trx, rows.slice(i, i + 2_000));
    this.#keep(rows);
    if (this.#created && this.#created.length > 0)
      await recordViolationEvents(trx, this.#orgId, this.#created, this.#all);
    return this.#count;
  }
}
