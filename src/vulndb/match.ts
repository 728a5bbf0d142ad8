/** The OSV range evaluation, readable reference version (prepared-match.ts is the fast one). */
import type { AffectedPackage, EventKind, MatchRange, OsvEvent } from './osv.ts';

/**
 * The OSV evaluation algorithm (osv-schema, "Evaluation"): a version is affected when it is listed in
 * `versions`, or when some SEMVER/ECOSYSTEM range, walked in version order, leaves it vulnerable
 * (`introduced` ≤ v turns it on, `fixed` ≤ v or `last_affected` < v turns it off) and it lies before one of
 * the range's `limit`s. GIT ranges never reach here (the parser drops them). Pure; the ecosystem's ordering
 * comes in as `compare`.
 */

export type Compare = (a: string, b: string) => number;

export type MatchReason =
  | { kind: 'versions'; version: string }
  | {
      kind: 'range';
      rangeIndex: number;
      rangeType: MatchRange['type'];
      /** The `introduced` event that made the version vulnerable (`0` = from the beginning). */
      introduced: string;
      /** The next bound above it in that range, if any: the version is below it. */
      until: { kind: Exclude<EventKind, 'introduced'>; value: string } | null;
    };

/** A comparison that never throws: an unorderable version compares as "unknown" (undefined). */
function safeCompare(compare: Compare, a: string, b: string): number | undefined {
  try {
    const result = compare(a, b);
    return Number.isNaN(result) ? undefined : Math.sign(result);
  } catch {
    return undefined;
  }
}

const isFloor = (e: OsvEvent) => e.kind === 'introduced' && e.value === '0';
const isCeiling = (e: OsvEvent) => e.kind === 'limit' && e.value === '*';

// Sorting is the costly part and a range's order never changes: keep it per range object and comparator.
const sortedCache = new WeakMap<MatchRange, { compare: Compare; events: OsvEvent[] }>();

/** Events in ascending version order; `introduced: 0` first, `limit: *` last, unorderable events dropped. */
export function sortEvents(range: MatchRange, compare: Compare): OsvEvent[] {
  const cached = sortedCache.get(range);
  if (cached && cached.compare === compare) return cached.events;
  const orderable = range.events.filter(
    (e) => isFloor(e) || isCeiling(e) || safeCompare(compare, e.value, e.value) !== undefined,
  );
  const events = orderable
    .map((event, index) => ({ event, index }))
    .sort((x, y) => {
      if (isFloor(x.event) !== isFloor(y.event)) return isFloor(x.event) ? -1 : 1;
      if (isCeiling(x.event) !== isCeiling(y.event)) return isCeiling(x.event) ? 1 : -1;
      if (isFloor(x.event) || isCeiling(x.event)) return x.index - y.index;
      return safeCompare(compare, x.event.value, y.event.value) || x.index - y.index;
    })
    .map((x) => x.event);
  sortedCache.set(range, { compare, events });
  return events;
}

function beforeLimits(version: string, events: OsvEvent[], compare: Compare): boolean {
  let limited = false;
  for (const e of events) {
    if (e.kind !== 'limit') continue;
    if (isCeiling(e) || safeCompare(compare, version, e.value) === -1) return true;
    limited = true;
  }
  return !limited;
}

/** Evaluates one range; the reason when `version` is affected by it, else null. */
export function evaluateRange(
  range: MatchRange,
  rangeIndex: number,
  version: string,
  compare: Compare,
): MatchReason | null {
  const events = sortEvents(range, compare);
  if (!beforeLimits(version, events, compare)) return null;
  let introducedAt = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === 'introduced') {
      if (isFloor(e) || (safeCompare(compare, version, e.value) ?? -1) >= 0) introducedAt = i;
    } else if (e.kind === 'fixed') {
      if ((safeCompare(compare, version, e.value) ?? -1) >= 0) introducedAt = -1;
    } else if (e.kind === 'last_affected') {
      if ((safeCompare(compare, version, e.value) ?? -1) > 0) introducedAt = -1;
    }
  }
  if (introducedAt < 0) return null;
  const bound = events.slice(introducedAt + 1).find((e) => e.kind !== 'introduced');
  return {
    kind: 'range',
    rangeIndex,
    rangeType: range.type,
    introduced: events[introducedAt]!.value,
    until: bound ? { kind: bound.kind as Exclude<EventKind, 'introduced'>, value: bound.value } : null,
  };
}

/** Affected by the package's ranges alone (the `versions` list ignored). */
export function affectedByRanges(
  pkg: Pick<AffectedPackage, 'ranges'>,
  version: string,
  compare: Compare,
): MatchReason | null {
  // A version the ecosystem cannot order cannot be placed in a range (only an exact `versions` entry can match it).
  if (pkg.ranges.length === 0 || safeCompare(compare, version, version) === undefined) return null;
  for (let i = 0; i < pkg.ranges.length; i++) {
    const reason = evaluateRange(pkg.ranges[i]!, i, version, compare);
    if (reason) return reason;
  }
  return null;
}

// A `versions` list as a set (exact spellings) and sorted by the ecosystem (equal-by-ordering spellings,
// found by binary search instead of comparing with every entry).
const listCache = new WeakMap<
  readonly string[],
  { compare: Compare; exact: Set<string>; sorted: string[] }
>();

function findListed(versions: readonly string[], version: string, compare: Compare): string | undefined {
  if (versions.length === 0) return undefined;
  let prepared = listCache.get(versions);
  if (!prepared || prepared.compare !== compare) {
    prepared = {
      compare,
      exact: new Set(versions),
      sorted: [...versions].sort((a, b) => safeCompare(compare, a, b) ?? 0),
    };
    listCache.set(versions, prepared);
  }
  if (prepared.exact.has(version)) return version;
  let lo = 0;
  let hi = prepared.sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const order = safeCompare(compare, prepared.sorted[mid]!, version);
    if (order === undefined) return undefined;
    if (order === 0) return prepared.sorted[mid];
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Whether `version` of the package is affected, and why. */
export function affectedBy(
  pkg: Pick<AffectedPackage, 'ranges' | 'versions'>,
  version: string,
  compare: Compare,
): MatchReason | null {
  // The list is exact strings; equal-by-ordering spellings (PyPI `1.0` vs `1.0.0`) count too.
  const listed = findListed(pkg.versions, version, compare);
  if (listed !== undefined) return { kind: 'versions', version: listed };
  return affectedByRanges(pkg, version, compare);
}

/** One line for people: why a version is affected. */
export function describeReason(reason: MatchReason): string {
  if (reason.kind === 'versions') return `listed in versions (${reason.version})`;
  const from =
    reason.introduced === '0' ? 'introduced 0 (all earlier versions)' : `introduced ${reason.introduced}`;
  const until = reason.until ? `, ${reason.until.kind} ${reason.until.value}` : ', no fix';
  return `${reason.rangeType} range #${reason.rangeIndex}: ${from}${until}`;
}
