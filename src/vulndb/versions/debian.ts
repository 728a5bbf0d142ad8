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
import { isDigitCode, makeOrdering, normalizeDigits, compareNumbers, type Ordering } from './shared.ts';

/**
 * Upstream and revision are kept as their alternating runs (non-digits, digits, non-digits, …; the
 * first run may be empty, digit runs canonical), so that a comparison never re-scans or allocates.
 */
export interface DebianVersion {
  epoch: string;
  upstream: string[];
  revision: string[];
}

function runs(part: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < part.length) {
    const start = i;
    while (i < part.length && !isDigitCode(part.charCodeAt(i))) i++;
    out.push(part.slice(start, i));
    const digits = i;
    while (i < part.length && isDigitCode(part.charCodeAt(i))) i++;
    if (i > digits) out.push(normalizeDigits(part.slice(digits, i)));
  }
  return out;
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
    ? { epoch, upstream: runs(s.slice(0, dash)), revision: runs(s.slice(dash + 1)) }
    : { epoch, upstream: runs(s), revision: [] };
}

const TILDE = 126;

/** dpkg's `order()`: `~` < end of string (or a digit) < letters < everything else. */
function order(code: number): number {
  if (Number.isNaN(code) || isDigitCode(code)) return 0;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return code;
  if (code === TILDE) return -1;
  return code + 256;
}

function compareNonDigits(a: string, b: string): Ordering {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = order(a.charCodeAt(i)) - order(b.charCodeAt(i));
    if (c !== 0) return c < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * dpkg's `verrevcmp` over pre-split runs: non-digit runs character by character (a shorter run meets
 * the end, order 0), digit runs by value (a missing run is 0).
 */
export function verrevcmp(a: string[], b: string[]): Ordering {
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const c =
      k % 2 === 0 ? compareNonDigits(a[k] ?? '', b[k] ?? '') : compareNumbers(a[k] ?? '0', b[k] ?? '0');
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
