/** Matching one component against its candidate advisories (pure). */
import {
  type AdvisorySeverity,
  evaluatePrepared,
  type MatchReason,
  type PreparedPackage,
  type VersionOrdering,
} from '../vulndb/index.ts';

/**
 * Component × candidate advisories → vulnerabilities (pure). Advisories that match one component and share
 * any id (their own or an alias) are one vulnerability, named by its preferred id: a CVE id, else a GHSA id,
 * else any other id; lexicographically smallest among equals. The rule depends only on the ids, so importing
 * the same advisories in any order yields the same vulnerability ids.
 */

/** One affected-package entry of an advisory, prepared for evaluation (summary and references come later). */
export interface Candidate {
  advisoryId: string;
  aliases: string[];
  withdrawn: boolean;
  prepared: PreparedPackage;
  severity: AdvisorySeverity;
}

export interface ComponentRef {
  id: string;
  version: string;
  /** `ordering.parse(version)`, parsed once per component. */
  parsed: unknown;
}

/** Summary and references of an advisory, loaded only for advisories that matched. */
export interface AdvisoryDetails {
  summary: string | null;
  references: { type: string; url: string }[];
}

export interface MatchedVulnerability {
  vulnerabilityId: string;
  /** Every other id of the vulnerability (advisory ids and their aliases), sorted. */
  aliases: string[];
  advisoryIds: string[];
  fixedVersions: string[];
  reasons: { advisoryId: string; reason: MatchReason }[];
  severityParts: AdvisorySeverity[];
}

const idRank = (id: string): number => (id.startsWith('CVE-') ? 0 : id.startsWith('GHSA-') ? 1 : 2);

export function preferredId(ids: Iterable<string>): string {
  let best: string | undefined;
  for (const id of ids) {
    if (best === undefined || idRank(id) < idRank(best) || (idRank(id) === idRank(best) && id < best))
      best = id;
  }
  if (best === undefined) throw new Error('preferredId of no ids');
  return best;
}

interface Hit {
  candidate: Candidate;
  reason: MatchReason;
}

/**
 * What a candidate that matches a component alone makes of the vulnerability: its id, aliases, advisory ids,
 * fixed versions and severity parts depend on the candidate only, so they are made once per candidate and shared
 * (read-only) by every component it matches; only the reason is per component. A warm 100,000-component upload
 * made them again for each of its 27,242 matches (BENCHMARKS.md, "Vulnerability matching"). The identity of
 * `severityParts` tells callers two matches share all of it (finding-matching.ts settles the severity once).
 */
interface Single {
  /** The candidate's own id and aliases (read-only: groups of several hits union them into a new set). */
  ids: ReadonlySet<string>;
  vulnerabilityId: string;
  aliases: string[];
  advisoryIds: string[];
  fixedVersions: string[];
  severityParts: AdvisorySeverity[];
}

const singles = new WeakMap<Candidate, Single>();

function singleOf(candidate: Candidate, ordering: VersionOrdering<unknown>): Single {
  let single = singles.get(candidate);
  if (!single) {
    const ids = new Set([candidate.advisoryId, ...candidate.aliases]);
    const vulnerabilityId = preferredId(ids);
    single = {
      ids,
      vulnerabilityId,
      aliases: [...ids].filter((id) => id !== vulnerabilityId).sort(),
      advisoryIds: [candidate.advisoryId],
      fixedVersions: fixedVersionsOf([candidate], ordering),
      severityParts: [candidate.severity],
    };
    singles.set(candidate, single);
  }
  return single;
}

/** Groups hits whose id sets intersect (union-find over a handful of advisories). */
function groupHits(hits: Hit[], ordering: VersionOrdering<unknown>): Hit[][] {
  const parent = hits.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const owner = new Map<string, number>();
  hits.forEach((hit, i) => {
    for (const id of singleOf(hit.candidate, ordering).ids) {
      const j = owner.get(id);
      if (j === undefined) owner.set(id, i);
      else parent[find(i)] = find(j);
    }
  });
  const groups = new Map<number, Hit[]>();
  hits.forEach((hit, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), hit]);
  });
  return [...groups.values()];
}

function fixedVersionsOf(candidates: Candidate[], ordering: VersionOrdering<unknown>): string[] {
  const fixed = new Map<string, unknown>();
  for (const candidate of candidates) for (const f of candidate.prepared.fixed) fixed.set(f.value, f.parsed);
  return [...fixed].sort((a, b) => ordering.compareParsed(a[1], b[1])).map(([value]) => value);
}

function toVulnerability(hits: Hit[], ordering: VersionOrdering<unknown>): MatchedVulnerability {
  if (hits.length === 1) {
    const { candidate, reason } = hits[0]!;
    const single = singleOf(candidate, ordering);
    return {
      vulnerabilityId: single.vulnerabilityId,
      aliases: single.aliases,
      advisoryIds: single.advisoryIds,
      fixedVersions: single.fixedVersions,
      reasons: [{ advisoryId: candidate.advisoryId, reason }],
      severityParts: single.severityParts,
    };
  }
  const ids = new Set(hits.flatMap((h) => [...singleOf(h.candidate, ordering).ids]));
  const vulnerabilityId = preferredId(ids);
  ids.delete(vulnerabilityId);
  const ordered = [...hits].sort(
    (a, b) =>
      idRank(a.candidate.advisoryId) - idRank(b.candidate.advisoryId) ||
      (a.candidate.advisoryId < b.candidate.advisoryId ? -1 : 1),
  );
  return {
    vulnerabilityId,
    aliases: [...ids].sort(),
    advisoryIds: [...new Set(ordered.map((h) => h.candidate.advisoryId))],
    fixedVersions: fixedVersionsOf(
      hits.map((h) => h.candidate),
      ordering,
    ),
    reasons: ordered.map((h) => ({ advisoryId: h.candidate.advisoryId, reason: h.reason })),
    severityParts: ordered.map((h) => h.candidate.severity),
  };
}

/**
 * The vulnerabilities affecting one component version; withdrawn advisories never match. Matches of a candidate
 * alone share their arrays with every other component's match of it: callers must not change them.
 */
export function matchComponent(
  component: ComponentRef,
  candidates: readonly Candidate[],
  ordering: VersionOrdering<unknown>,
): MatchedVulnerability[] {
  let hits: Hit[] | undefined;
  for (const candidate of candidates) {
    if (candidate.withdrawn) continue;
    const reason = evaluatePrepared(candidate.prepared, component.version, component.parsed, ordering);
    if (reason) (hits ??= []).push({ candidate, reason });
  }
  if (!hits) return [];
  if (hits.length === 1) return [toVulnerability(hits, ordering)];
  return groupHits(hits, ordering).map((group) => toVulnerability(group, ordering));
}

/** Summary from the first advisory (preferred order) that has one; references merged, capped at 50. */
export function detailsOf(
  advisoryIds: readonly string[],
  details: ReadonlyMap<string, AdvisoryDetails>,
): AdvisoryDetails {
  const references = new Map<string, { type: string; url: string }>();
  let summary: string | null = null;
  for (const id of advisoryIds) {
    const d = details.get(id);
    if (!d) continue;
    summary ??= d.summary;
    for (const r of d.references) if (!references.has(r.url)) references.set(r.url, r);
  }
  return { summary, references: [...references.values()].slice(0, 50) };
}
