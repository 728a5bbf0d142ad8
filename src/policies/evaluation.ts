// Evaluates an organisation's policies over one SBOM and brings its stored violations in line: new ones are
// inserted (event `policy.violation`), changed ones updated, gone ones deleted; suppressions of those that stay
// are kept. Runs inside the upload's transaction and in the background re-evaluation.
import { tagsOfAsset } from '../portfolio/asset.repository.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson } from '../db/helpers.ts';
import { event, recordEvents } from '../events/outbox.ts';
import type { LicenseData } from '../sboms/sbom-model.ts';
import { assetsOfSboms } from '../sboms/sbom.repository.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { noTurn } from '../shared/turns.ts';
import { cwesOfIds, exploitDataOf } from '../vulndb/index.ts';
import { licenseMissing, readComponentLicense } from './component-licenses.ts';
import type { ComponentFacts, Condition, VulnFacts } from './conditions.ts';
import {
  activeFindingsOfSbom,
  componentPage,
  componentsById,
  holdSbom,
  sbomOf,
  type ComponentFactRow,
} from './facts.repository.ts';
import type { ComponentLicense } from './license-evaluator.ts';
import { LicenseList } from './license-evaluator.ts';
import {
  appliesTo,
  compilePolicy,
  evaluateComponent,
  type CompiledPolicy,
  type ViolationDraft,
} from './policy-engine.ts';
import { listEnabledPolicies, listLicenseGroups, livePolicyIds } from './policy.repository.ts';
import type { PolicyRow, PolicyViolationRow } from './policy.table.ts';
import { ViolationDiff } from './violation-diff.ts';
import {
  deleteViolations,
  insertViolations,
  updateViolationFacts,
  violationPageOfSbom,
  type ViolationKey,
} from './violation.repository.ts';

/**
 * Components (and stored violations) read per query, then a turn when the caller gives one: 5,000 held the
 * loop for 336 ms at 100,000 components on the loaded machine (bench/policy), 2,000 keeps each step short.
 */
const PAGE = 2_000;

export interface PolicySet {
  policies: CompiledPolicy[];
  /** Whether some policy has an `expression` condition (it sees the component's vulnerabilities). */
  needsVulns: boolean;
  /**
   * Per policy id, what its compiled form was made of (its definition and the organisation's license groups):
   * equal between two loads, the policy evaluates alike (an upload's per-batch violations are then still right).
   */
  versions: ReadonlyMap<string, string>;
}

/** The organisation's enabled policies, compiled against its license groups. */
export async function loadPolicySet(db: Kysely<Database>, orgId: string): Promise<PolicySet> {
  const rows = await listEnabledPolicies(db, orgId);
  if (rows.length === 0) return { policies: [], needsVulns: false, versions: new Map() };
  const groupRows = await listLicenseGroups(db, orgId);
  const groups = groupListsOf(groupRows);
  const groupsVersion = JSON.stringify(groupRows.map((g) => [g.name, g.licenses]));
  const definitions = rows.map(definitionOf);
  const policies = definitions.map((d) => compilePolicy(d, groups));
  const needsVulns = rows.some((r) =>
    fromJson<Condition[]>(r.conditions, []).some((c) => c.subject === 'expression'),
  );
  return {
    policies,
    needsVulns: needsVulns || policies.some((p) => p.vulnerability.length > 0),
    versions: new Map(definitions.map((d) => [d.id, `${JSON.stringify(d)}|${groupsVersion}`])),
  };
}

export async function groupLists(db: Kysely<Database>, orgId: string): Promise<Map<string, LicenseList>> {
  return groupListsOf(await listLicenseGroups(db, orgId));
}

const groupListsOf = (groups: readonly { name: string; licenses: string }[]) =>
  new Map(groups.map((g) => [g.name.toLowerCase(), new LicenseList(fromJson<string[]>(g.licenses, []))]));

export const definitionOf = (row: PolicyRow) => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  violationState: row.violation_state,
  operator: row.operator as 'any' | 'all',
  conditions: fromJson<Condition[]>(row.conditions, []),
  assetNames: fromJson<string[] | null>(row.asset_names, null),
  tags: fromJson<string[] | null>(row.tags, null),
  enabled: fromBool(row.enabled),
});

export interface EvaluateOptions {
  /** The SBOM was just stored: it has no violations yet, so nothing is compared or deleted. */
  fresh?: boolean;
  /** Given between pages (background work); the upload passes none. */
  turn?: () => Promise<void>;
}

/**
 * Evaluates `set` over the SBOM and syncs its violations of those policies; returns how many are new. The stored
 * violations are read first, then each page of components is evaluated and compared with them before the next
 * page is read: with a turn between pages (background work), no stretch of it holds the event loop for long, and
 * no SBOM-wide array of drafts lives through the pages (BENCHMARKS.md, "Policies": comparing 50,000 violations in
 * one go after the last page held the loop 90–212 ms). Everything runs in the caller's one transaction, so a
 * reader sees the SBOM's violations all before or all after.
 */
export async function evaluateSbom(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
  set: PolicySet,
  options: EvaluateOptions = {},
): Promise<{ created: number; removed: number }> {
  const turn = options.turn ?? noTurn;
  const sbom = await sbomOf(trx, orgId, sbomId);
  if (!sbom) return { created: 0, removed: 0 };
  // The asset's tags (docs/portfolio.md): policies scoped by tags apply to the assets carrying them.
  const asset = { name: sbom.asset_name, tags: await tagsOfAsset(trx, orgId, sbom.asset_id) };
  const applicable = set.policies.filter((p) => appliesTo(p, asset));
  const diff = new ViolationDiff();
  // Every stored violation of the SBOM: those of a policy since disabled or scoped away go too.
  if (!options.fresh)
    for (let after: ViolationKey | null = null; ;) {
      const page = await violationPageOfSbom(trx, orgId, sbomId, after, PAGE);
      diff.addStored(page);
      if (page.length < PAGE) break;
      const last = page[page.length - 1]!;
      after = [last.policy_id, last.component_id, last.finding_id];
      await turn();
    }
  if (applicable.length > 0)
    await eachDraftPage(trx, orgId, sbomId, applicable, set.needsVulns, asset, turn, (drafts) => {
      diff.compare(drafts);
    });
  const now = nowIso();
  // Changed violations keep their id and status; one UPDATE per distinct (state, reason, kind), ids in chunks.
  for (const { state, reason, kind, ids } of diff.changed.values())
    for (let i = 0; i < ids.length; i += 500) {
      await updateViolationFacts(trx, orgId, ids.slice(i, i + 500), { state, reason, kind, updated_at: now });
      await turn();
    }
  // SQLite writes synchronously: chunks of 2,000 rows (≈ 20 ms) with a turn between them in the background.
  const fresh: PolicyViolationRow[] = [];
  // Policies deleted since the set was loaded (a re-evaluation loads it once for many SBOMs) get no violations
  // (livePolicyIds: the deletion's guard), nor does an SBOM deleted since sbomOf read it (holdSbom: likewise).
  const live =
    diff.fresh.length > 0 && (await holdSbom(trx, orgId, sbomId))
      ? await livePolicyIds(
          trx,
          orgId,
          applicable.map((p) => p.id),
        )
      : undefined;
  const drafts = live ? diff.fresh.filter((d) => live.has(d.policyId)) : [];
  for (let i = 0; i < drafts.length; i += 2_000) {
    const rows = drafts.slice(i, i + 2_000).map((d) => rowOf(orgId, sbomId, d, now));
    await insertViolations(trx, rows);
    for (const row of rows) fresh.push(row);
    await turn();
  }
  const gone = diff.gone();
  for (let i = 0; i < gone.length; i += 500) {
    await deleteViolations(trx, orgId, gone.slice(i, i + 500));
    await turn();
  }
  // Their events 500 at a time, with a turn offered between: 37,500 in one go (an organisation with a
  // policy.violation webhook) held the event loop 6.9 s (BENCHMARKS.md, "Policies"), and 2,000 events with their
  // deliveries take 60–100 ms on SQLite under load (commit 773affb). Same transaction, so all or none.
  for (let i = 0; i < fresh.length; i += 500) {
    await recordViolationEvents(trx, orgId, fresh.slice(i, i + 500), set.policies);
    await turn();
  }
  return { created: fresh.length, removed: gone.length };
}

export const rowOf = (orgId: string, sbomId: string, d: ViolationDraft, now: string): PolicyViolationRow => ({
  id: newId('pvl'),
  org_id: orgId,
  policy_id: d.policyId,
  sbom_id: sbomId,
  component_id: d.componentId,
  finding_id: d.findingId,
  kind: d.kind,
  state: d.state,
  reason: d.reason.slice(0, 2_000),
  status: 'open',
  comment: null,
  created_at: now,
  updated_at: now,
});

export async function draftsOf(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
  policies: CompiledPolicy[],
  needsVulns: boolean,
  asset: { name: string; tags: string[] },
  turn: () => Promise<void>,
): Promise<ViolationDraft[]> {
  const drafts: ViolationDraft[] = [];
  await eachDraftPage(trx, orgId, sbomId, policies, needsVulns, asset, turn, (page) => {
    for (const d of page) drafts.push(d);
  });
  return drafts;
}

/** Evaluates the SBOM's components a page at a time, in document order, handing each page's drafts to `onPage`. */
export async function eachDraftPage(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
  policies: CompiledPolicy[],
  needsVulns: boolean,
  asset: { name: string; tags: string[] },
  turn: () => Promise<void>,
  onPage: (drafts: ViolationDraft[]) => void,
): Promise<void> {
  const vulns = needsVulns ? await vulnsByComponent(trx, orgId, sbomId) : new Map<string, VulnFacts[]>();
  const licenses = new Map<string, { license: ComponentLicense; missing: boolean }>();
  for (let after = -1; ;) {
    const page = await componentPage(trx, orgId, sbomId, after, PAGE);
    const drafts: ViolationDraft[] = [];
    for (const row of page)
      for (const d of evaluateComponent(policies, factsOf(row, licenses, vulns, asset))) drafts.push(d);
    onPage(drafts);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.position;
    await turn();
  }
}

/** Components of one SBOM share a few dozen license texts: each is read once per evaluation. */
export type LicenseCache = Map<string, { license: ComponentLicense; missing: boolean }>;

export function factsOf(
  row: Omit<ComponentFactRow, 'position'>,
  cache: LicenseCache,
  vulns: ReadonlyMap<string, VulnFacts[]>,
  asset: { name: string; tags: string[] },
): ComponentFacts {
  const read = readLicense(cache, row.license_data, row.licenses);
  return {
    id: row.id,
    name: row.name,
    group: row.group_name,
    version: row.version,
    purl: row.purl,
    ecosystem: row.ecosystem,
    license: read.license,
    licenseMissing: read.missing,
    vulns: vulns.get(row.id) ?? [],
    asset,
  };
}

/** A component's license, from its stored license columns; each distinct text is read once per evaluation. */
export function readLicense(
  cache: LicenseCache,
  licenseData: string | null,
  licenses: string,
): { license: ComponentLicense; missing: boolean } {
  const key = licenseData ?? licenses;
  let read = cache.get(key);
  if (!read) {
    const data = licenseData === null ? null : fromJson<LicenseData | null>(licenseData, null);
    const list = fromJson<string[]>(licenses, []);
    read = { license: readComponentLicense(data, list), missing: licenseMissing(data, list) };
    cache.set(key, read);
  }
  return read;
}

export async function vulnsByComponent(
  trx: Kysely<Database>,
  orgId: string,
  sbomId: string,
): Promise<Map<string, VulnFacts[]>> {
  const findings = await activeFindingsOfSbom(trx, orgId, sbomId);
  const out = new Map<string, VulnFacts[]>();
  if (findings.length === 0) return out;
  const aliasesOf = findings.map((f) => fromJson<string[]>(f.aliases, []));
  const allIds = [...findings.map((f) => f.vulnerability_id), ...aliasesOf.flat()];
  const exploit = await exploitDataOf(trx, allIds);
  const cwesOf = await cwesOfIds(trx, allIds);
  findings.forEach((f, i) => {
    const ids = [f.vulnerability_id, ...aliasesOf[i]!];
    const epss = ids.map((id) => exploit.epss.get(id)?.score).find((s) => s !== undefined) ?? null;
    const list = out.get(f.component_id) ?? [];
    list.push({
      findingId: f.id,
      vulnerabilityId: f.vulnerability_id,
      aliases: aliasesOf[i]!,
      severity: f.severity,
      cvss: f.cvss_score,
      kev: ids.some((id) => exploit.kev.has(id)),
      epss,
      cwes: cwesOfVulnerability(cwesOf, ids),
    });
    out.set(f.component_id, list);
  });
  return out;
}

export async function recordViolationEvents(
  trx: Kysely<Database>,
  orgId: string,
  rows: PolicyViolationRow[],
  policies: CompiledPolicy[],
): Promise<void> {
  await recordEvents(trx, orgId, async () => {
    const names = new Map(policies.map((p) => [p.id, p.name]));
    const components = await componentsById(
      trx,
      orgId,
      rows.map((r) => r.component_id),
    );
    const assetOf = await assetsOfSboms(
      trx,
      orgId,
      rows.map((r) => r.sbom_id),
    );
    return rows.map((r) =>
      event(
        'policy.violation',
        {
          violation: {
            id: r.id,
            policyId: r.policy_id,
            policyName: names.get(r.policy_id) ?? '',
            kind: r.kind as 'license',
            state: r.state as 'fail',
            componentId: r.component_id,
            component: components.get(r.component_id) ?? { name: '', version: null, purl: null },
            sbomId: r.sbom_id,
            findingId: r.finding_id === '' ? null : r.finding_id,
            reason: r.reason,
            status: 'open',
            createdAt: r.created_at,
          },
        },
        assetOf(r.sbom_id),
      ),
    );
  });
}

/** The CWE ids of a vulnerability: those of every advisory with its id or one of its aliases, each once. */
export function cwesOfVulnerability(cwesOf: ReadonlyMap<string, string[]>, ids: readonly string[]): string[] {
  return [...new Set(ids.flatMap((id) => cwesOf.get(id) ?? []))].sort();
}
