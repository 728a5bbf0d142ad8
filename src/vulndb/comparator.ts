import type { Compare } from './match.ts';
import { getVersionOrdering } from './versions/index.ts';

/**
 * A comparator per ecosystem that parses each distinct version string once: matching compares one
 * component version with every event of every candidate range, and the same event values recur across
 * components. The cache is bounded so a long-running process does not grow without limit.
 */
const MAX_CACHED = 200_000;
const comparators = new Map<string, Compare | null>();

export function comparatorFor(ecosystem: string): Compare | undefined {
  const known = comparators.get(ecosystem);
  if (known !== undefined) return known ?? undefined;
  const ordering = getVersionOrdering(ecosystem);
  if (!ordering) {
    comparators.set(ecosystem, null);
    return undefined;
  }
  const parsed = new Map<string, unknown>();
  const parse = (v: string): unknown => {
    let p = parsed.get(v);
    if (p === undefined) {
      if (parsed.size >= MAX_CACHED) parsed.clear();
      p = ordering.parse(v);
      parsed.set(v, p);
    }
    return p;
  };
  const compare: Compare = (a, b) => ordering.compareParsed(parse(a), parse(b));
  comparators.set(ecosystem, compare);
  return compare;
}
