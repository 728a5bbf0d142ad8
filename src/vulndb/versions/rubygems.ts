/**
 * RubyGems versions: `Gem::Version#<=>` (rubygems/version.rb).
 *
 * `@renovatebot/ruby-semver` decides validity (`Gem::Version.correct?`), but the order is computed here:
 * that library re-parses both strings on every comparison, reads numbers with `parseInt` (so
 * `999999999999999999999999999991` and `…999` compare equal, one of the published fixture lines) and
 * compares string segments with `localeCompare`, where Ruby compares bytes.
 *
 * The algorithm: `-` means `.pre.`; segments are runs of digits or of letters (anything else separates);
 * trailing zeros are dropped from the leading numeric run and from the rest; then segment by segment,
 * missing = 0, a string (pre-release) < any number, numbers by value, strings by bytes. Invalid strings
 * go through the same steps (a string with no segments equals `0`).
 */
import { valid } from '@renovatebot/ruby-semver';

import { compareNumbers, compareStrings, makeOrdering, normalizeDigits, type Ordering } from './shared.ts';

/** Canonical segments: numbers as canonical digit strings, words with `numeric: false`. */
export interface RubyGemsVersion {
  numeric: boolean[];
  values: string[];
}

function dropTrailingZeros(numeric: boolean[], values: string[], from: number, to: number): void {
  let end = to;
  while (end > from && numeric[end - 1] && values[end - 1] === '0') end--;
  numeric.splice(end, to - end);
  values.splice(end, to - end);
}

export function parse(version: string): RubyGemsVersion {
  const segments =
    version
      .trim()
      .replaceAll('-', '.pre.')
      .match(/[0-9]+|[a-z]+/gi) ?? [];
  const numeric = segments.map((s) => /^[0-9]/.test(s));
  const values = segments.map((s, i) => (numeric[i] ? normalizeDigits(s) : s));
  let firstWord = numeric.indexOf(false);
  if (firstWord < 0) firstWord = values.length;
  // Ruby drops trailing zeros of the word part first, then of the numeric part, then concatenates.
  dropTrailingZeros(numeric, values, firstWord, values.length);
  dropTrailingZeros(numeric, values, 0, firstWord);
  return { numeric, values };
}

export function compareParsed(a: RubyGemsVersion, b: RubyGemsVersion): Ordering {
  const n = Math.max(a.values.length, b.values.length);
  for (let i = 0; i < n; i++) {
    const aNumeric = i < a.values.length ? (a.numeric[i] as boolean) : true;
    const bNumeric = i < b.values.length ? (b.numeric[i] as boolean) : true;
    const x = a.values[i] ?? '0';
    const y = b.values[i] ?? '0';
    if (aNumeric !== bNumeric) return aNumeric ? 1 : -1;
    const c = aNumeric ? compareNumbers(x, y) : compareStrings(x, y);
    if (c !== 0) return c;
  }
  return 0;
}

export const isValid = (version: string): boolean => valid(version) !== null;

export const rubygemsOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = rubygemsOrdering.compare;
