/**
 * Debian (and Ubuntu) package versions, as dpkg orders them (`dpkg --compare-versions`, deb-version(7)).
 *
 * `[epoch:]upstream[-revision]`: the epoch is the digits before the first `:` (default 0), the revision
 * what follows the last `-` (absent = `0`, so `1.0` = `1.0-0`). Upstream and revision compare with
 * dpkg's `verrevcmp`: alternately a non-digit run, character by character with `~` before everything
 * (even the end of the string), then letters, then other characters; and a digit run by numeric value.
 *
 * dpkg rejects some strings (no leading digit, a non-numeric epoch, odd characters); they are still
 * ordered by the same rules, with a non-numeric "epoch" left inside the upstream part. Never throws.
 */
import {
  compareDigitStrings,
  isDigitCode,
  makeOrdering,
  normalizeDigits,
  compareNumbers,
  type Ordering,
  sign,
} from './shared.ts';

export interface DebianVersion {
  epoch: string;
  upstream: string;
  revision: string;
}

export function parse(version: string): DebianVersion {
  let s = version.trim();
  let epoch = '0';
  const colon = s.indexOf(':');
  if (colon > 0 && /^[0-9]+$/.test(s.slice(0, colon))) {
    epoch = normalizeDigits(s.slice(0, colon));
    s = s.slice(colon + 1);
  }
  const dash = s.lastIndexOf('-');
  return dash >= 0
    ? { epoch, upstream: s.slice(0, dash), revision: s.slice(dash + 1) }
    : { epoch, upstream: s, revision: '' };
}

const TILDE = 126;

/** dpkg's `order()`: `~` < end of string < letters < everything else. */
function order(code: number): number {
  if (Number.isNaN(code) || isDigitCode(code)) return 0;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return code;
  if (code === TILDE) return -1;
  return code + 256;
}

/** dpkg's `verrevcmp`. */
export function verrevcmp(a: string, b: string): Ordering {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (
      (i < a.length && !isDigitCode(a.charCodeAt(i))) ||
      (j < b.length && !isDigitCode(b.charCodeAt(j)))
    ) {
      const c = order(a.charCodeAt(i)) - order(b.charCodeAt(j));
      if (c !== 0) return sign(c);
      i++;
      j++;
    }
    const si = i;
    const sj = j;
    while (i < a.length && isDigitCode(a.charCodeAt(i))) i++;
    while (j < b.length && isDigitCode(b.charCodeAt(j))) j++;
    const c = compareDigitStrings(a.slice(si, i), b.slice(sj, j));
    if (c !== 0) return c;
  }
  return 0;
}

export const compareParsed = (a: DebianVersion, b: DebianVersion): Ordering =>
  compareNumbers(a.epoch, b.epoch) || verrevcmp(a.upstream, b.upstream) || verrevcmp(a.revision, b.revision);

/** deb-version(7): upstream starts with a digit and uses only `[A-Za-z0-9.+~-]` (`-` only with a revision). */
const DEBIAN = /^(?:[0-9]+:)?[0-9][A-Za-z0-9.+~:-]*$/;

export const isValid = (version: string): boolean => DEBIAN.test(version.trim());

export const debianOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = debianOrdering.compare;
