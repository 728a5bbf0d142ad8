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

/**
 * The segments `rpmvercmp` walks, pre-split so that comparing never re-scans: `~`, `^`, a digit run
 * (canonical) or a letter run; separators are dropped (rpm skips them and only their absence of
 * meaning matters).
 */
export type RpmSegments = string[];

export interface RpmVersion {
  epoch: string;
  version: RpmSegments;
  /** `null` when the string has no `-`. */
  release: RpmSegments | null;
}

const isLetterCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const TILDE = 126;
const CARET = 94;

function segments(part: string): RpmSegments {
  const out: RpmSegments = [];
  let i = 0;
  while (i < part.length) {
    const c = part.charCodeAt(i);
    if (c === TILDE || c === CARET) {
      out.push(part[i] as string);
      i++;
      continue;
    }
    const run = isDigitCode(c) ? isDigitCode : isLetterCode(c) ? isLetterCode : null;
    if (run === null) {
      i++;
      continue;
    }
    const start = i;
    while (i < part.length && run(part.charCodeAt(i))) i++;
    const text = part.slice(start, i);
    out.push(run === isDigitCode ? normalizeDigits(text) : text);
  }
  return out;
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
    ? { epoch, version: segments(s.slice(0, dash)), release: segments(s.slice(dash + 1)) }
    : { epoch, version: segments(s), release: null };
}

const isDigitSegment = (segment: string): boolean => isDigitCode(segment.charCodeAt(0));

/** rpm's `rpmvercmp` (lib/rpmvercmp.c) over pre-split segments. */
export function rpmvercmp(a: RpmSegments, b: RpmSegments): Ordering {
  for (let k = 0; ; k++) {
    const x = a[k];
    const y = b[k];
    // `~` sorts before anything, even the end of the string.
    if (x === '~' || y === '~') {
      if (x !== y) return x === '~' ? -1 : 1;
      continue;
    }
    // `^` sorts after the end of the string but before anything else.
    if (x === '^' || y === '^') {
      if (x === undefined) return -1;
      if (y === undefined) return 1;
      if (x !== y) return x === '^' ? -1 : 1;
      continue;
    }
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? -1 : 1;
    const digits = isDigitSegment(x);
    // A digit run is newer than a letter run.
    if (digits !== isDigitSegment(y)) return digits ? 1 : -1;
    const c = digits ? compareNumbers(x, y) : compareStrings(x, y);
    if (c !== 0) return c;
  }
}

export function compareParsed(a: RpmVersion, b: RpmVersion): Ordering {
  const c = compareNumbers(a.epoch, b.epoch) || rpmvercmp(a.version, b.version);
  if (c !== 0) return c;
  if (a.release === null || b.release === null) {
    return a.release === b.release ? 0 : a.release === null ? -1 : 1;
  }
  return rpmvercmp(a.release, b.release);
}

const RPM = /^(?:[0-9]+:)?[A-Za-z0-9._+~^]+(?:-[A-Za-z0-9._+~^]+)?$/;

export const isValid = (version: string): boolean => RPM.test(version.trim());

export const rpmOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = rpmOrdering.compare;
