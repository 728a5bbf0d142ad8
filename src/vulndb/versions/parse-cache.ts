/**
 * The one bounded cache of parsed versions, shared by every comparison path (compareVersions, comparatorFor,
 * prepared matching): parsing costs 10–50× a comparison of parsed values, and matching compares the same
 * strings (one installed version, each advisory's range events, long `versions` lists) over and over.
 */
import { TwoGenerationCache } from '../../shared/two-generation-cache.ts';
import type { VersionOrdering } from './shared.ts';

/** Parsed versions kept per ordering; those not used for the longest go first (shared/two-generation-cache.ts). */
const PER_ORDERING = 100_000;

const parsers = new WeakMap<VersionOrdering<unknown>, (version: string) => unknown>();

/**
 * `ordering.parse`, memoized. Results stay pure: parsed values are never mutated by `compareParsed`, so
 * sharing them between callers is safe.
 */
export function cachedParse(ordering: VersionOrdering<unknown>): (version: string) => unknown {
  let parser = parsers.get(ordering);
  if (!parser) {
    // Every ordering parses to a non-null value (an object or a string): undefined means not cached.
    const cache = new TwoGenerationCache<string, NonNullable<unknown>>(PER_ORDERING);
    parser = (version) => {
      let parsed = cache.get(version);
      if (parsed === undefined) {
        parsed = ordering.parse(version) as NonNullable<unknown>;
        cache.set(version, parsed);
      }
      return parsed;
    };
    parsers.set(ordering, parser);
  }
  return parser;
}
