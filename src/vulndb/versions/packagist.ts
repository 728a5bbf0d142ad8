/**
 * Packagist (Composer) versions: PHP's `version_compare` after Composer's trimming of a leading `v`/`V`.
 *
 * Canonical form: `-`, `_`, `+` become `.`, and a `.` is inserted wherever digits meet non-digits
 * (`1.0rc1` → `1.0.rc.1`). Parts then compare pairwise: numbers by value (at any length, where PHP's
 * `strtol` would saturate), words by their special form, found by prefix and case-sensitively as PHP does:
 * `dev` < `alpha`/`a` < `beta`/`b` < `RC`/`rc` < `#` < `pl`/`p`, any other word below `dev`. A number
 * against a word counts as `#` (so `1.2.3.#` = `1.2.3.1`). When one side runs out, a remaining number
 * makes it newer and a remaining word is compared with `#` (so `1.0` > `1.0rc1` but `1.0` < `1.0pl1`).
 * Composer stability flags such as `dev-main` are plain words here (below every release). Never throws.
 */
import { compareNumbers, isDigitCode, makeOrdering, normalizeDigits, type Ordering, sign } from './shared.ts';

/** Canonical parts; numbers are canonical digit strings, words keep their text. */
export interface PackagistVersion {
  parts: string[];
  numeric: boolean[];
}

function canonicalize(version: string): string {
  const s = version.trim().replace(/^[vV]/, '');
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (ch === '-' || ch === '_' || ch === '+') {
      if (!out.endsWith('.')) out += '.';
      continue;
    }
    const prev = out.charCodeAt(out.length - 1);
    const code = s.charCodeAt(i);
    if (out.length > 0 && ch !== '.' && prev !== 46 && isDigitCode(prev) !== isDigitCode(code)) out += '.';
    out += ch;
  }
  return out;
}

export function parse(version: string): PackagistVersion {
  const parts = canonicalize(version).split('.');
  const numeric = parts.map((p) => /^[0-9]+$/.test(p));
  return { parts: parts.map((p, i) => (numeric[i] ? normalizeDigits(p) : p)), numeric };
}

const SPECIAL_FORMS: [string, number][] = [
  ['dev', 0],
  ['alpha', 1],
  ['a', 1],
  ['beta', 2],
  ['b', 2],
  ['RC', 3],
  ['rc', 3],
  ['#', 4],
  ['pl', 5],
  ['p', 5],
];

function specialForm(word: string): number {
  for (const [name, order] of SPECIAL_FORMS) if (word.startsWith(name)) return order;
  return -1;
}

const NUMBER_FORM = specialForm('#');

function compareParts(a: PackagistVersion, from: number, b: PackagistVersion, bFrom: number): Ordering {
  const n = Math.min(a.parts.length - from, b.parts.length - bFrom);
  for (let k = 0; k < n; k++) {
    const i = from + k;
    const j = bFrom + k;
    const x = a.parts[i] as string;
    const y = b.parts[j] as string;
    let c: Ordering;
    if (a.numeric[i] && b.numeric[j]) c = compareNumbers(x, y);
    else {
      const fx = a.numeric[i] ? NUMBER_FORM : specialForm(x);
      const fy = b.numeric[j] ? NUMBER_FORM : specialForm(y);
      c = sign(fx - fy);
    }
    if (c !== 0) return c;
  }
  const restA = a.parts.length - from - n;
  const restB = b.parts.length - bFrom - n;
  if (restA > 0) return a.numeric[from + n] ? 1 : compareParts(a, from + n, NUMBER_VERSION, 0);
  if (restB > 0) return b.numeric[bFrom + n] ? -1 : compareParts(NUMBER_VERSION, 0, b, bFrom + n);
  return 0;
}

/** PHP compares a leftover tail with `#N#`, a single word of the `#` form. */
const NUMBER_VERSION: PackagistVersion = { parts: ['#N#'], numeric: [false] };

export const compareParsed = (a: PackagistVersion, b: PackagistVersion): Ordering => compareParts(a, 0, b, 0);

/** Composer's accepted shapes: numbered versions with an optional stability suffix, or `dev-<branch>`. */
const COMPOSER =
  /^v?\d+(\.\d+){0,3}([-._]?(stable|beta|b|rc|alpha|a|patch|pl|p)([.-]?\d+)*)?([.-]?dev)?(\+[0-9A-Za-z.-]+)?$|^dev-\S+$/i;

export const isValid = (version: string): boolean => COMPOSER.test(version.trim());

export const packagistOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = packagistOrdering.compare;
