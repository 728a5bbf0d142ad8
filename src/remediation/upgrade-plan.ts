/**
 * The upgrade plan of one SBOM: per vulnerable package and version, the lowest version the advisories name that
 * leaves its open findings, what that fixes, and the ranking (docs/remediation.md, "The plan"). Pure.
 */
import {
  evaluatePrepared,
  getVersionOrdering,
  preparePackage,
  SEVERITIES,
  sharedParser,
  type MatchRange,
  type Ordering,
  type PreparedPackage,
  type SeverityLevel,
  type VersionOrdering,
} from '../vulndb/index.ts';

/**
 * One affected-package entry of an advisory (not withdrawn) for the finding's package: as OSV gives it, or already
 * prepared with the ecosystem's ordering (the process's candidate cache holds them so).
 */
export type AffectedEntry = { ranges: MatchRange[]; versions: string[] } | PreparedPackage;

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
  /** Parsed by the ecosystem's ordering; an Above wraps X's. */
  parsed: unknown;
  /** The string the evaluation sees: the version, or one no `versions` list can hold ("above X" is not X). */
  token: string;
}

/** "Just above X" as a parsed version: equal to nothing, above X and everything X is above. */
class Above {
  readonly base: unknown;
  constructor(base: unknown) {
    this.base = base;
  }
}

/**
 * The ecosystem's ordering, extended to Above values, so the prepared OSV evaluation (the one matching uses) can
 * place "just above X" in ranges and `versions` lists like any version. Prepared events are never Above.
 */
const extended = new WeakMap<VersionOrdering<unknown>, VersionOrdering<unknown>>();

function withAbove(ordering: VersionOrdering<unknown>): VersionOrdering<unknown> {
  const known = extended.get(ordering);
  if (known) return known;
  const compareParsed = (a: unknown, b: unknown): Ordering => {
    if (a instanceof Above) {
      if (b instanceof Above) return ordering.compareParsed(a.base, b.base);
      return ordering.compareParsed(a.base, b) || 1;
    }
    if (b instanceof Above) return ordering.compareParsed(a, b.base) || -1;
    return ordering.compareParsed(a, b);
  };
  const wrapped: VersionOrdering<unknown> = {
    parse: (version) => ordering.parse(version),
    compareParsed,
    compare: (a, b) => ordering.compare(a, b),
    isValid: (version) => ordering.isValid(version),
  };
  extended.set(ordering, wrapped);
  return wrapped;
}

const emptyCounts = (): SeverityCounts => Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts;

/** The versions the advisories name above `current`, lowest first, each once. */
function candidatesOf(
  p: PlanPackage,
  base: VersionOrdering<unknown>,
  ordering: VersionOrdering<unknown>,
): Candidate[] {
  const parse = sharedParser(base);
  const current = parse(p.currentVersion);
  const byKey = new Map<string, Candidate>();
  for (const f of p.findings)
    for (const entry of f.affected)
      for (const range of preparedOf(entry, base).ranges)
        for (const e of range.events) {
          let c: Candidate | null = null;
          if (e.kind === 'fixed') c = { version: e.value, above: false, parsed: e.parsed, token: e.value };
          else if (e.kind === 'last_affected') {
            const next = successorOf(p.ecosystem, e.value);
            c = next
              ? { version: next, above: false, parsed: parse(next), token: next }
              : {
                  version: e.value,
                  above: true,
                  parsed: new Above(e.parsed),
                  token: `\u0000>${e.value}`,
                };
          }
          const key = c && `${c.above ? '>' : '='}${c.version}`;
          if (c && !byKey.has(key!) && ordering.compareParsed(c.parsed, current) > 0) byKey.set(key!, c);
        }
  const sorted = [...byKey.values()].sort((a, b) => ordering.compareParsed(a.parsed, b.parsed));
  // Equal by the ordering (PyPI 1.0 and 1.0.0): the first spelling stands for both.
  return sorted.filter((c, i) => i === 0 || ordering.compareParsed(sorted[i - 1]!.parsed, c.parsed) !== 0);
}

/** Each entry prepared once, with the ecosystem's own ordering (one advisory's entries are shared by its findings). */
const preparedEntries = new WeakMap<object, PreparedPackage>();

function preparedOf(entry: AffectedEntry, ordering: VersionOrdering<unknown>): PreparedPackage {
  if ('exact' in entry) return entry;
  let prepared = preparedEntries.get(entry);
  if (!prepared) preparedEntries.set(entry, (prepared = preparePackage(entry, ordering)));
  return prepared;
}

/** One package's item: the target and what it fixes. */
export function planPackage(p: PlanPackage): PlanItem {
  const base = getVersionOrdering(p.ecosystem);
  const ordering = base && withAbove(base);
  let best: { candidate: Candidate; fixed: PlanFinding[] } | null = null;
  for (const candidate of base && ordering ? candidatesOf(p, base, ordering) : []) {
    const fixed = p.findings.filter(
      (f) =>
        !f.affected.some(
          (entry) =>
            evaluatePrepared(preparedOf(entry, base!), candidate.token, candidate.parsed, ordering!) !== null,
        ),
    );
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
