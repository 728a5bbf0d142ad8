import { affectedBy, type Compare, type MatchReason } from '../vulndb/match.ts';
import type { MatchRange } from '../vulndb/osv.ts';
import type { AdvisorySeverity } from '../vulndb/severity.ts';

/**
 * Component × candidate advisories → vulnerabilities (pure). Advisories that match one component and share
 * any id (their own or an alias) are one vulnerability, named by its preferred id: a CVE id, else a GHSA id,
 * else any other id; lexicographically smallest among equals. The rule depends only on the ids, so importing
 * the same advisories in any order yields the same vulnerability ids.
 */

export interface Candidate {
  advisoryId: string;
  aliases: string[];
  withdrawn: boolean;
  summary: string | null;
  ranges: MatchRange[];
  versions: string[];
  severity: AdvisorySeverity;
  references: { type: string; url: string }[];
}

export interface ComponentRef {
  id: string;
  version: string;
}

export interface MatchedVulnerability {
  vulnerabilityId: string;
  /** Every other id of the vulnerability (advisory ids and their aliases), sorted. */
  aliases: string[];
  advisoryIds: string[];
  summary: string | null;
  fixedVersions: string[];
  references: { type: string; url: string }[];
  reasons: { advisoryId: string; reason: MatchReason }[];
  severityParts: AdvisorySeverity[];
}

const idRank = (id: string): number => (id.startsWith('CVE-') ? 0 : id.startsWith('GHSA-') ? 1 : 2);

export function preferredId(ids: Iterable<string>): string {
  let best: string | undefined;
  for (const id of ids) {
    if (best === undefined || idRank(id) < idRank(best) || (idRank(id) === idRank(best) && id < best)) best = id;
  }
  if (best === undefined) throw new Error('preferredId of no ids');
  return best;
}

interface Hit {
  candidate: Candidate;
  reason: MatchReason;
  ids: Set<string>;
}

/** Groups hits whose id sets intersect (union-find over a handful of advisories). */
function groupHits(hits: Hit[]): Hit[][] {
  const parent = hits.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const owner = new Map<string, number>();
  hits.forEach((hit, i) => {
    for (const id of hit.ids) {
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

function fixedVersionsOf(hits: Hit[], compare: Compare): string[] {
  const fixed = new Set<string>();
  for (const { candidate } of hits) {
    for (const range of candidate.ranges) for (const e of range.events) if (e.kind === 'fixed') fixed.add(e.value);
  }
  return [...fixed].sort(compare);
}

function toVulnerability(hits: Hit[], compare: Compare): MatchedVulnerability {
  const ids = new Set(hits.flatMap((h) => [...h.ids]));
  const vulnerabilityId = preferredId(ids);
  ids.delete(vulnerabilityId);
  const ordered = [...hits].sort((a, b) => idRank(a.candidate.advisoryId) - idRank(b.candidate.advisoryId) || (a.candidate.advisoryId < b.candidate.advisoryId ? -1 : 1));
  const references = new Map<string, { type: string; url: string }>();
  for (const h of ordered) for (const r of h.candidate.references) if (!references.has(r.url)) references.set(r.url, r);
  return {
    vulnerabilityId,
    aliases: [...ids].sort(),
    advisoryIds: [...new Set(ordered.map((h) => h.candidate.advisoryId))],
    summary: ordered.find((h) => h.candidate.summary)?.candidate.summary ?? null,
    fixedVersions: fixedVersionsOf(hits, compare),
    references: [...references.values()].slice(0, 50),
    reasons: ordered.map((h) => ({ advisoryId: h.candidate.advisoryId, reason: h.reason })),
    severityParts: ordered.map((h) => h.candidate.severity),
  };
}

/** The vulnerabilities affecting one component version; withdrawn advisories never match. */
export function matchComponent(component: ComponentRef, candidates: readonly Candidate[], compare: Compare): MatchedVulnerability[] {
  const hits: Hit[] = [];
  for (const candidate of candidates) {
    if (candidate.withdrawn) continue;
    const reason = affectedBy(candidate, component.version, compare);
    if (reason) hits.push({ candidate, reason, ids: new Set([candidate.advisoryId, ...candidate.aliases]) });
  }
  if (hits.length === 0) return [];
  return groupHits(hits).map((group) => toVulnerability(group, compare));
}
