/**
 * Version ordering per OSV ecosystem. `compareVersions(ecosystem, a, b)` answers -1/0/1 and never throws
 * for any version strings (each ordering documents how it orders strings its ecosystem rejects); an
 * ecosystem without an ordering throws, so check `isSupportedEcosystem` first.
 *
 * Ecosystem names are OSV's, with their release suffixes (`Debian:12`, `Alpine:v3.18`,
 * `Red Hat:enterprise_linux:9::appstream`, `Ubuntu:22.04:LTS`) mapped to the base ordering.
 * For hot loops, take `getVersionOrdering(ecosystem)` once and use its `parse` + `compareParsed`.
 */
import { alpineOrdering } from './alpine.ts';
import { cranOrdering, hackageOrdering } from './cran.ts';
import { debianOrdering } from './debian.ts';
import { goOrdering } from './go.ts';
import { mavenOrdering } from './maven.ts';
import { nugetOrdering } from './nuget.ts';
import { packagistOrdering } from './packagist.ts';
import { pubOrdering } from './pub.ts';
import { pypiOrdering } from './pypi.ts';
import { rpmOrdering } from './redhat.ts';
import { rubygemsOrdering } from './rubygems.ts';
import { semverOrdering } from './semver.ts';
import type { Ordering, VersionOrdering } from './shared.ts';

export type { Ordering, VersionOrdering } from './shared.ts';

const ORDERINGS: ReadonlyMap<string, VersionOrdering<unknown>> = new Map<string, VersionOrdering<unknown>>([
  ['npm', semverOrdering],
  ['crates.io', semverOrdering],
  ['Hex', semverOrdering],
  ['Pub', pubOrdering],
  ['Go', goOrdering],
  ['PyPI', pypiOrdering],
  ['RubyGems', rubygemsOrdering],
  ['Maven', mavenOrdering],
  ['NuGet', nugetOrdering],
  ['Packagist', packagistOrdering],
  ['Debian', debianOrdering],
  ['Ubuntu', debianOrdering],
  ['Alpine', alpineOrdering],
  ['Wolfi', alpineOrdering],
  ['Chainguard', alpineOrdering],
  ['Red Hat', rpmOrdering],
  ['AlmaLinux', rpmOrdering],
  ['Rocky Linux', rpmOrdering],
  ['SUSE', rpmOrdering],
  ['openSUSE', rpmOrdering],
  ['Mageia', rpmOrdering],
  ['CRAN', cranOrdering],
  ['Hackage', hackageOrdering],
]);

/** `Debian:12` → `Debian`; OSV puts the release after the first `:`. */
export const baseEcosystem = (ecosystem: string): string => {
  const colon = ecosystem.indexOf(':');
  return (colon < 0 ? ecosystem : ecosystem.slice(0, colon)).trim();
};

/** The ordering of an OSV ecosystem, or undefined when there is none. */
export const getVersionOrdering = (ecosystem: string): VersionOrdering<unknown> | undefined =>
  ORDERINGS.get(baseEcosystem(ecosystem));

export const isSupportedEcosystem = (ecosystem: string): boolean => ORDERINGS.has(baseEcosystem(ecosystem));

export const supportedEcosystems = (): string[] => [...ORDERINGS.keys()];

/**
 * Parsed versions by string, per ordering. Parsing costs 10–50× a comparison of parsed versions, and
 * matching compares the same few strings (one installed version, each advisory's range events) over and
 * over. Results stay pure: the cache only memoizes `parse`. Bounded: emptied when it reaches the limit,
 * which costs one re-parse per string and no bookkeeping per hit (cheaper than an LRU here).
 */
const CACHE_LIMIT = 10_000;

interface Memo {
  ordering: VersionOrdering<unknown>;
  parsed: Map<string, unknown>;
}

const MEMOS = new Map<VersionOrdering<unknown>, Memo>();
/** Ecosystem name as given (`Debian:12`) → its memo, so a comparison costs one lookup to resolve. */
const BY_NAME = new Map<string, Memo>();

function memoFor(ecosystem: string): Memo {
  let memo = BY_NAME.get(ecosystem);
  if (memo) return memo;
  const ordering = getVersionOrdering(ecosystem);
  if (!ordering) throw new RangeError(`no version ordering for ecosystem "${ecosystem}"`);
  memo = MEMOS.get(ordering);
  if (!memo) MEMOS.set(ordering, (memo = { ordering, parsed: new Map() }));
  if (BY_NAME.size >= 1_000) BY_NAME.clear();
  BY_NAME.set(ecosystem, memo);
  return memo;
}

function parsedVersion(memo: Memo, version: string): unknown {
  let parsed = memo.parsed.get(version);
  if (parsed === undefined) {
    parsed = memo.ordering.parse(version);
    if (memo.parsed.size >= CACHE_LIMIT) memo.parsed.clear();
    memo.parsed.set(version, parsed);
  }
  return parsed;
}

export function compareVersions(ecosystem: string, a: string, b: string): Ordering {
  const memo = memoFor(ecosystem);
  return memo.ordering.compareParsed(parsedVersion(memo, a), parsedVersion(memo, b));
}
