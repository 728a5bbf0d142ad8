/**
 * Remediation: how each finding's component got into its SBOM (direct, paths) and the SBOM's upgrade plan, from
 * the stored graph, open findings and advisories (docs/remediation.md).
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { notFound } from '../errors.ts';
import { CandidateCache, packageCacheKey } from '../findings/candidate-cache.ts';
import { toCandidate } from '../findings/finding-matching.ts';
import type { FindingPlaces } from '../findings/finding.service.ts';
import { turnTaker } from '../shared/turns.ts';
import { kevIdsAmong, type PackageRef } from '../vulndb/index.ts';
import { DependencyGraph, NO_GRAPH, type ComponentPlace, type GraphComponent } from './dependency-graph.ts';
import { packagePurl } from './package-purl.ts';
import * as repo from './remediation.repository.ts';
import { planOf, type AffectedEntry, type PlanItem, type PlanPackage } from './upgrade-plan.ts';
import type { ReachScope } from '../db/reach-filter.ts';
import { findSbom } from '../sboms/sbom.repository.ts';

export type { ComponentPlace, PlanItem };

/** A finding as the plan needs it, stored or scanned. */
export interface PlanInput {
  id: string;
  componentId: string;
  severity: string;
  vulnerabilityId: string;
  aliases: string[];
  advisoryIds: string[];
  purl: string | null;
  version: string | null;
  ecosystem: string | null;
  packageKey: string | null;
}

/**
 * Graphs kept per SBOM, sized by components: a graph never changes once its upload has committed, so a cached one
 * is never stale. Loading 100,000 components costs 0.25–0.32 s quiet (BENCHMARKS.md "Remediation"); every findings page
 * of that SBOM after the first reuses it.
 */
const GRAPH_COMPONENTS = 1_000_000;

export class RemediationService implements FindingPlaces {
  readonly #db: Kysely<Database>;
  readonly #candidates: CandidateCache;
  readonly #graphs = new LRUCache<string, DependencyGraph>({
    maxSize: GRAPH_COMPONENTS,
    sizeCalculation: (g) => Math.max(1, g.size),
  });

  /** `candidates`: the process's candidate cache (FindingService.candidates); without it, one of its own. */
  constructor(db: Kysely<Database>, options: { candidates?: CandidateCache } = {}) {
    this.#db = db;
    this.#candidates = options.candidates ?? new CandidateCache(toCandidate);
  }

  /** The SBOM's graph, undefined when the organisation has no such SBOM. */
  async graphOf(orgId: string, sbomId: string): Promise<DependencyGraph | undefined> {
    const key = `${orgId}/${sbomId}`;
    const cached = this.#graphs.get(key);
    if (cached) return cached;
    const root = await repo.rootDependenciesOf(this.#db, orgId, sbomId);
    if (!root) return undefined;
    const graph = new DependencyGraph(
      await repo.graphComponentsOf(this.#db, orgId, sbomId),
      root.rootDependsOn,
    );
    this.#graphs.set(key, graph);
    return graph;
  }

  /** FindingPlaces: direct and paths of the findings' components, by component id. */
  async placesOf(
    orgId: string,
    refs: readonly { sbomId: string; componentId: string }[],
  ): Promise<Map<string, ComponentPlace>> {
    const out = new Map<string, ComponentPlace>();
    const bySbom = new Map<string, Set<string>>();
    for (const r of refs) bySbom.set(r.sbomId, (bySbom.get(r.sbomId) ?? new Set()).add(r.componentId));
    for (const [sbomId, ids] of bySbom) {
      const graph = await this.graphOf(orgId, sbomId);
      for (const id of ids) out.set(id, graph ? graph.placeOf(id) : NO_GRAPH);
    }
    return out;
  }

  /** GET /sscs/sboms/{id}/remediation: the stored SBOM's plan from its open findings. Another organisation's: 404. */
  async plan(scope: ReachScope, sbomId: string): Promise<PlanItem[]> {
    const { orgId } = scope;
    // Out of the caller's reach (docs/portfolio-access.md) reads like another organisation's SBOM.
    if (scope.reach && !(await findSbom(this.#db, orgId, sbomId, scope.reach)))
      throw notFound('SBOM', sbomId);
    // Both reads at once: on PostgreSQL they take two pooled connections, and a cold graph (0.3 s at 100,000
    // components) loads while the findings are read (BENCHMARKS.md "Remediation").
    const [graph, rows] = await Promise.all([
      this.graphOf(orgId, sbomId),
      repo.openFindingsOf(this.#db, orgId, sbomId),
    ]);
    if (!graph) throw notFound('SBOM', sbomId);
    return this.planOfFindings(
      graph,
      rows.map((r) => ({
        id: r.id,
        componentId: r.component_id,
        severity: r.severity,
        vulnerabilityId: r.vulnerability_id,
        aliases: fromJson<string[]>(r.aliases, []),
        advisoryIds: fromJson<string[]>(r.advisory_ids, []),
        purl: r.purl,
        version: r.version,
        ecosystem: r.ecosystem,
        packageKey: r.package_key,
      })),
    );
  }

  /** The plan of open findings over a graph (a stored SBOM's, or a scanned file's). */
  async planOfFindings(graph: DependencyGraph, findings: readonly PlanInput[]): Promise<PlanItem[]> {
    const packages = new Map<string, PackageRef>();
    for (const f of findings)
      if (f.ecosystem && f.packageKey)
        packages.set(`${f.ecosystem}\u0000${f.packageKey}`, {
          ecosystem: f.ecosystem,
          packageKey: f.packageKey,
        });
    const [affected, kev] = await Promise.all([
      this.#affectedEntries([...packages.values()]),
      kevIdsAmong(
        this.#db,
        findings.flatMap((f) => [f.vulnerabilityId, ...f.aliases]),
      ),
    ]);
    const groups = new Map<string, PlanPackage & { componentIds: Set<string> }>();
    for (const f of findings) {
      if (!f.purl || !f.version || !f.ecosystem || !f.packageKey) continue;
      const entries = f.advisoryIds.flatMap(
        (a) => affected.get(`${f.ecosystem}\u0000${f.packageKey}\u0000${a}`) ?? [],
      );
      // Every advisory withdrawn (or gone): nothing to fix.
      if (entries.length === 0) continue;
      const purl = packagePurl(f.purl);
      const key = `${purl}\u0000${f.version}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          purl,
          ecosystem: f.ecosystem,
          currentVersion: f.version,
          findings: [],
          introducedBy: [],
          componentIds: new Set(),
        };
        groups.set(key, group);
      }
      group.componentIds.add(f.componentId);
      group.findings.push({
        id: f.id,
        severity: f.severity,
        kev: [f.vulnerabilityId, ...f.aliases].some((id) => kev.has(id)),
        affected: entries,
      });
    }
    const list = [...groups.values()];
    const introducedBy = graph.introducedByEach(list.map((g) => [...g.componentIds]));
    list.forEach((g, i) => (g.introducedBy = introducedBy[i]!));
    return planOf([...groups.values()]);
  }

  /**
   * Affected entries of advisories not withdrawn, by ecosystem, package key and advisory id: prepared, from the
   * process's candidate cache (the one matching fills), so a plan after an upload reads no advisory again.
   */
  async #affectedEntries(packages: PackageRef[]): Promise<Map<string, AffectedEntry[]>> {
    const out = new Map<string, AffectedEntry[]>();
    const keys = new Map(packages.map((p) => [packageCacheKey(p.ecosystem, p.packageKey), p]));
    for (const [key, candidates] of await this.#candidates.candidates(this.#db, keys, turnTaker()))
      for (const c of candidates) {
        if (c.withdrawn) continue;
        const list = out.get(`${key}\u0000${c.advisoryId}`) ?? [];
        list.push(c.prepared);
        out.set(`${key}\u0000${c.advisoryId}`, list);
      }
    return out;
  }
}

/** A graph of components not stored (a scan): ids are positions, dependencies bom-refs (the first component with a ref takes it). */
export function graphOfParsed(
  components: readonly {
    bomRef: string | null;
    purl: string | null;
    name: string;
    version: string | null;
    dependsOn: string[];
  }[],
  rootDependsOn: readonly string[] | undefined,
): DependencyGraph {
  const idOf = new Map<string, string>();
  components.forEach((c, i) => {
    if (c.bomRef !== null && !idOf.has(c.bomRef)) idOf.set(c.bomRef, String(i));
  });
  const ids = (refs: readonly string[]) => refs.flatMap((r) => idOf.get(r) ?? []);
  const nodes: GraphComponent[] = components.map((c, i) => ({
    id: String(i),
    purl: c.purl,
    name: c.name,
    version: c.version,
    dependsOn: ids(c.dependsOn),
  }));
  return new DependencyGraph(nodes, rootDependsOn && rootDependsOn.length > 0 ? ids(rootDependsOn) : null);
}
