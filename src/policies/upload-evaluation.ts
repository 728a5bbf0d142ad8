// An upload's violations (docs/policies.md, docs/upload-fairness.md). Policies that read only the component and
// whose scope is known before the first batch (no scope, or only asset names and the form names the asset) run on
// each pending batch while the parser worker reads the next one, their rows written with the batch's components
// and as invisible as they are until the last transaction. That transaction, where the asset is known, checks each
// of them still applies and is unchanged (else its rows go and it runs again), then runs the others: those that
// read vulnerabilities on the components that have findings when that is all they can speak about, any other over
// every component of the SBOM.
import { tagsOfAsset } from '../portfolio/asset.repository.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { MatchableComponent, PendingUpload } from '../sboms/component-matcher.ts';
import { subscriptionsIn } from '../events/outbox.ts';
import { nowIso } from '../shared/time.ts';
import { noTurn } from '../shared/turns.ts';
import {
  factsOf,
  loadPolicySet,
  readLicense,
  recordViolationEvents,
  rowOf,
  vulnsByComponent,
  draftsOf,
  type LicenseCache,
} from './evaluation.ts';
import type { ComponentFacts, VulnFacts } from './conditions.ts';
import { componentFactRows, sbomOf } from './facts.repository.ts';
import { appliesTo, evaluateComponent, type CompiledPolicy } from './policy-engine.ts';
import { livePolicyIds } from './policy.repository.ts';
import type { PolicyViolationRow } from './policy.table.ts';
import {
  deleteViolationsOfPolicies,
  insertViolations,
  violationsOfPolicies,
} from './violation.repository.ts';

/** Component-only policies read no vulnerabilities: one empty list for every component of every batch. */
const NO_VULNS_OF_COMPONENT: VulnFacts[] = [];

/** The policies an upload evaluates batch by batch, as loaded before its first batch. */
export class BatchEvaluation implements PendingUpload {
  readonly #orgId: string;
  readonly #sbomId: string;
  /** The asset as known up front: its name (or '' when unknown: then only unscoped policies are here). */
  readonly #asset: { name: string; tags: string[] };
  readonly #policies: CompiledPolicy[];
  /** Each policy's version when loaded (PolicySet.versions): the last transaction compares. */
  readonly versions: ReadonlyMap<string, string>;
  readonly #licenses: LicenseCache = new Map();
  /** Rows written so far, per policy. */
  readonly counts = new Map<string, number>();

  private constructor(
    orgId: string,
    sbomId: string,
    asset: { name: string; tags: string[] },
    policies: CompiledPolicy[],
    versions: ReadonlyMap<string, string>,
  ) {
    this.#orgId = orgId;
    this.#sbomId = sbomId;
    this.#asset = asset;
    this.#policies = policies;
    this.versions = versions;
  }

  /**
   * Undefined when no enabled policy can be evaluated per batch. Tags are not read here: the asset may not
   * exist yet and its tags may change during the upload, so tag-scoped policies wait for the last transaction.
   */
  static async begin(
    db: Kysely<Database>,
    orgId: string,
    sbomId: string,
    assetName: string | null,
  ): Promise<BatchEvaluation | undefined> {
    const set = await loadPolicySet(db, orgId);
    const asset = { name: assetName ?? '', tags: [] };
    const policies = set.policies.filter(
      (p) =>
        !p.usesVulns &&
        p.tags === null &&
        (p.assetNames === null || (assetName !== null && appliesTo(p, asset))),
    );
    if (policies.length === 0) return undefined;
    const versions = new Map(policies.map((p) => [p.id, set.versions.get(p.id)!]));
    return new BatchEvaluation(orgId, sbomId, asset, policies, versions);
  }

  /** Evaluates the batch now; its rows are written in the batch's transaction. */
  batch(components: readonly MatchableComponent[]): ((trx: Kysely<Database>) => Promise<void>) | undefined {
    const now = nowIso();
    const rows: PolicyViolationRow[] = [];
    for (const c of components) {
      // The facts factsOf makes of a stored row, made here from the batch's values (no row object between).
      const read = readLicense(this.#licenses, c.licenseData ?? null, c.licenses ?? '[]');
      const facts: ComponentFacts = {
        id: c.id,
        name: c.name,
        group: c.group ?? null,
        version: c.version,
        purl: c.purl,
        ecosystem: c.ecosystem,
        license: read.license,
        licenseMissing: read.missing,
        vulns: NO_VULNS_OF_COMPONENT,
        asset: this.#asset,
      };
      for (const d of evaluateComponent(this.#policies, facts)) {
        rows.push(rowOf(this.#orgId, this.#sbomId, d, now));
        this.counts.set(d.policyId, (this.counts.get(d.policyId) ?? 0) + 1);
      }
    }
    if (rows.length === 0) return undefined;
    return async (trx) => {
      // A policy deleted since the upload began has no row to reference: its violations are dropped here (the
      // last transaction finds it gone and keeps none of it).
      const policyIds = [...new Set(rows.map((r) => r.policy_id))];
      const live = await livePolicyIds(trx, this.#orgId, policyIds);
      await insertViolations(
        trx,
        live.size === policyIds.length ? rows : rows.filter((r) => live.has(r.policy_id)),
      );
    };
  }
}

/**
 * In the upload's last transaction, after its findings: every applicable policy's violations are then stored
 * (the per-batch ones kept or redone), and the new rows' events recorded; returns how many rows the SBOM has.
 */
export async function finishUploadEvaluation(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
  batches: BatchEvaluation | undefined,
): Promise<number> {
  const set = await loadPolicySet(trx, orgId);
  const sbom = await sbomOf(trx, orgId, sbomId);
  if (!sbom) return 0;
  // The asset's tags (docs/portfolio.md): policies scoped by tags apply to the assets carrying them.
  const asset = { name: sbom.asset_name, tags: await tagsOfAsset(trx, orgId, sbom.asset_id) };
  const applicable = set.policies.filter((p) => appliesTo(p, asset));
  // A per-batch policy's rows stand only if it still applies, reads only the component and is unchanged.
  const kept = new Set<string>();
  const stale: string[] = [];
  for (const [id, version] of batches?.versions ?? []) {
    const now = applicable.find((p) => p.id === id);
    if (now && !now.usesVulns && set.versions.get(id) === version) kept.add(id);
    else stale.push(id);
  }
  await deleteViolationsOfPolicies(trx, orgId, sbomId, stale);
  const rest = applicable.filter((p) => !kept.has(p.id));
  const created = await evaluateAtEnd(trx, orgId, sbomId, rest, asset);
  if ((await subscriptionsIn(trx, orgId)).length > 0) {
    // Events are built only for an organisation with a subscription (docs/events.md): the per-batch rows are
    // read back then, rather than kept in memory through every upload for nothing.
    const rows = [...(await violationsOfPolicies(trx, orgId, sbomId, [...kept])), ...created];
    if (rows.length > 0) await recordViolationEvents(trx, orgId, rows, set.policies);
  }
  let count = created.length;
  for (const id of kept) count += batches!.counts.get(id) ?? 0;
  return count;
}

/** The policies not evaluated per batch, over the SBOM as stored; their rows inserted and returned. */
async function evaluateAtEnd(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
  policies: CompiledPolicy[],
  asset: { name: string; tags: string[] },
): Promise<PolicyViolationRow[]> {
  if (policies.length === 0) return [];
  const now = nowIso();
  let drafts;
  if (policies.every((p) => p.usesVulns && p.component.length === 0)) {
    // Only vulnerability conditions: components without findings cannot violate them.
    const vulns = await vulnsByComponent(trx, orgId, sbomId);
    const licenses: LicenseCache = new Map();
    drafts = (await componentFactRows(trx, orgId, [...vulns.keys()])).flatMap((row) =>
      evaluateComponent(policies, factsOf(row, licenses, vulns, asset)),
    );
  } else
    drafts = await draftsOf(
      trx,
      orgId,
      sbomId,
      policies,
      policies.some((p) => p.usesVulns),
      asset,
      noTurn,
    );
  // Policies deleted since loadPolicySet read them have no violations (livePolicyIds: the deletion's guard).
  const live = await livePolicyIds(
    trx,
    orgId,
    policies.map((p) => p.id),
  );
  const rows = drafts.filter((d) => live.has(d.policyId)).map((d) => rowOf(orgId, sbomId, d, now));
  for (let i = 0; i < rows.length; i += 2_000) await insertViolations(trx, rows.slice(i, i + 2_000));
  return rows;
}
