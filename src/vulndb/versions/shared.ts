/**
 * Building blocks shared by the per-ecosystem version orderings.
 *
 * Every ordering is a pure function over strings: it never throws, whatever the input. Numbers inside
 * versions are kept as decimal digit strings (never `Number`), because real versions carry components
 * such as `20190126230843` or 30-digit build numbers that a double cannot hold exactly.
 */

export type Ordering = -1 | 0 | 1;

/**
 * One ecosystem's ordering. `parse` once and `compareParsed` many times when the same version is compared
 * repeatedly (matching compares one component version against every range event of every advisory).
 * Methods (not function properties) so that an ordering of any parsed type fits `VersionOrdering<unknown>`.
 */
export interface VersionOrdering<P> {
  parse(version: string): P;
  compareParsed(a: P, b: P): Ordering;
  compare(a: string, b: string): Ordering;
  /** Whether the ecosystem's own tooling accepts the string; invalid strings are still ordered. */
  isValid(version: string): boolean;
}

export const sign = (n: number): Ordering => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Plain code-unit order (C `strcmp`, Go `strings.Compare`, Python `str` comparison for ASCII). */
export const compareStrings = (a: string, b: string): Ordering => (a < b ? -1 : a > b ? 1 : 0);

const ZERO = 48;
const NINE = 57;

export const isDigitCode = (c: number): boolean => c >= ZERO && c <= NINE;

export const isAsciiDigits = (s: string): boolean => s.length > 0 && /^[0-9]+$/.test(s);

/** `007` → `7`, `000` → `0`, `` → `0`. The canonical form `compareNumbers` expects. */
export function normalizeDigits(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === ZERO) i++;
  return digits.length === 0 ? '0' : digits.slice(i);
}

/** Compares two canonical digit strings (see `normalizeDigits`) numerically, at any length. */
export function compareNumbers(a: string, b: string): Ordering {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return compareStrings(a, b);
}

/** Compares two digit strings that may carry leading zeros. */
export const compareDigitStrings = (a: string, b: string): Ordering =>
  compareNumbers(normalizeDigits(a), normalizeDigits(b));

/** Wraps a parse + compareParsed pair into a full ordering. */
export function makeOrdering<P>(
  parse: (version: string) => P,
  compareParsed: (a: P, b: P) => Ordering,
  isValid: (version: string) => boolean,
): VersionOrdering<P> {
  return {
    parse,
    compareParsed,
    compare: (a, b) => compareParsed(parse(a), parse(b)),
    isValid,
  };
}
