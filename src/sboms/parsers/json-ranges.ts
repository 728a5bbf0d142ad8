/**
 * Where the values of a JSON document lie, without building it: the members of the top-level object and the
 * elements of an array, as [start, end) ranges of the text. A large SBOM is then parsed one component at a time
 * (`JSON.parse` of each element's text), so no tree of the whole file is ever live: each component's objects die
 * young, and the collector no longer promotes and marks a tree five times the file (commit ac1fe1d).
 *
 * The scanner reads only the structure between values (brackets, strings, separators); the values' own text is left
 * to `JSON.parse`. It answers null for anything it does not plainly recognise (a duplicate key, a stray character),
 * and callers then parse the whole text the ordinary way, which gives the error message and position users expect.
 */

export type Range = readonly [start: number, end: number];

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (c: number) => c === SPACE || c === LF || c === CR || c === TAB;

function skipSpace(text: string, i: number, end: number): number {
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index just past the string that opens at `i` (a quote), or -1 when it does not close before `end`. */
function stringEnd(text: string, i: number, end: number): number {
  let at = i + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0 || quote >= end) return -1;
    // A quote preceded by an odd number of backslashes is escaped.
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/**
 * The index just past the value that starts at `i`: a string, a bracketed object or array (strings inside skipped),
 * or a bare literal up to the next separator. -1 when it runs past `end`. Brackets are counted, not matched: a
 * mismatch inside a value is `JSON.parse`'s to find.
 */
function valueEnd(text: string, i: number, end: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return stringEnd(text, i, end);
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    let at = i;
    for (; at < end; at++) {
      const c = text.charCodeAt(at);
      if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break;
    }
    return at > i ? at : -1;
  }
  let depth = 0;
  for (let at = i; at < end; at++) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      const next = stringEnd(text, at, end);
      if (next < 0) return -1;
      at = next - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

/**
 * The members of the object that is the whole of `text` (whitespace around it allowed), in document order, each
 * key with the range of its value. Null when the text is not one such object or a key repeats. The elements of a
 * member that is an array are found on the way (one pass over the text) and kept for `arrayElements`.
 */
export function topLevelMembers(text: string): Map<string, Range> | null {
  const end = text.length;
  let i = skipSpace(text, 0, end);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return null;
  const members = new Map<string, Range>();
  i = skipSpace(text, i + 1, end);
  if (text.charCodeAt(i) === CLOSE_OBJECT) return skipSpace(text, i + 1, end) === end ? members : null;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return null;
    const keyEnd = stringEnd(text, i, end);
    if (keyEnd < 0) return null;
    const key = parsed(text, i, keyEnd);
    if (typeof key !== 'string' || members.has(key)) return null;
    i = skipSpace(text, keyEnd, end);
    if (text.charCodeAt(i) !== COLON) return null;
    i = skipSpace(text, i + 1, end);
    const array = text.charCodeAt(i) === OPEN_ARRAY ? scanArray(text, i, end) : null;
    const valueStop = array ? array.stop : valueEnd(text, i, end);
    if (valueStop < 0) return null;
    const range: Range = [i, valueStop];
    if (array) elementsFound.set(range, array.bounds);
    members.set(key, range);
    i = skipSpace(text, valueStop, end);
    const c = text.charCodeAt(i);
    if (c === CLOSE_OBJECT) return skipSpace(text, i + 1, end) === end ? members : null;
    if (c !== COMMA) return null;
    i = skipSpace(text, i + 1, end);
  }
}

/** Element bounds of the arrays topLevelMembers went through, by the range it gave them. */
const elementsFound = new WeakMap<Range, number[]>();

/**
 * The array that opens at `start`: its elements' bounds, flat ([start0, end0, start1, end1, …]), and the index
 * past its `]`. Null when it is not plainly an array that closes before `end`.
 */
function scanArray(text: string, start: number, end: number): { bounds: number[]; stop: number } | null {
  const bounds: number[] = [];
  let i = skipSpace(text, start + 1, end);
  if (text.charCodeAt(i) === CLOSE_ARRAY) return { bounds, stop: i + 1 };
  for (;;) {
    const stop = valueEnd(text, i, end);
    if (stop < 0) return null;
    bounds.push(i, stop);
    i = skipSpace(text, stop, end);
    const c = text.charCodeAt(i);
    if (c === CLOSE_ARRAY) return { bounds, stop: i + 1 };
    if (c !== COMMA) return null;
    i = skipSpace(text, i + 1, end);
  }
}

/** The flat bounds of the elements of the array at `range`, or null when it is not plainly an array. */
function elementBounds(text: string, range: Range): number[] | null {
  const found = elementsFound.get(range);
  if (found) return found;
  const [start, end] = range;
  if (text.charCodeAt(start) !== OPEN_ARRAY) return null;
  const array = scanArray(text, start, end);
  return array && array.stop === end ? array.bounds : null;
}

/** The ranges of the elements of the array at `range`, or null when it is not plainly an array. */
export function arrayElements(text: string, range: Range): Range[] | null {
  const bounds = elementBounds(text, range);
  if (!bounds) return null;
  const elements: Range[] = [];
  for (let i = 0; i < bounds.length; i += 2) elements.push([bounds[i]!, bounds[i + 1]!]);
  return elements;
}

/** `JSON.parse` of one range; a SyntaxError means the document is malformed somewhere in it. */
export function parsed(text: string, start: number, end: number): unknown {
  return JSON.parse(text.slice(start, end));
}

/** An array whose elements are parsed one at a time, when asked for. */
export interface LazyArray {
  length: number;
  at(index: number): unknown;
  /**
   * The elements [from, to) in one `JSON.parse` of their text (only separators lie between elements): for many
   * small elements, where one call each cost a third more than parsing them all at once.
   */
  range(from: number, to: number): unknown[];
}

/**
 * The object that is the whole of `text` (its `members`, from topLevelMembers) with the array under `arrayKey`
 * left unparsed: every other member parsed, that array's elements parsed one at a time. Each member named in
 * `alsoLazy` that is plainly an array is left unparsed too, in `arrays` instead of `doc` (one that is not is parsed
 * into `doc` as usual): its elements then die young one by one, where one `JSON.parse` of the whole member built a
 * tree that lived through scavenges into the old generation. Null when that member is not plainly an array, or
 * when `__proto__` is a member (it would set the prototype of a plain object where JSON.parse makes it an own
 * member). Throws what JSON.parse throws for a malformed member (a lazy one's element: when it is read).
 */
export function lazyDocument(
  text: string,
  members: ReadonlyMap<string, Range>,
  arrayKey: string,
  alsoLazy: readonly string[] = [],
): { doc: Record<string, unknown>; items: LazyArray; arrays: Map<string, LazyArray> } | null {
  const range = members.get(arrayKey);
  const bounds = range && elementBounds(text, range);
  if (!bounds || members.has('__proto__')) return null;
  const doc: Record<string, unknown> = {};
  const arrays = new Map<string, LazyArray>();
  for (const [key, member] of members) {
    if (key === arrayKey) continue;
    const elements = alsoLazy.includes(key) ? elementBounds(text, member) : null;
    if (elements) arrays.set(key, lazyArray(text, elements));
    else doc[key] = parsed(text, member[0], member[1]);
  }
  return { doc, items: lazyArray(text, bounds), arrays };
}

const lazyArray = (text: string, bounds: readonly number[]): LazyArray => ({
  length: bounds.length / 2,
  at: (index) => parsed(text, bounds[2 * index]!, bounds[2 * index + 1]!),
  range: (from, to) =>
    from >= to ? [] : (JSON.parse(`[${text.slice(bounds[2 * from]!, bounds[2 * to - 1]!)}]`) as unknown[]),
});
