/**
 * Maven versions, as the POM reference's "Version Order Specification" describes ComparableVersion.
 *
 * Tokens: the version is split at `.` and `-` and at every digit/non-digit transition; each token keeps
 * the separator before it (a transition counts as `-`). Empty tokens are `0`. Case-insensitive; `cr` is
 * `rc`; `ga`, `final`, `release` are the empty (release) qualifier; `a`, `b`, `m` directly followed by a
 * digit are `alpha`, `beta`, `milestone`. Trailing null tokens (`0`, ``) are trimmed at the end and
 * before every remaining `-`.
 *
 * Comparison: token by token, the shorter side padded with null tokens carrying the other side's
 * separator. Same separator: numbers by value; a number beats a qualifier; qualifiers in the order
 * alpha < beta < milestone < rc < snapshot < "" < sp < anything else (lexically). Different separators:
 * `.qualifier` < `-qualifier` < `-number` < `.number`. Any string is a valid Maven version.
 *
 * This is the specification the published fixtures pin (as osv.dev and osv-scalibr implement it). Maven's
 * own ComparableVersion differs in corners: 3.8.7 and 3.9.6 both answer `1-1` > `1-ga-1` (the fixtures
 * say `=`) and `2.0.0.RC1` = `2.0.0-RC1` (here `>`). Against Maven 3.9.6 on 4,000 random realistic pairs,
 * 5 differ, all mixing unknown qualifiers with nulls: `0jre` vs `0.GA.2`, `0.SNAPSHOT.10` vs `0-redhat`,
 * `1.0milestone-10` vs `1.redhat10`, `0.redhat1` vs `0.GA.1`, `2.v20230217-10` vs `2-redhat.10-SNAPSHOT`.
 */
import { compareNumbers, compareStrings, makeOrdering, normalizeDigits, type Ordering } from './shared.ts';

export interface MavenToken {
  /** `.` or `-` (the first token counts as `.`). */
  separator: string;
  numeric: boolean;
  /** Canonical digits, or the normalised qualifier. */
  value: string;
}

export type MavenVersion = MavenToken[];

const ALIASES: Record<string, string> = { cr: 'rc', ga: '', final: '', release: '' };
const SHORT_BEFORE_DIGIT: Record<string, string> = { a: 'alpha', b: 'beta', m: 'milestone' };
const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];

function token(separator: string, text: string, followedByDigit: boolean): MavenToken {
  if (text === '' || /^[0-9]+$/.test(text)) return { separator, numeric: true, value: normalizeDigits(text) };
  const aliased = ALIASES[text] ?? text;
  const value = followedByDigit ? (SHORT_BEFORE_DIGIT[aliased] ?? aliased) : aliased;
  return { separator, numeric: false, value };
}

const isNull = (t: MavenToken): boolean => t.value === (t.numeric ? '0' : '');

function tokenize(version: string): MavenVersion {
  const tokens: MavenVersion = [];
  const pieces = version
    .trim()
    .toLowerCase()
    .split(/([.-])/);
  for (let p = 0; p < pieces.length; p += 2) {
    const separator = p === 0 ? '.' : (pieces[p - 1] as string);
    // Split at digit/non-digit transitions; the later parts are separated by an implied `-`.
    const runs = (pieces[p] as string).match(/[0-9]+|[^0-9]+/g) ?? [''];
    runs.forEach((run, r) => tokens.push(token(r === 0 ? separator : '-', run, r < runs.length - 1)));
  }
  return tokens;
}

/** Removes null tokens at the end and before each `-` token, walking from the end (the first stays). */
function trim(tokens: MavenVersion): MavenVersion {
  let i = tokens.length - 1;
  while (i > 0) {
    if (isNull(tokens[i] as MavenToken)) {
      tokens.splice(i, 1);
      i--;
      continue;
    }
    while (i >= 0 && (tokens[i] as MavenToken).separator !== '-') i--;
    i--;
  }
  return tokens;
}

export const parse = (version: string): MavenVersion => trim(tokenize(version));

function qualifierRank(value: string): number {
  const i = QUALIFIERS.indexOf(value);
  return i < 0 ? QUALIFIERS.length : i;
}

function compareSameSeparator(a: MavenToken, b: MavenToken, padded: boolean): Ordering {
  if (a.numeric && b.numeric) return compareNumbers(a.value, b.value);
  // A padding null is 0 against a number and the release qualifier "" against a qualifier.
  const aNumber = a.numeric && !(padded && isNull(a));
  const bNumber = b.numeric && !(padded && isNull(b));
  if (aNumber !== bNumber) return aNumber ? 1 : -1;
  const x = a.numeric ? '' : a.value;
  const y = b.numeric ? '' : b.value;
  const rx = qualifierRank(x);
  const ry = qualifierRank(y);
  if (rx !== ry) return rx < ry ? -1 : 1;
  return rx === QUALIFIERS.length ? compareStrings(x, y) : 0;
}

/** `.qualifier` < `-qualifier` < `-number` < `.number`. */
const separatorRank = (t: MavenToken): number =>
  t.numeric ? (t.separator === '-' ? 2 : 3) : t.separator === '-' ? 1 : 0;

export function compareParsed(a: MavenVersion, b: MavenVersion): Ordering {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    const left = x ?? nullLike(y as MavenToken);
    const right = y ?? nullLike(x as MavenToken);
    let c: Ordering;
    if (left.separator === right.separator)
      c = compareSameSeparator(left, right, x === undefined || y === undefined);
    else
      c =
        separatorRank(left) < separatorRank(right) ? -1 : separatorRank(left) > separatorRank(right) ? 1 : 0;
    if (c !== 0) return c;
  }
  return 0;
}

/** The padding token facing `t`: 0 after a `.`, the release qualifier after a `-`. */
const nullLike = (t: MavenToken): MavenToken =>
  t.separator === '.'
    ? { separator: '.', numeric: true, value: '0' }
    : { separator: '-', numeric: false, value: '' };

export const isValid = (version: string): boolean => version.trim().length > 0;

export const mavenOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = mavenOrdering.compare;
