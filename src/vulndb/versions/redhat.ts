/**
 * RPM versions (Red Hat, AlmaLinux, Rocky Linux, SUSE, openSUSE, Mageia): `rpmvercmp` over
 * `[epoch:]version[-release]`.
 *
 * The epoch is the part before the first `:` only when it is all digits (default 0); otherwise the colon
 * belongs to the version (module streams such as `1.module+el9.4.0+…:1`). The release is what follows
 * the first `-` of the rest; a version with a release (even an empty one, `1-`) sorts after the same
 * version without one. `rpmvercmp`: separators (anything but letters, digits, `~`, `^`) are skipped;
 * `~` sorts before everything, `^` after the end of the string but before anything else; digit runs
 * compare by value and beat letter runs; letter runs compare by bytes. Non-ASCII characters are
 * separators, as in rpm. Never throws.
 */
import {
  isDigitCode,
  makeOrdering,
  normalizeDigits,
  type Ordering,
  compareNumbers,
  compareStrings,
} from './shared.ts';

export interface RpmVersion {
  epoch: string;
  version: string;
  /** `null` when the string has no `-`. */
  release: string | null;
}

export function parse(input: string): RpmVersion {
  let s = input.trim();
  let epoch = '0';
  const colon = s.indexOf(':');
  if (colon >= 0 && /^[0-9]*$/.test(s.slice(0, colon))) {
    epoch = normalizeDigits(s.slice(0, colon));
    s = s.slice(colon + 1);
  }
  const dash = s.indexOf('-');
  return dash >= 0
    ? { epoch, version: s.slice(0, dash), release: s.slice(dash + 1) }
    : { epoch, version: s, release: null };
}

const isLetterCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const TILDE = 126;
const CARET = 94;

function skipSeparators(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isDigitCode(c) || isLetterCode(c) || c === TILDE || c === CARET) break;
    i++;
  }
  return i;
}

/** rpm's `rpmvercmp` (lib/rpmvercmp.c). */
export function rpmvercmp(a: string, b: string): Ordering {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  for (;;) {
    i = skipSeparators(a, i);
    j = skipSeparators(b, j);
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (ca === TILDE || cb === TILDE) {
      if (ca !== TILDE) return 1;
      if (cb !== TILDE) return -1;
      i++;
      j++;
      continue;
    }
    if (ca === CARET || cb === CARET) {
      if (i === a.length) return -1;
      if (j === b.length) return 1;
      if (ca !== CARET) return 1;
      if (cb !== CARET) return -1;
      i++;
      j++;
      continue;
    }
    if (i === a.length || j === b.length) break;
    const digits = isDigitCode(ca);
    const run = digits ? isDigitCode : isLetterCode;
    const si = i;
    const sj = j;
    while (i < a.length && run(a.charCodeAt(i))) i++;
    while (j < b.length && run(b.charCodeAt(j))) j++;
    // A digit run beats a letter run; a letter run loses to a digit run.
    if (sj === j) return digits ? 1 : -1;
    const c = digits
      ? compareNumbers(normalizeDigits(a.slice(si, i)), normalizeDigits(b.slice(sj, j)))
      : compareStrings(a.slice(si, i), b.slice(sj, j));
    if (c !== 0) return c;
  }
  if (i === a.length && j === b.length) return 0;
  return i === a.length ? -1 : 1;
}

export function compareParsed(a: RpmVersion, b: RpmVersion): Ordering {
  const c = compareNumbers(a.epoch, b.epoch) || rpmvercmp(a.version, b.version);
  if (c !== 0) return c;
  if (a.release === null || b.release === null)
    return a.release === b.release ? 0 : a.release === null ? -1 : 1;
  return rpmvercmp(a.release, b.release);
}

const RPM = /^(?:[0-9]+:)?[A-Za-z0-9._+~^]+(?:-[A-Za-z0-9._+~^]+)?$/;

export const isValid = (version: string): boolean => RPM.test(version.trim());

export const rpmOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = rpmOrdering.compare;
