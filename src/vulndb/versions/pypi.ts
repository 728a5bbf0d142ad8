/**
 * PyPI versions: PEP 440 as pip's `packaging` orders them.
 *
 * Valid versions are parsed by `@renovatebot/pep440` (normalisation of spellings such as `1.0.alpha`,
 * `1.0-1`, `1.0.rev2`) and ordered by `packaging.version.Version._key`, computed once per parse.
 *
 * Strings PEP 440 rejects (`0.1-bulbasaur`, `2004d`) still appear in old advisories and in package
 * indexes. They are ordered as `packaging` < 22 did with its `LegacyVersion`: all of them before every
 * valid version, and among themselves by setuptools' historical key. This never throws.
 */
import { parse as parsePep440, valid } from '@renovatebot/pep440';

import {
  compareNumbers,
  compareStrings,
  makeOrdering,
  normalizeDigits,
  type Ordering,
  sign,
} from './shared.ts';

interface Pep440Key {
  legacy: false;
  /** Canonical digit strings: the library reads them with `Number`, which is exact only below 2^53. */
  epoch: string;
  release: string[];
  /** Pre-release rank: -Infinity (a dev release of a final), 0 a, 1 b, 2 rc, Infinity (none). */
  preRank: number;
  preNumber: number;
  /** -Infinity when absent. */
  post: number;
  /** Infinity when absent. */
  dev: number;
  /** Absent local sorts first; numeric segments after alphanumeric ones. */
  local: (string | number)[] | null;
}

interface LegacyKey {
  legacy: true;
  parts: string[];
}

export type PypiVersion = Pep440Key | LegacyKey;

const PRE_RANK: Record<string, number> = { a: 0, b: 1, rc: 2 };

type Segment = [string, number] | null;

function pep440Key(version: string): Pep440Key | null {
  const parsed = parsePep440(version.trim()) as {
    epoch: number;
    release: number[];
    pre: Segment;
    post: Segment;
    dev: Segment;
    local: (string | number)[] | null;
  } | null;
  if (!parsed) return null;
  const { pre, post, dev } = parsed;
  // packaging sorts 1.0.dev0 before 1.0a0 by giving a bare dev release the lowest pre-release.
  const preRank = pre ? (PRE_RANK[pre[0]] ?? 0) : !post && dev ? -Infinity : Infinity;
  return {
    legacy: false,
    ...exactNumbers(version),
    preRank,
    preNumber: pre ? pre[1] : 0,
    post: post ? post[1] : -Infinity,
    dev: dev ? dev[1] : Infinity,
    local: parsed.local,
  };
}

/** Epoch and release segment as written, from a string the library has already accepted. */
function exactNumbers(version: string): { epoch: string; release: string[] } {
  const m = /^\s*v?(?:([0-9]+)!)?([0-9]+(?:\.[0-9]+)*)/i.exec(version);
  return {
    epoch: normalizeDigits(m?.[1] ?? '0'),
    release: (m?.[2] ?? '0').split('.').map(normalizeDigits),
  };
}

const LEGACY_REPLACEMENTS: Record<string, string> = {
  pre: 'c',
  preview: 'c',
  '-': 'final-',
  rc: 'c',
  dev: '@',
};

/** setuptools' `_legacy_cmpkey`: numbers zero-padded to 8, words prefixed with `*`. */
function legacyKey(version: string): LegacyKey {
  const parts: string[] = [];
  const pieces = [...version.toLowerCase().split(/(\d+|[a-z]+|\.|-)/), '*final'];
  for (const piece of pieces) {
    const mapped = LEGACY_REPLACEMENTS[piece] ?? piece;
    if (mapped === '' || mapped === '.') continue;
    const part =
      mapped === '*final' ? mapped : /^[0-9]/.test(mapped) ? mapped.padStart(8, '0') : `*${mapped}`;
    if (part.startsWith('*')) {
      // A pre-release tag drops the `-` before it; trailing zeros of each numeric series are dropped.
      if (part < '*final') while (parts.at(-1) === '*final-') parts.pop();
      while (parts.at(-1) === '00000000') parts.pop();
    }
    parts.push(part);
  }
  return { legacy: true, parts };
}

export const parse = (version: string): PypiVersion => pep440Key(version) ?? legacyKey(version);

const compareNumber = (a: number, b: number): Ordering => (a === b ? 0 : a < b ? -1 : 1);

function compareRelease(a: string[], b: string[]): Ordering {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareNumbers(a[i] ?? '0', b[i] ?? '0');
    if (c !== 0) return c;
  }
  return 0;
}

/** PEP 440 local segments: alphanumeric < numeric, numbers by value, strings lexically, shorter first. */
function compareLocal(a: (string | number)[] | null, b: (string | number)[] | null): Ordering {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (typeof x !== typeof y) return typeof x === 'number' ? 1 : -1;
    const c = typeof x === 'number' ? compareNumber(x, y as number) : compareStrings(x, y as string);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

function compareLegacy(a: string[], b: string[]): Ordering {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareStrings(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

export function compareParsed(a: PypiVersion, b: PypiVersion): Ordering {
  if (a.legacy || b.legacy) {
    if (a.legacy && b.legacy) return compareLegacy(a.parts, b.parts);
    return a.legacy ? -1 : 1;
  }
  return (
    compareNumbers(a.epoch, b.epoch) ||
    compareRelease(a.release, b.release) ||
    compareNumber(a.preRank, b.preRank) ||
    compareNumber(a.preNumber, b.preNumber) ||
    compareNumber(a.post, b.post) ||
    compareNumber(a.dev, b.dev) ||
    compareLocal(a.local, b.local)
  );
}

export const isValid = (version: string): boolean => valid(version.trim()) !== null;

export const pypiOrdering = makeOrdering(parse, compareParsed, isValid);

export const compare = pypiOrdering.compare;
