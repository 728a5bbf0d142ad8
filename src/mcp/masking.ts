/**
 * The one place where tool results are masked (docs/contract.md, Tool server): every structured result and every text block
 * passes through here before it leaves the tool server. E-mail addresses anywhere in any string become first
 * character + `***@` + domain; values under person-name keys become `[redacted]`. Ids are left as they are.
 */

/** Keys under which domains put person names (the governance engineer emits names only under these). */
export const PERSON_NAME_KEYS: readonly string[] = [
  'displayName',
  'fullName',
  'ownerName',
  'managerName',
  'reviewerName',
  'holderName',
  'actorName',
  'requesterName',
];

export const REDACTED = '[redacted]';

const NAME_KEYS = new Set(PERSON_NAME_KEYS);

// Scanned by hand, not with a regular expression: a backtracking pattern re-reads the local part from every
// start position, so 2 KB of `aaaa…a@-` cost ~2M steps and one 1 MB string froze the server. Here each '@'
// looks back only as far as the previous '@' (or the end of the previous address) and forward only to the next
// character that cannot continue a domain, so every character is read a bounded number of times.
const isAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
// `*` is not a local-part character, so already-masked text stays unchanged (masking is idempotent).
const isLocal = (c: number): boolean =>
  isAlnum(c) ||
  c === 46 /* . */ ||
  c === 95 /* _ */ ||
  c === 37 /* % */ ||
  c === 43 /* + */ ||
  c === 45; /* - */
const QUOTE = 34;
const AT = 64;
/** A quoted local part (`"x y"@…`) or an address literal (`…@[10.0.0.1]`) is at most this long (RFC 5321). */
const MAX_QUOTED = 64;

/** Start of the local part that ends just before `at`, not reaching back before `floor`; -1 when there is none. */
function localStart(text: string, at: number, floor: number): number {
  if (at - 1 >= floor && text.charCodeAt(at - 1) === QUOTE) {
    // "x y"@host: the opening quote, on the same line and within MAX_QUOTED characters.
    const limit = Math.max(floor, at - 1 - MAX_QUOTED);
    for (let i = at - 2; i >= limit; i--) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) return i < at - 2 ? i : -1;
      if (c === 10 || c === 13 || c === AT) return -1;
    }
    return -1;
  }
  let i = at;
  while (i > floor && isLocal(text.charCodeAt(i - 1))) i--;
  return i < at ? i : -1;
}

/** End (exclusive) of the domain that starts at `from`, or -1: dot-separated labels, or a bracketed literal. */
function domainEnd(text: string, from: number): number {
  if (text.charCodeAt(from) === 91 /* [ */) {
    const limit = Math.min(text.length, from + MAX_QUOTED);
    for (let i = from + 1; i < limit; i++) {
      const c = text.charCodeAt(i);
      if (c === 93 /* ] */) return i > from + 1 ? i + 1 : -1;
      if (!(isAlnum(c) || c === 46 || c === 58 /* : */)) return -1;
    }
    return -1;
  }
  // Labels of letters, digits and inner hyphens; a trailing '.' or '-' is not part of the domain.
  let end = -1;
  let i = from;
  for (;;) {
    if (!isAlnum(text.charCodeAt(i))) return end;
    let lastAlnum = i;
    i++;
    for (let c = text.charCodeAt(i); isAlnum(c) || c === 45; c = text.charCodeAt(++i))
      if (c !== 45) lastAlnum = i;
    end = lastAlnum + 1;
    if (i !== end || text.charCodeAt(i) !== 46) return end;
    i++;
  }
}

/** How far back a purl's `pkg:` is looked for: type, namespace and name of real purls fit well within it. */
const MAX_PURL_PREFIX = 300;

/**
 * Whether the local part starting at `start` is a package URL's name (`pkg:pypi/jinja2@2.10`): its '@' is the
 * version separator, not an address, and masking it would break the identifier the supply-chain tools return.
 */
function inPurl(text: string, start: number): boolean {
  // A purl's name follows a '/'; the scan back stops at the previous '@', so no character is read twice.
  if (text.charCodeAt(start - 1) !== 47 /* / */) return false;
  const limit = Math.max(0, start - MAX_PURL_PREFIX);
  let i = start;
  while (i > limit) {
    const c = text.charCodeAt(i - 1);
    if (
      c <= 32 ||
      c === AT ||
      c === QUOTE ||
      c === 39 ||
      c === 44 ||
      c === 40 ||
      c === 91 ||
      c === 123 ||
      c === 60
    )
      break;
    i--;
  }
  return text.startsWith('pkg:', i);
}

export function maskEmails(text: string): string {
  let at = text.indexOf('@');
  if (at < 0) return text;
  let out = '';
  let copied = 0; // text before this index is in `out` already
  let floor = 0; // end of the previous address: the next local part starts after it
  while (at >= 0) {
    const start = localStart(text, at, floor);
    const end = start < 0 || inPurl(text, start) ? -1 : domainEnd(text, at + 1);
    if (end < 0) {
      at = text.indexOf('@', at + 1);
      continue;
    }
    // The '@' and the domain are copied with the next slice: two pieces per address, not three (an address
    // every 4 characters of 1 MB: 98 → 43 ms).
    out += text.slice(copied, start + 1) + '***';
    copied = at;
    floor = end;
    at = text.indexOf('@', end);
  }
  return out + text.slice(copied);
}

const matchers = new Map<string, RegExp | undefined>();

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Free text can mention people by name too (a risk description, a vendor note). Names known to belong to
 * people of the organisation (workspace users' display names) are redacted wherever they appear; names shorter
 * than 3 characters are left alone so that they do not redact ordinary words.
 */
function nameMatcher(names: readonly string[]): RegExp | undefined {
  if (names.length === 0) return undefined;
  // The same organisation asks again and again: reuse its compiled pattern (bounded, oldest dropped first).
  const key = names.join('\u0000');
  if (matchers.has(key)) return matchers.get(key);
  const matcher = compileNames(names);
  if (matchers.size >= 500) matchers.delete(matchers.keys().next().value!);
  matchers.set(key, matcher);
  return matcher;
}

/** Names as a tree of words: names that share their first words share one branch of the pattern. */
interface WordNode {
  words: Map<string, { word: string; ends: boolean; next: WordNode }>;
}

function compileNames(names: readonly string[]): RegExp | undefined {
  const root: WordNode = { words: new Map() };
  for (const name of names) {
    const words = name.trim().split(/\s+/);
    if (words.join(' ').length < 3) continue;
    let node = root;
    words.forEach((word, i) => {
      const key = word.toLowerCase(); // the pattern ignores case, so "Alice" and "alice" are one branch
      let branch = node.words.get(key);
      if (!branch) node.words.set(key, (branch = { word, ends: false, next: { words: new Map() } }));
      if (i === words.length - 1) branch.ends = true;
      node = branch.next;
    });
  }
  if (root.words.size === 0) return undefined;
  // Words may be separated by any run of white space in the text ("Alice  Wong", a line break). The run is
  // taken atomically (`(?=(\s+))\N`: JavaScript has no possessive quantifier) and once per shared prefix, so a
  // first name followed by 1 MB of blanks costs one read of the blanks, not one per blank or per name.
  let group = 0;
  const alternatives = (node: WordNode): string =>
    [...node.words.values()]
      .sort((a, b) => b.word.length - a.word.length)
      .map(({ word, ends, next }) => {
        if (next.words.size === 0) return escapeRegExp(word);
        const rest = `(?:(?=(\\s+))(?:\\${++group})(?:${alternatives(next)}))`;
        return `${escapeRegExp(word)}${rest}${ends ? '?' : ''}`;
      })
      .join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives(root)})(?![\\p{L}\\p{N}])`, 'giu');
}

function maskString(text: string, names: RegExp | undefined): string {
  const masked = maskEmails(text);
  return names ? masked.replace(names, REDACTED) : masked;
}

function walk(value: unknown, names: RegExp | undefined, dropNulls: boolean): unknown {
  if (typeof value === 'string') return maskString(value, names);
  if (Array.isArray(value)) return value.map((v) => walk(v, names, dropNulls));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (dropNulls && item === null) continue;
    out[maskString(key, names)] =
      NAME_KEYS.has(key) && item !== null && item !== undefined ? REDACTED : walk(item, names, dropNulls);
  }
  return out;
}

/** A masked deep copy of a JSON-like value (the input is not changed); `personNames` are redacted anywhere. */
export function maskValue(value: unknown, personNames: readonly string[] = []): unknown {
  return walk(value, nameMatcher(personNames), false);
}

/**
 * A tool's answer as the tool server sends it: masked, and without its null members at any depth (a value that
 * may be absent is left out, never null: docs/mcp-oauth.md, "Portable schemas"; the output schemas then need no
 * `["string","null"]` type arrays, which some clients reject). One copy for both: they were two walks of every
 * answer, a tenth of a cheap tool's call.
 */
export const maskAnswer = (
  answer: Record<string, unknown>,
  personNames: readonly string[] = [],
): Record<string, unknown> => walk(answer, nameMatcher(personNames), true) as Record<string, unknown>;

/** Masks a tool result object (structured content). */
export const maskResult = (
  result: Record<string, unknown>,
  personNames: readonly string[] = [],
): Record<string, unknown> => maskValue(result, personNames) as Record<string, unknown>;
