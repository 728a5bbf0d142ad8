/**
 * Alpine (apk) package versions, also used by Wolfi and Chainguard:
 * `number{.number}…{letter}{_suffix{number}}…{~hash}{-r#}` (apk-package(5)).
 *
 * Order: the numeric components (the first by value; later ones as strings when either has a leading
 * zero, as apk does, so `1.01` < `1.1`), then the optional single letter (none < `a` < … < `z`), then the
 * suffixes by kind `_alpha` < `_beta` < `_pre` < `_rc` < none < `_cvs` < `_svn` < `_git` < `_hg` < `_p`
 * and number, then the `-r` revision. The commit hash is ignored.
 *
 * Invalid input never throws. Text where the `-r` revision should start (`1.2_blah`, `1.2.0A`) makes a
 * version invalid. The parts parsed before it compare as above; when they are equal, two invalid
 * versions compare as plain strings, and otherwise a version with leftover text (also after the
 * revision: `1-r0-1`, `1-ruff`) is the older, whatever that text is. This reproduces what `apk version
 * -t` reports for the published cases and, unlike comparing invalid strings as plain strings outright,
 * stays transitive (sorting cannot depend on input order).
 */
import { compareNumbers, compareStrings, makeOrdering, normalizeDigits, type Ordering } from './shared.ts';

export interface AlpineVersion {
  original: string;
  /** Number components as written (leading zeros matter after the first). */
  numbers: string[];
  /** The same, canonical (`normalizeDigits`), for numeric comparison. */
  values: string[];
  letter: string;
  suffixes: { rank: number; number: string }[];
  revision: string;
  /** Text no rule accepted where the `-r` revision should start: the version is invalid. */
  invalid: boolean;
  /** Text left after all parts (after the revision, or the invalid tail); only its presence counts. */
  remainder: string;
}

const SUFFIX_RANK: Record<string, number> = {
  alpha: 0,
  beta: 1,
  pre: 2,
  rc: 3,
  cvs: 5,
  svn: 6,
  git: 7,
  hg: 8,
  p: 9,
};
const NO_SUFFIX = 4;

const NUMBERS = /^(?:[0-9]+\.?)*/;
const SUFFIX = /^_(alpha|beta|pre|rc|cvs|svn|git|hg|p)([0-9]*)/;
const HASH = /^~[0-9a-f]+/;
const REVISION = /^-r([0-9]*)/;

export function parse(version: string): AlpineVersion {
  const original = version.trim();
  let s = original;
  const numbersText = NUMBERS.exec(s)?.[0] ?? '';
  const numbers = numbersText === '' ? [] : numbersText.split('.');
  s = s.slice(numbersText.length);
  let letter = '';
  if (/^[a-z]/.test(s)) {
    letter = s.charAt(0);
    s = s.slice(1);
  }
  const suffixes: AlpineVersion['suffixes'] = [];
  for (let m = SUFFIX.exec(s); m !== null; m = SUFFIX.exec(s)) {
    suffixes.push({ rank: SUFFIX_RANK[m[1] as string] as number, number: normalizeDigits(m[2] as string) });
    s = s.slice(m[0].length);
  }
  s = s.slice(HASH.exec(s)?.[0].length ?? 0);
  let revision = '0';
  const r = REVISION.exec(s);
  if (r) {
    revision = normalizeDigits(r[1] as string);
    s = s.slice(r[0].length);
  }
  return {
    original,
    numbers,
    values: numbers.map(normalizeDigits),
    letter,
    suffixes,
    revision,
    invalid: r === null && s !== '',
    remainder: s,
  };
}

function compareNumberList(a: AlpineVersion, b: AlpineVersion): Ordering {
  const n = Math.max(a.numbers.length, b.numbers.length);
  for (let i = 0; i < n; i++) {
    const x = a.numbers[i] ?? '0';
    const y = b.numbers[i] ?? '0';
    // apk compares a later component with a leading zero as a string (`1.01` < `1.1`).
    const c =
      i > 0 && (x.startsWith('0') || y.startsWith('0'))
        ? compareStrings(x, y)
        : compareNumbers(a.values[i] ?? '0', b.values[i] ?? '0');
    if (c !== 0) return c;
  }
  return 0;
}

function compareSuffixes(a: AlpineVersion['suffixes'], b: AlpineVersion['suffixes']): Ordering {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? { rank: NO_SUFFIX, number: '0' };
    const y = b[i] ?? { rank: NO_SUFFIX, number: '0' };
    if (x.rank !== y.rank) return x.rank < y.rank ? -1 : 1;
    const c = compareNumbers(x.number, y.number);
    if (c !== 0) return c;
  }
  return 0;
}

export function compareParsed(a: AlpineVersion, b: AlpineVersion): Ordering {
  const c =
    compareNumberList(a, b) ||
    (a.letter === b.letter
      ? 0
      : a.letter === ''
        ? -1
        : b.letter === ''
          ? 1
          : compareStrings(a.letter, b.letter)) ||
    compareSuffixes(a.suffixes, b.suffixes) ||
    compareNumbers(a.revision, b.revision);
  if (c !== 0) return c;
  if (a.invalid && b.invalid) return compareStrings(a.original, b.original);
  return (a.remainder === '') === (b.remainder === '') ? 0 : a.remainder === '' ? 1 : -1;
}

export const isValid = (version: string): boolean => {
  const v = parse(version);
  return v.remainder === '' && v.numbers.length > 0 && !v.numbers.includes('');
};

export const alpineOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = alpineOrdering.compare;
