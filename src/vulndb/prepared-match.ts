/** The OSV range evaluation over pre-parsed, pre-sorted events, for bulk matching. */
import type { MatchReason } from './match.ts';
import type { AffectedPackage, EventKind, MatchRange } from './osv.ts';
import type { VersionOrdering } from './versions/index.ts';
import { cachedParse } from './versions/parse-cache.ts';

/**
 * The OSV evaluation of match.ts, for bulk matching: every event value and listed version is parsed once and
 * the events sorted once when an advisory is loaded, so evaluating one component version costs only
 * `compareParsed` calls on already-parsed values. match.ts stays the readable reference; the tests run both
 * over the same tables and over every PyPI advisory and require identical answers.
 */

interface PreparedEvent {
  kind: EventKind;
  value: string;
  parsed: unknown;
  floor: boolean;
  ceiling: boolean;
}

interface PreparedRange {
  type: MatchRange['type'];
  index: number;
  /** Sorted: `introduced: 0` first, `limit: *` last, the rest by version (ties keep their order). */
  events: PreparedEvent[];
  limits: PreparedEvent[];
}

export interface PreparedPackage {
  ranges: PreparedRange[];
  exact: Set<string> | null;
  /** Listed versions sorted by the ecosystem, for equal-by-ordering lookups by binary search. */
  listed: { value: string; parsed: unknown }[];
  /** `fixed` values in version order (for fixedVersions). */
  fixed: { value: string; parsed: unknown }[];
}

/** `ordering.parse` through the shared bounded cache: advisories of one package repeat the same strings. */
export const sharedParser = cachedParse;

const NO_LIMITS: PreparedEvent[] = [];

export function preparePackage(
  pkg: Pick<AffectedPackage, 'ranges' | 'versions'>,
  ordering: VersionOrdering<unknown>,
): PreparedPackage {
  const cmp = (a: unknown, b: unknown) => ordering.compareParsed(a, b);
  const parse = sharedParser(ordering);
  const ranges = pkg.ranges.map((range, index): PreparedRange => {
    const events = range.events
      .map((e, order) => ({
        kind: e.kind,
        value: e.value,
        parsed: parse(e.value),
        floor: e.kind === 'introduced' && e.value === '0',
        ceiling: e.kind === 'limit' && e.value === '*',
        order,
      }))
      .sort((x, y) => {
        if (x.floor !== y.floor) return x.floor ? -1 : 1;
        if (x.ceiling !== y.ceiling) return x.ceiling ? 1 : -1;
        if (x.floor || x.ceiling) return x.order - y.order;
        return cmp(x.parsed, y.parsed) || x.order - y.order;
      })
      .map(({ order: _order, ...e }) => e);
    const limits = events.filter((e) => e.kind === 'limit');
    return { type: range.type, index, events, limits: limits.length ? limits : NO_LIMITS };
  });
  const listed = pkg.versions
    .map((value) => ({ value, parsed: parse(value) }))
    .sort((a, b) => cmp(a.parsed, b.parsed));
  const fixed = ranges
    .flatMap((r) =>
      r.events.filter((e) => e.kind === 'fixed').map(({ value, parsed }) => ({ value, parsed })),
    )
    .sort((a, b) => cmp(a.parsed, b.parsed));
  return { ranges, exact: pkg.versions.length ? new Set(pkg.versions) : null, listed, fixed };
}

function findListed(
  p: PreparedPackage,
  version: string,
  parsed: unknown,
  ordering: VersionOrdering<unknown>,
): string | undefined {
  if (!p.exact) return undefined;
  if (p.exact.has(version)) return version;
  let lo = 0;
  let hi = p.listed.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const order = ordering.compareParsed(p.listed[mid]!.parsed, parsed);
    if (order === 0) return p.listed[mid]!.value;
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function evaluateRange(
  range: PreparedRange,
  parsed: unknown,
  ordering: VersionOrdering<unknown>,
): MatchReason | null {
  if (
    range.limits.length > 0 &&
    !range.limits.some((l) => l.ceiling || ordering.compareParsed(parsed, l.parsed) < 0)
  )
    return null;
  let introducedAt = -1;
  const events = range.events;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === 'introduced') {
      if (e.floor || ordering.compareParsed(parsed, e.parsed) >= 0) introducedAt = i;
    } else if (e.kind === 'fixed') {
      if (ordering.compareParsed(parsed, e.parsed) >= 0) introducedAt = -1;
    } else if (e.kind === 'last_affected') {
      if (ordering.compareParsed(parsed, e.parsed) > 0) introducedAt = -1;
    }
  }
  if (introducedAt < 0) return null;
  let bound: PreparedEvent | undefined;
  for (let i = introducedAt + 1; i < events.length && !bound; i++)
    if (events[i]!.kind !== 'introduced') bound = events[i];
  return {
    kind: 'range',
    rangeIndex: range.index,
    rangeType: range.type,
    introduced: events[introducedAt]!.value,
    until: bound ? { kind: bound.kind as Exclude<EventKind, 'introduced'>, value: bound.value } : null,
  };
}

/** Same answer as `affectedBy(pkg, version, ordering.compare)`, with `parsed = ordering.parse(version)`. */
export function evaluatePrepared(
  p: PreparedPackage,
  version: string,
  parsed: unknown,
  ordering: VersionOrdering<unknown>,
): MatchReason | null {
  const listed = findListed(p, version, parsed, ordering);
  if (listed !== undefined) return { kind: 'versions', version: listed };
  for (const range of p.ranges) {
    const reason = evaluateRange(range, parsed, ordering);
    if (reason) return reason;
  }
  return null;
}
