import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { MatchableComponent } from '../sboms/component-matcher.ts';
import { fromJson } from '../db/helpers.ts';
import { comparatorFor } from '../vulndb/comparator.ts';
import type { MatchRange } from '../vulndb/osv.ts';
import { combineSeverity, type AdvisorySeverity, type CvssScore, type Severity, type SeverityLevel } from '../vulndb/severity.ts';
import { loadCandidates, severityOfIds, type CandidateRow, type PackageRef, type SeverityRow } from '../vulndb/vulndb.repository.ts';
import { matchComponent, type Candidate, type MatchedVulnerability } from './matcher.ts';

/**
 * Loads the candidate advisories of a set of components (one indexed lookup per package, never the whole
 * database), evaluates them, and settles each vulnerability's severity over its advisories and aliases.
 */

export type { MatchableComponent };

export interface ResolvedVulnerability extends MatchedVulnerability {
  severity: Severity;
}

const keyOf = (ecosystem: string, packageKey: string) => `${ecosystem}\u0000${packageKey}`;

function severityPart(row: Pick<SeverityRow, 'cvss_score' | 'cvss_vector' | 'cvss_source' | 'severity_label'>): AdvisorySeverity {
  const cvss: CvssScore | null =
    row.cvss_score !== null && row.cvss_vector && row.cvss_source
      ? { source: row.cvss_source as CvssScore['source'], score: Number(row.cvss_score), vector: row.cvss_vector }
      : null;
  return { cvss, label: (row.severity_label as SeverityLevel | null) ?? null };
}

function toCandidate(row: CandidateRow): Candidate {
  return {
    advisoryId: row.advisory_id,
    aliases: fromJson<string[]>(row.aliases, []),
    withdrawn: row.withdrawn !== null,
    summary: row.summary,
    ranges: fromJson<MatchRange[]>(row.ranges, []),
    versions: fromJson<string[]>(row.versions, []),
    severity: severityPart(row),
    references: fromJson<{ type: string; url: string }[]>(row.refs, []),
  };
}

/** Components that can be matched: a known ecosystem with a version ordering, a package key and a version. */
export function matchablePackages(components: readonly MatchableComponent[]): PackageRef[] {
  const seen = new Map<string, PackageRef>();
  for (const c of components) {
    if (!c.ecosystem || !c.packageKey || !c.version || !comparatorFor(c.ecosystem)) continue;
    seen.set(keyOf(c.ecosystem, c.packageKey), { ecosystem: c.ecosystem, packageKey: c.packageKey });
  }
  return [...seen.values()];
}

/** Severity of every vulnerability, counting alias advisories stored for other ecosystems too. */
async function settleSeverity(db: Kysely<Database>, matched: MatchedVulnerability[], fallback: SeverityLevel): Promise<Severity[]> {
  const ids = new Set<string>();
  for (const m of matched) {
    ids.add(m.vulnerabilityId);
    for (const a of m.aliases) ids.add(a);
  }
  const rows = (await severityOfIds(db, [...ids])).filter((r) => r.withdrawn === null);
  // Which stored advisories carry each id: an advisory counts for a vulnerability when it shares an id.
  const byId = new Map<string, SeverityRow>(rows.map((r) => [r.id, r]));
  return matched.map((m) => {
    const parts = [...m.severityParts];
    for (const id of [m.vulnerabilityId, ...m.aliases]) {
      const row = byId.get(id);
      if (row && !m.advisoryIds.includes(id)) parts.push(severityPart(row));
    }
    return combineSeverity(parts, fallback);
  });
}

export interface Resolution {
  /** component id → the vulnerabilities affecting it now. */
  matches: Map<string, ResolvedVulnerability[]>;
  /** Withdrawn advisories among the candidates (they explain retractions). */
  withdrawn: Set<string>;
}

export async function resolveMatches(
  db: Kysely<Database>,
  components: readonly MatchableComponent[],
  fallback: SeverityLevel = 'MEDIUM',
): Promise<Resolution> {
  const result = new Map<string, ResolvedVulnerability[]>();
  const withdrawn = new Set<string>();
  const packages = matchablePackages(components);
  if (packages.length === 0) return { matches: result, withdrawn };
  const byPackage = new Map<string, Candidate[]>();
  for (const row of await loadCandidates(db, packages)) {
    if (row.withdrawn !== null) withdrawn.add(row.advisory_id);
    const key = keyOf(row.ecosystem, row.package_key);
    const list = byPackage.get(key) ?? [];
    list.push(toCandidate(row));
    byPackage.set(key, list);
  }
  const pending: { componentId: string; matched: MatchedVulnerability }[] = [];
  for (const c of components) {
    if (!c.ecosystem || !c.packageKey || !c.version) continue;
    const candidates = byPackage.get(keyOf(c.ecosystem, c.packageKey));
    const compare = comparatorFor(c.ecosystem);
    if (!candidates || !compare) continue;
    for (const matched of matchComponent({ id: c.id, version: c.version }, candidates, compare)) pending.push({ componentId: c.id, matched });
  }
  const severities = await settleSeverity(db, pending.map((p) => p.matched), fallback);
  pending.forEach(({ componentId, matched }, i) => {
    const list = result.get(componentId) ?? [];
    list.push({ ...matched, severity: severities[i]! });
    result.set(componentId, list);
  });
  return { matches: result, withdrawn };
}
