/**
 * Dart Pub versions (pub_semver): SemVer precedence, except that build metadata takes part in the order.
 * A version without build metadata sorts before the same version with it (`1.0.0 < 1.0.0+1`), and build
 * identifiers compare like prerelease identifiers (`1.2.3+1 < 1.2.3+a`, `1.2.3+9 < 1.2.3+10`).
 * Parsing and invalid input as in semver.ts.
 */
import {
  compareIdentifiers,
  compareSemver,
  isValidSemver,
  parseSemver,
  type SemverVersion,
} from './semver.ts';
import { makeOrdering, type Ordering } from './shared.ts';

export function compareParsed(a: SemverVersion, b: SemverVersion): Ordering {
  const c = compareSemver(a, b);
  if (c !== 0) return c;
  if (a.build.length === 0 || b.build.length === 0) {
    return a.build.length === b.build.length ? 0 : a.build.length === 0 ? -1 : 1;
  }
  return compareIdentifiers(a.build, b.build);
}

export const pubOrdering = makeOrdering(parseSemver, compareParsed, isValidSemver);

export const parse = parseSemver;
export const compare = pubOrdering.compare;
export const isValid = isValidSemver;
