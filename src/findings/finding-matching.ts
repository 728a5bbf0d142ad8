/** Components → the vulnerabilities that affect them now, through the candidate cache and prepared ranges. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { AppError } from '../errors.ts';
import { noTurn, turnTaker } from '../shared/turns.ts';
import type { MatchableComponent } from '../sboms/component-matcher.ts';
import {
  type AdvisorySeverity,
  type CandidateRow,
  combineSeverity,
  type CvssScore,
  getVersionOrdering,
  type MatchRange,
  type PackageRef,
  preparePackage,
  type Severity,
  type SeverityLevel,
  type SeverityRow,
  sharedParser,
} from '../vulndb/index.ts';
import { CandidateCache, packageCacheKey } from './candidate-cache.ts';
import { matchComponent, type Candidate, type MatchedVulnerability } from './matcher.ts';

/**
 * Loads the candidate advisories of a set of components (indexed lookups per package, never the whole
 * database, cached per advisory-database generation), evaluates them, and settles each vulnerability's
 * severity over its advisories and aliases.
 */

export type { MatchableComponent };

export interface ResolvedVulnerability extends MatchedVulnerability {
  severity: Severity;
}

function severityPart(
  row: Pick<SeverityRow, 'cvss_score' | 'cvss_vector' | 'cvss_source' | 'severity_label'>,
): AdvisorySeverity {
  const cvss: CvssScore | null =
    row.cvss_score !== null && row.cvss_vector && row.cvss_source
      ? {
          source: row.cvss_source as CvssScore['source'],
          score: Number(row.cvss_score),
          vector: row.cvss_vector,
        }
      : null;
  return { cvss, label: (row.severity_label as SeverityLevel | null) ?? null };
}

/** A stored affected-package row, prepared for evaluation; null for ecosystems without a version ordering. */
export function toCandidate(row: CandidateRow): Candidate | null {
  const ordering = getVersionOrdering(row.ecosystem);
  if (!ordering) return null;
  return {
    advisoryId: row.advisory_id,
    aliases: fromJson<string[]>(row.aliases, []),
    withdrawn: row.withdrawn !== null,
    prepared: preparePackage(
      { ranges: fromJson<MatchRange[]>(row.ranges, []), versions: fromJson<string[]>(row.versions, []) },
      ordering,
    ),
    severity: severityPart(row),
  };
}

interface PackageGroup {
  ref: PackageRef;
  components: { id: string; version: string }[];
}

/** The ecosystems with a version ordering of the components that name a package and a version. */
function matchableEcosystems(components: readonly MatchableComponent[]): Set<string> {
  const named = new Set<string>();
  for (const c of components) if (c.ecosystem && c.packageKey && c.version) named.add(c.ecosystem);
  return new Set([...named].filter((ecosystem) => getVersionOrdering(ecosystem) !== undefined));
}

/**
 * Matchable components (an ecosystem with a version ordering, a package key, a version) by package; only those of
 * the `held` ecosystems when given. `turn` is offered every 1,024 components (100,000 of them take ≈ 0.1 s).
 */
export async function groupByPackage(
  components: readonly MatchableComponent[],
  turn: () => Promise<void> = noTurn,
  held?: ReadonlySet<string>,
): Promise<Map<string, PackageGroup>> {
  const groups = new Map<string, PackageGroup>();
  const supported = new Map<string, boolean>();
  for (let i = 0; i < components.length; i++) {
    if ((i & 1023) === 1023) await turn();
    const c = components[i]!;
    if (!c.ecosystem || !c.packageKey || !c.version) continue;
    let ok = supported.get(c.ecosystem);
    if (ok === undefined)
      supported.set(
        c.ecosystem,
        (ok = getVersionOrdering(c.ecosystem) !== undefined && (held?.has(c.ecosystem) ?? true)),
      );
    if (!ok) continue;
    const key = packageCacheKey(c.ecosystem, c.packageKey);
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = { ref: { ecosystem: c.ecosystem, packageKey: c.packageKey }, components: [] }),
      );
    group.components.push({ id: c.id, version: c.version });
  }
  return groups;
}

/** The distinct packages of matchable components, keyed as the candidate cache keys them. */
export async function packagesOf(
  components: readonly MatchableComponent[],
): Promise<Map<string, PackageRef>> {
  return new Map([...(await groupByPackage(components))].map(([key, g]) => [key, g.ref]));
}

/**
 * Severity of every vulnerability, counting alias advisories stored for other ecosystems too. Matches sharing
 * their `severityParts` (one candidate's, matcher.ts) share ids and advisories too: settled once, the same object.
 */
async function settleSeverity(
  db: Kysely<Database>,
  cache: CandidateCache,
  matched: MatchedVulnerability[],
  fallback: SeverityLevel,
  turn: () => Promise<void>,
): Promise<Severity[]> {
  const ids = new Set<string>();
  const settled = new Map<AdvisorySeverity[], Severity | undefined>();
  for (const m of matched) {
    if (settled.has(m.severityParts)) continue;
    settled.set(m.severityParts, undefined);
    ids.add(m.vulnerabilityId);
    for (const a of m.aliases) ids.add(a);
  }
  const known = await cache.severity(db, [...ids]);
  const out: Severity[] = [];
  for (const m of matched) {
    if ((out.length & 1023) === 1023) await turn();
    const done = settled.get(m.severityParts);
    if (done) {
      out.push(done);
      continue;
    }
    // Most vulnerabilities have no stored advisory beyond the ones that matched: copy nothing then.
    let parts = m.severityParts;
    let counted: Set<string> | undefined;
    const consider = (id: string) => {
      for (const row of known.get(id) ?? []) {
        if (m.advisoryIds.includes(row.id) || counted?.has(row.id)) continue;
        (counted ??= new Set()).add(row.id);
        if (parts === m.severityParts) parts = [...parts];
        parts.push(severityPart(row));
      }
    };
    consider(m.vulnerabilityId);
    for (const alias of m.aliases) consider(alias);
    const severity = combineSeverity(parts, fallback);
    settled.set(m.severityParts, severity);
    out.push(severity);
  }
  return out;
}

export interface Resolution {
  /** component id → the vulnerabilities affecting it now. */
  matches: Map<string, ResolvedVulnerability[]>;
  /** Withdrawn advisories among the candidates (they explain retractions). */
  withdrawn: Set<string>;
}

/** The candidate cache to read advisories through and the severity of an advisory that states none. */
export interface MatchOptions {
  cache?: CandidateCache;
  fallback?: SeverityLevel;
  /** At most this many matches: one more throws 413 TOO_MANY_FINDINGS before any is settled or stored. */
  maxMatches?: number;
}

/** Past `maxMatches`: the caller (an upload) refuses the SBOM; its transaction rolls back. */
export const tooManyFindings = (max: number) =>
  new AppError('TOO_MANY_FINDINGS', 413, `The components match more than ${max} findings`);

export async function resolveMatches(
  db: Kysely<Database>,
  components: readonly MatchableComponent[],
  options: MatchOptions = {},
): Promise<Resolution> {
  const cache = options.cache ?? new CandidateCache(toCandidate);
  const result = new Map<string, ResolvedVulnerability[]>();
  const withdrawn = new Set<string>();
  // Uploads match up to 500,000 components: every long loop here gives other requests a turn (SQLite answers
  // synchronously, so the queries' awaits alone never do).
  const turn = turnTaker();
  const maxMatches = options.maxMatches ?? Infinity;
  // No look-up for a package of an ecosystem no advisory names: it has no candidate (a fresh advisory database, or
  // one synced for other ecosystems; BENCHMARKS.md, "SBOM upload").
  const ecosystems = matchableEcosystems(components);
  if (ecosystems.size === 0) return { matches: result, withdrawn };
  const held = await cache.ecosystemsHeld(db, ecosystems);
  const groups = await groupByPackage(components, turn, held);
  if (groups.size === 0) return { matches: result, withdrawn };
  const byPackage = await cache.candidates(db, new Map([...groups].map(([key, g]) => [key, g.ref])), turn);
  const pending: { componentId: string; matched: MatchedVulnerability }[] = [];
  // The turn is offered every 64 packages and components, not each: 100,000 components made 150,000 awaited
  // calls, 0.1–0.2 s of a warm upload's matching (BENCHMARKS.md, "Vulnerability matching"); 64 components of a
  // hundred candidates each are still a few milliseconds.
  let steps = 0;
  for (const [key, group] of groups) {
    if ((++steps & 63) === 0) await turn();
    const candidates = byPackage.get(key);
    const ordering = getVersionOrdering(group.ref.ecosystem);
    if (!candidates || candidates.length === 0 || !ordering) continue;
    for (const candidate of candidates) if (candidate.withdrawn) withdrawn.add(candidate.advisoryId);
    const parse = sharedParser(ordering);
    // One package can hold thousands of components with a hundred candidates each (2,800 Go stdlib ones made
    // 417,200 findings): a turn inside the group too, and the cap checked as matches come.
    for (const c of group.components) {
      if ((++steps & 63) === 0) await turn();
      const component = { id: c.id, version: c.version, parsed: parse(c.version) };
      for (const matched of matchComponent(component, candidates, ordering))
        pending.push({ componentId: c.id, matched });
      if (pending.length > maxMatches) throw tooManyFindings(maxMatches);
    }
  }
  const matched = pending.map((p) => p.matched);
  const severities = await settleSeverity(db, cache, matched, options.fallback ?? 'MEDIUM', turn);
  for (let i = 0; i < pending.length; i++) {
    if ((i & 1023) === 1023) await turn();
    const { componentId, matched } = pending[i]!;
    // matchComponent made `matched` for this call alone: it becomes the resolved vulnerability, no copy.
    const m = matched as ResolvedVulnerability;
    m.severity = severities[i]!;
    const list = result.get(componentId);
    if (list) list.push(m);
    else result.set(componentId, [m]);
  }
  return { matches: result, withdrawn };
}
