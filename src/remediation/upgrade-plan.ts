/**
 * The upgrade plan of one SBOM: per vulnerable package and version, the lowest version the advisories name that
 * leaves its open findings, what that fixes, and the ranking (docs/remediation.md, "The plan"). Pure.
 */
import {
  affectedBy,
  comparatorFor,
  SEVERITIES,
  type MatchRange,
  type SeverityLevel,
} from '../vulndb/index.ts';

/** One affected-package entry of an advisory (not withdrawn) for the finding's package. */
export interface AffectedEntry {
  ranges: MatchRange[];
  versions: string[];
}

export interface PlanFinding {
  id: string;
  /** One of SEVERITIES; another level counts in `fixes.total` only. */
  severity: string;
  kev: boolean;
  /** Every entry of the finding's advisories for this package; a finding without any is left out of the plan. */
  affected: AffectedEntry[];
}

/** The open findings of one package at one version, in one SBOM. */
export interface PlanPackage {
  /** The purl without version, qualifiers or subpath. */
  purl: string;
  ecosystem: string;
  currentVersion: string;
  findings: PlanFinding[];
  introducedBy: string[];
}

export type SeverityCounts = Record<SeverityLevel, number>;

export interface PlanItem {
  purl: string;
  currentVersion: string;
  /** The lowest named version leaving the most findings (all, when one does); null when none is named. */
  targetVersion: string | null;
  /**
   * Set when the best target is "any version above X" (X an advisory's `last_affected`, in an ecosystem whose
   * next release cannot be named): targetVersion is then null. Null otherwise.
   */
  targetAbove: string | null;
  fixes: { total: number; bySeverity: SeverityCounts; kev: number };
  remaining: number;
  findingIds: string[];
  introducedBy: string[];
}

/** Ecosystems whose next release after a plain X.Y.Z is X.Y.(Z+1): no release lies between them. */
const NAMES_SUCCESSOR = new Set(['npm', 'crates.io', 'Hex', 'Pub', 'Go']);
const RELEASE = /^(v?)(\d+)\.(\d+)\.(\d+)$/;

/** The release right after `version` where the ecosystem can name it, else null ("above X"). */
export function successorOf(ecosystem: string, version: string): string | null {
  const m = NAMES_SUCCESSOR.has(ecosystem) ? RELEASE.exec(version) : null;
  return m ? `${m[1]}${m[2]}.${m[3]}.${(BigInt(m[4]!) + 1n).toString()}` : null;
}

/** A candidate: a named version, or "just above X" (every version above X and none at or below it). */
interface Candidate {
  version: string;
  above: boolean;
}

// "Just above X" travels through the range evaluation as a marked string the comparator below understands.
const ABOVE = '\u0000>';
const tokenOf = (c: Candidate) => (c.above ? ABOVE + c.version : c.version);
const wrapped = new Map<string, (a: string, b: string) => number>();

function compareWithAbove(ecosystem: string): ((a: string, b: string) => number) | undefined {
  const known = wrapped.get(ecosystem);
  if (known) return known;
  const base = comparatorFor(ecosystem);
  if (!base) return undefined;
  const split = (s: string): [string, number] => (s.startsWith(ABOVE) ? [s.slice(ABOVE.length), 1] : [s, 0]);
  const compare = (a: string, b: string) => {
    const [va, ea] = split(a);
    const [vb, eb] = split(b);
    return base(va, vb) || Math.sign(ea - eb);
  };
  wrapped.set(ecosystem, compare);
  return compare;
}

const emptyCounts = (): SeverityCounts => Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts;

/** The versions the advisories name above `current`, lowest first, each once. */
function candidatesOf(p: PlanPackage, compare: (a: string, b: string) => number): Candidate[] {
  const byToken = new Map<string, Candidate>();
  for (const f of p.findings)
    for (const entry of f.affected)
      for (const range of entry.ranges)
        for (const e of range.events) {
          let c: Candidate | null = null;
          if (e.kind === 'fixed') c = { version: e.value, above: false };
          else if (e.kind === 'last_affected') {
            const next = successorOf(p.ecosystem, e.value);
            c = next ? { version: next, above: false } : { version: e.value, above: true };
          }
          if (c && compare(tokenOf(c), p.currentVersion) > 0) byToken.set(tokenOf(c), c);
        }
  const sorted = [...byToken.values()].sort((a, b) => compare(tokenOf(a), tokenOf(b)));
  // Equal by the ordering (PyPI 1.0 and 1.0.0): the first spelling stands for both.
  return sorted.filter((c, i) => i === 0 || compare(tokenOf(sorted[i - 1]!), tokenOf(c)) !== 0);
}

const affects = (f: PlanFinding, version: string, compare: (a: string, b: string) => number) =>
  f.affected.some((entry) => affectedBy(entry, version, compare) !== null);

/** One package's item: the target and what it fixes. */
export function planPackage(p: PlanPackage): PlanItem {
  const compare = compareWithAbove(p.ecosystem);
  let best: { candidate: Candidate; fixed: PlanFinding[] } | null = null;
  for (const candidate of compare ? candidatesOf(p, compare) : []) {
    const token = tokenOf(candidate);
    const fixed = p.findings.filter((f) => !affects(f, token, compare!));
    if (!best || fixed.length > best.fixed.length) best = { candidate, fixed };
    if (fixed.length === p.findings.length) break;
  }
  const fixed = best?.fixed ?? [];
  const bySeverity = emptyCounts();
  for (const f of fixed) if (f.severity in bySeverity) bySeverity[f.severity as SeverityLevel]++;
  return {
    purl: p.purl,
    currentVersion: p.currentVersion,
    targetVersion: best && !best.candidate.above ? best.candidate.version : null,
    targetAbove: best?.candidate.above ? best.candidate.version : null,
    fixes: { total: fixed.length, bySeverity, kev: fixed.filter((f) => f.kev).length },
    remaining: p.findings.length - fixed.length,
    // A scan has no finding ids: its items name vulnerability ids, which repeat when a package appears twice.
    findingIds: [...new Set(p.findings.map((f) => f.id))].sort(),
    introducedBy: p.introducedBy,
  };
}

/** Most valuable first: KEV fixed, then CRITICAL, HIGH, … fixed, then fewest remaining; then by purl and version. */
export function compareItems(a: PlanItem, b: PlanItem): number {
  if (a.fixes.kev !== b.fixes.kev) return b.fixes.kev - a.fixes.kev;
  for (const s of SEVERITIES)
    if (a.fixes.bySeverity[s] !== b.fixes.bySeverity[s]) return b.fixes.bySeverity[s] - a.fixes.bySeverity[s];
  if (a.remaining !== b.remaining) return a.remaining - b.remaining;
  if (a.purl !== b.purl) return a.purl < b.purl ? -1 : 1;
  return a.currentVersion < b.currentVersion ? -1 : a.currentVersion > b.currentVersion ? 1 : 0;
}

/** The plan: packages without any finding left out, most valuable first. */
export function planOf(packages: readonly PlanPackage[]): PlanItem[] {
  return packages
    .filter((p) => p.findings.length > 0)
    .map(planPackage)
    .sort(compareItems);
}
