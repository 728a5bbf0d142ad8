// What a policy would find before it is saved: the unsaved policy evaluated over the latest SBOM of each asset
// (what the console's editor shows), with the evaluation the upload and re-evaluation use. Nothing is written.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { turnTaker } from '../shared/turns.ts';
import { draftsOf, groupLists } from './evaluation.ts';
import { componentsById, sbomOf } from './facts.repository.ts';
import { appliesTo, compilePolicy, type ViolationDraft } from './policy-engine.ts';
import type { PolicyInput, PolicyPreview } from './policy.schemas.ts';
import { sbomsByAge } from './violation.repository.ts';
import type { ReachScope } from '../db/reach-filter.ts';

/** Violations listed in the answer; the counts cover them all. */
export const PREVIEW_SAMPLE = 100;

/** Evaluates a policy body that already passed validation (PolicyService.check) without storing anything. */
export async function previewPolicy(
  db: Kysely<Database>,
  scope: ReachScope,
  input: PolicyInput,
): Promise<PolicyPreview> {
  const { orgId } = scope;
  const groups = await groupLists(db, orgId);
  const policy = compilePolicy(
    {
      id: 'pol_preview',
      name: input.name,
      kind: input.kind,
      violationState: input.violationState,
      operator: input.operator,
      conditions: input.conditions,
      assetNames: input.assetNames ?? null,
      tags: input.tags ?? null,
    },
    groups,
  );
  const needsVulns = policy.usesVulns;
  const turn = turnTaker(30);
  // A restricted principal previews over the assets it reaches only (docs/portfolio-access.md).
  const { latest } = await sbomsByAge(db, orgId, scope.reach);
  const found: { sbomId: string; assetName: string; draft: ViolationDraft }[] = [];
  const components = new Set<string>();
  let count = 0;
  for (const sbomId of latest) {
    const sbom = await sbomOf(db, orgId, sbomId);
    if (!sbom) continue;
    const asset = { name: sbom.asset_name, tags: [] as string[] };
    if (!appliesTo(policy, asset)) continue;
    const drafts = await draftsOf(db, orgId, sbomId, [policy], needsVulns, asset, turn);
    count += drafts.length;
    for (const draft of drafts) {
      components.add(draft.componentId);
      if (found.length < PREVIEW_SAMPLE) found.push({ sbomId, assetName: sbom.asset_name, draft });
    }
    await turn();
  }
  const named = await componentsById(
    db,
    orgId,
    found.map((f) => f.draft.componentId),
  );
  return {
    sboms: latest.length,
    violations: count,
    components: components.size,
    sample: found.map(({ sbomId, assetName, draft }) => ({
      sbomId,
      assetName,
      componentId: draft.componentId,
      component: named.get(draft.componentId) ?? { name: '', version: null, purl: null },
      findingId: draft.findingId === '' ? null : draft.findingId,
      state: draft.state as PolicyPreview['sample'][number]['state'],
      reason: draft.reason,
    })),
  };
}
