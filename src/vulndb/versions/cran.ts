/**
 * CRAN (R `package_version`) and Hackage (Haskell `Data.Version`) versions: sequences of non-negative
 * integers compared element by element, a longer sequence after its prefix (`0.1.0` < `0.1.0.0`, unlike
 * SemVer). CRAN separates with `.` or `-`, Hackage with `.` (Hackage's deprecated `-tag` suffixes are
 * ignored). A part that is not a number counts as its leading digits, or 0. Never throws.
 */
import { compareNumbers, makeOrdering, normalizeDigits, type Ordering } from './shared.ts';

export type NumberSequence = string[];

const leadingNumber = (part: string): string => normalizeDigits(/^[0-9]*/.exec(part)?.[0] ?? '');

export function compareSequences(a: NumberSequence, b: NumberSequence): Ordering {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareNumbers(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

export const parseCran = (version: string): NumberSequence => version.trim().split(/[.-]/).map(leadingNumber);

export const parseHackage = (version: string): NumberSequence =>
  (version.trim().split('-')[0] ?? '').split('.').map(leadingNumber);

export const cranOrdering = makeOrdering(parseCran, compareSequences, (v) =>
  /^[0-9]+([.-][0-9]+)+$/.test(v.trim()),
);

export const hackageOrdering = makeOrdering(parseHackage, compareSequences, (v) =>
  /^[0-9]+(\.[0-9]+)*$/.test(v.trim()),
);

export const parse = parseCran;
export const compareParsed = compareSequences;
export const compare = cranOrdering.compare;
export const isValid = cranOrdering.isValid;
