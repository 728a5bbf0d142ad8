/**
 * NuGet versions (NuGet.Versioning's `VersionComparer.Default`).
 *
 * `Major.Minor[.Patch[.Revision]][-Label(.Label)*][+Metadata]`: up to four numeric parts, missing ones
 * are 0 (`1.0` = `1.0.0.0`, `1.0.01` = `1.0.1`); a release sorts after its prereleases; labels compare
 * numerically when both are numbers, a number before a word, words case-insensitively (ordinal), and a
 * shorter label list first; metadata is ignored.
 *
 * Invalid input never throws: a leading `v` is ignored, a non-numeric part counts as 0 and parts after the
 * fourth are ignored, so `abc` = `0.0.0.0`.
 */
import { compareIdentifiers, type Identifier } from './semver.ts';
import { compareNumbers, makeOrdering, normalizeDigits, type Ordering } from './shared.ts';

export interface NugetVersion {
  parts: [string, string, string, string];
  labels: Identifier[];
}

const NUMBER_PREFIX = /^[0-9]+/;

export function parse(version: string): NugetVersion {
  let s = version.trim().replace(/^[vV]/, '');
  const plus = s.indexOf('+');
  if (plus >= 0) s = s.slice(0, plus);
  const dash = s.indexOf('-');
  const release = dash >= 0 ? s.slice(0, dash) : s;
  const numbers = release.split('.').map((p) => normalizeDigits(NUMBER_PREFIX.exec(p)?.[0] ?? '0'));
  const labels =
    dash >= 0
      ? s
          .slice(dash + 1)
          .split('.')
          .map((value): Identifier =>
            /^[0-9]+$/.test(value)
              ? { numeric: true, value: normalizeDigits(value) }
              : { numeric: false, value: value.toLowerCase() },
          )
      : [];
  return { parts: [numbers[0] ?? '0', numbers[1] ?? '0', numbers[2] ?? '0', numbers[3] ?? '0'], labels };
}

export function compareParsed(a: NugetVersion, b: NugetVersion): Ordering {
  for (let i = 0; i < 4; i++) {
    const c = compareNumbers(a.parts[i] as string, b.parts[i] as string);
    if (c !== 0) return c;
  }
  if (a.labels.length === 0 || b.labels.length === 0) {
    return a.labels.length === b.labels.length ? 0 : a.labels.length === 0 ? 1 : -1;
  }
  // Labels were lower-cased when parsed, so SemVer's identifier order is NuGet's case-insensitive one.
  return compareIdentifiers(a.labels, b.labels);
}

const NUGET =
  /^[0-9]+(\.[0-9]+){1,3}(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

/** NuGet's own (lenient) parse: 2–4 numeric parts, optional labels and metadata. */
export const isValid = (version: string): boolean => NUGET.test(version.trim());

export const nugetOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = nugetOrdering.compare;
