/** A comparator per ecosystem over the shared parsed-version cache (one parse per distinct version string). */
import { LRUCache } from 'lru-cache';
import type { Compare } from './match.ts';
import { getVersionOrdering } from './versions/index.ts';
import { cachedParse } from './versions/parse-cache.ts';

/** Ecosystem names come from uploads and advisories: bounded, least recently used first. `false`: none. */
const comparators = new LRUCache<string, Compare | false>({ max: 1_000 });

export function comparatorFor(ecosystem: string): Compare | undefined {
  const known = comparators.get(ecosystem);
  if (known !== undefined) return known || undefined;
  const ordering = getVersionOrdering(ecosystem);
  if (!ordering) {
    comparators.set(ecosystem, false);
    return undefined;
  }
  const parse = cachedParse(ordering);
  const compare: Compare = (a, b) => ordering.compareParsed(parse(a), parse(b));
  comparators.set(ecosystem, compare);
  return compare;
}
