/**
 * SemVer 2.0 precedence for npm, crates.io and Hex (and the base of Go and Pub).
 *
 * Parsing is deliberately looser than the `semver` package, because advisories and SBOMs carry strings it
 * rejects or cannot hold: a leading `v`/`=`, partial versions (`1`, `1.2`), more than three numeric
 * components, numbers beyond 2^53 and a prerelease without its hyphen (`1.2.3rc1`, as `semver`'s loose
 * mode allows). For every string `semver.valid(s, { loose: true })` accepts, the order is exactly
 * `semver.compare` (the tests check this against the library); `isValid` is that library's verdict.
 *
 * Rules for everything else (deterministic, never throws):
 * - missing numeric components are 0; components after the third are ignored (they belong to no field
 *   of SemVer, like build metadata);
 * - text after the numbers is the prerelease (up to `+`), `+…` is build metadata;
 * - a string with no leading number is `0.0.0` with the whole string as prerelease, so it sorts before
 *   every real release (e.g. `abc` < `0.0.0`, and `abc` = `0.0.0-abc`).
 */
import semver from 'semver';

import { compareNumbers, compareStrings, makeOrdering, normalizeDigits, type Ordering } from './shared.ts';

/** A prerelease or build identifier: numeric ones hold canonical digits. */
export interface Identifier {
  numeric: boolean;
  value: string;
}

export interface SemverVersion {
  major: string;
  minor: string;
  patch: string;
  prerelease: Identifier[];
  build: Identifier[];
}

const LEADING_PREFIX = /^[\s=vV]+/;

function identifiers(text: string): Identifier[] {
  return text
    .split('.')
    .map((value) =>
      /^[0-9]+$/.test(value) ? { numeric: true, value: normalizeDigits(value) } : { numeric: false, value },
    );
}

export function parseSemver(version: string): SemverVersion {
  const s = version.trim().replace(LEADING_PREFIX, '');
  const numbers: string[] = [];
  let i = 0;
  let start = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    if (c !== 46 /* . */) break;
    if (i > start) numbers.push(s.slice(start, i));
    start = i + 1;
  }
  if (i > start) numbers.push(s.slice(start, i));
  let rest = s.slice(i);
  let build: Identifier[] = [];
  const plus = rest.indexOf('+');
  if (plus >= 0) {
    build = identifiers(rest.slice(plus + 1));
    rest = rest.slice(0, plus);
  }
  // `1.2.3-` keeps an (empty) prerelease: anything after the numbers makes it a prerelease.
  const hasPrerelease = rest.length > 0;
  if (rest.startsWith('-')) rest = rest.slice(1);
  return {
    major: normalizeDigits(numbers[0] ?? '0'),
    minor: normalizeDigits(numbers[1] ?? '0'),
    patch: normalizeDigits(numbers[2] ?? '0'),
    prerelease: hasPrerelease ? identifiers(rest) : [],
    build,
  };
}

/** SemVer 2.0 §11: numeric < alphanumeric, numeric by value, alphanumeric by ASCII, shorter list first. */
export function compareIdentifiers(a: readonly Identifier[], b: readonly Identifier[]): Ordering {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as Identifier;
    const y = b[i] as Identifier;
    if (x.numeric !== y.numeric) return x.numeric ? -1 : 1;
    const c = x.numeric ? compareNumbers(x.value, y.value) : compareStrings(x.value, y.value);
    if (c !== 0) return c;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Precedence without build metadata (SemVer 2.0 §10: build metadata does not affect precedence). */
export function compareSemver(a: SemverVersion, b: SemverVersion): Ordering {
  const c =
    compareNumbers(a.major, b.major) || compareNumbers(a.minor, b.minor) || compareNumbers(a.patch, b.patch);
  if (c !== 0) return c;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  return compareIdentifiers(a.prerelease, b.prerelease);
}

export const isValidSemver = (version: string): boolean => semver.valid(version, { loose: true }) !== null;

export const semverOrdering = makeOrdering(parseSemver, compareSemver, isValidSemver);

export const parse = parseSemver;
export const compareParsed = compareSemver;
export const compare = semverOrdering.compare;
export const isValid = isValidSemver;
