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
import { cachedParse } from './parse-cache.ts';
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

export function compareVersions(ecosystem: string, a: string, b: string): Ordering {
  const ordering = getVersionOrdering(ecosystem);
  if (!ordering) throw new RangeError(`no version ordering for ecosystem "${ecosystem}"`);
  const parse = cachedParse(ordering);
  return ordering.compareParsed(parse(a), parse(b));
}
