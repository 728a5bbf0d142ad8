/**
 * saxes' parser with three of its per-tag allocations left out and its plain ASCII runs read without a call per
 * character (BENCHMARKS.md, "CycloneDX XML parse"): the same checks, events and failures, the attributes handed
 * over as saxes' own list instead of a dictionary.
 */
import { SaxesParser } from 'saxes';

/** An attribute as written. */
export interface XmlAttribute {
  name: string;
  value: string;
}

/** A start tag as `LeanSaxesParser` hands it over. */
export interface LeanTag {
  /** Its qualified name, as written. */
  name: string;
  /** Its attributes in the order written (a shared empty list when it has none). */
  list: readonly XmlAttribute[];
  isSelfClosing: boolean;
}

const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);
/** saxes' `tag.attributes`, which nothing here reads: one frozen object instead of a dictionary per tag. */
const UNUSED = Object.freeze(Object.create(null) as Record<string, string>);

const S_OPEN_TAG_SLASH = 35;
const S_ATTRIB = 36;
const EOC = -1;
const GREATER = 0x3e;
const FORWARD_SLASH = 0x2f;
const NL = 0x0a;
const FORBIDDEN_START = 0;
const isS = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** A table of the ASCII characters given (1) against all others (0). */
function ascii(accept: (c: number) => boolean): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = accept(c) ? 1 : 0;
  return table;
}
const printable = (c: number) => c >= 0x20 && c < 0x7f;
/**
 * Characters saxes reads one at a time with no effect but to move on (its column count aside), in XML 1.0 and 1.1
 * alike: printable ASCII and the tab; in text, not the ones that end it or take part in the `]]>` check; in a
 * quoted attribute value, neither quote (saxes turns tabs and line ends there into spaces, so not those either);
 * in a name, ASCII name characters. Line feeds in text are counted below as saxes counts them.
 */
const TEXT = ascii((c) => c === 0x09 || (printable(c) && !'<&]>'.includes(String.fromCharCode(c))));
const VALUE = ascii((c) => printable(c) && !'<&"\''.includes(String.fromCharCode(c)));
const NAME = ascii((c) => /[A-Za-z0-9_:.-]/.test(String.fromCharCode(c)));

/** The saxes 6 fields and methods the overrides below use (private in its typings). */
interface Internals {
  chunk: string;
  chunkPosition: number;
  i: number;
  prevI: number;
  line: number;
  column: number;
  positionAtNewLine: number;
  forbiddenState: number;
  text: string;
  textHandler: ((text: string) => void) | undefined;
  name: string;
  tags: LeanTag[];
  tag: LeanTag & { attributes: Record<string, string> };
  attribList: XmlAttribute[];
  state: number;
  sawRoot: boolean;
  closedRoot: boolean;
  fragmentOpt: boolean;
  openTagStartHandler: ((tag: LeanTag) => void) | undefined;
  captureNameChars(): number;
  openTag(): void;
  closeTag(): void;
  fail(message: string): void;
}

/**
 * A `SaxesParser` (`xmlns: false` only) whose tags carry their attributes as the list saxes collects them in
 * (`tag.list`), checked for duplicates as saxes checks them, instead of a null-prototype dictionary built for every
 * tag (`Object.create(null)` in saxes' `sOpenTag`, filled by `processAttribsPlain`); a tag without attributes
 * allocates no list either, and a plain end tag no second copy of its name (`sCloseTag`). Runs of plain ASCII in
 * text, names and attribute values are stepped over in one loop before saxes' own goes on from the first other
 * character. The event and failure sequence, positions, lines and columns are saxes' own: `sOpenTag` and
 * `processAttribsPlain` are copies of saxes 6.0.0's without the dictionary, the others run saxes' after their
 * shortcut (`lean-saxes.test.ts` checks all of it against `SaxesParser`).
 */
export class LeanSaxesParser extends SaxesParser<{ xmlns: false; position: false }> {
  constructor() {
    super({ xmlns: false, position: false });
  }
}

/** saxes' `sOpenTag` with a shared object for `attributes` and `list` set before the tag leaves the parser. */
function sOpenTag(this: Internals): void {
  const c = this.captureNameChars();
  if (c === EOC) return;
  const tag = (this.tag = { name: this.name, attributes: UNUSED, list: NO_ATTRIBUTES, isSelfClosing: false });
  this.name = '';
  this.openTagStartHandler?.(tag);
  this.sawRoot = true;
  if (!this.fragmentOpt && this.closedRoot) this.fail('documents may contain only one root.');
  switch (c) {
    case GREATER:
      this.openTag();
      break;
    case FORWARD_SLASH:
      this.state = S_OPEN_TAG_SLASH;
      break;
    default:
      if (!isS(c)) this.fail('disallowed character in tag name.');
      this.state = S_ATTRIB;
  }
}

/**
 * saxes' `processAttribsPlain`: the first attribute whose name an earlier one has is refused with saxes' message.
 * Tags hold a handful of attributes: comparing names pairwise costs less than a dictionary below 16.
 */
function processAttribsPlain(this: Internals): void {
  const list = this.attribList;
  const count = list.length;
  if (count === 0) return;
  if (count < 16) {
    for (let i = 1; i < count; i++) {
      const name = list[i]!.name;
      for (let j = 0; j < i; j++)
        if (list[j]!.name === name) {
          this.fail(`duplicate attribute: ${name}.`);
          break;
        }
    }
  } else {
    const seen = new Set<string>();
    for (const { name } of list) {
      if (seen.has(name)) this.fail(`duplicate attribute: ${name}.`);
      seen.add(name);
    }
  }
  this.tag.list = list;
  this.attribList = [];
}

const saxes = SaxesParser.prototype as unknown as Record<
  'handleTextInRoot' | 'captureNameChars' | 'sAttribValueQuoted' | 'sCloseTag',
  (this: Internals) => number
>;

/** The characters from `this.i` that `table` accepts, taken as saxes' `getCode` would (column count included). */
function skip(this: Internals, table: Uint8Array): number {
  const { chunk, i: start } = this;
  let at = start;
  while (at < chunk.length) {
    const c = chunk.charCodeAt(at);
    if (c >= 128 || table[c] === 0) break;
    at++;
  }
  if (at !== start) {
    this.column += at - start;
    this.i = at;
    this.prevI = at - 1;
  }
  return at;
}

/**
 * saxes' `handleTextInRoot` from the first character it treats as more than text: each character before that
 * only resets the `]]>` check (and a line feed counts a line), and the run is added to the pending text as saxes
 * adds its slices (its handler then gets the same text, possibly as two joined strings).
 */
function handleTextInRoot(this: Internals): void {
  const { chunk, i: start } = this;
  let at = start;
  let column = this.column;
  while (at < chunk.length) {
    const c = chunk.charCodeAt(at);
    if (c < 128 && TEXT[c] === 1) column++;
    else if (c === NL) {
      this.line++;
      column = 0;
      this.positionAtNewLine = this.chunkPosition + at + 1;
    } else break;
    at++;
  }
  if (at !== start) {
    this.column = column;
    this.i = at;
    this.prevI = at - 1;
    this.forbiddenState = FORBIDDEN_START;
    if (this.textHandler !== undefined) this.text += chunk.slice(start, at);
  }
  saxes.handleTextInRoot.call(this);
}

/**
 * The names read last, by length and their first, middle and last characters (a slot each for the ≈ 80 names of
 * CycloneDX's schema, checked when the weights were chosen): a document repeats a few dozen names, and one already
 * made is taken again rather than a new string cut per tag and attribute (its hash, computed by the first look-up
 * of it in a Map, is kept with it too). Shared by every parser of the thread: strings are immutable. Each is a copy
 * (`cachedName`), never a slice, which could keep the whole chunk it was cut from alive after the read.
 */
const names: (string | undefined)[] = new Array<string | undefined>(1024).fill(undefined);
/** Longer names are cut per tag as saxes cuts them, and not kept. */
const CACHED_NAME_LENGTH = 64;

/** A flat copy of the ASCII name `chunk` holds from `start` to `end`. */
const cachedName = (chunk: string, start: number, end: number): string =>
  Buffer.from(chunk.slice(start, end), 'latin1').toString('latin1');

/** Whether `chunk` holds `text` from `at`. */
function holds(chunk: string, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (chunk.charCodeAt(at + k) !== text.charCodeAt(k)) return false;
  return true;
}

/**
 * saxes' `captureNameChars` from the first character that is not an ASCII name character; a name that starts and
 * ends in this chunk in ASCII is taken from `names` when it is there.
 */
function captureNameChars(this: Internals): number {
  const start = this.i;
  const at = skip.call(this, NAME);
  if (at !== start) {
    const chunk = this.chunk;
    const length = at - start;
    if (this.name === '' && at < chunk.length && length <= CACHED_NAME_LENGTH) {
      const slot =
        (chunk.charCodeAt(start) +
          chunk.charCodeAt(start + (length >> 1)) * 2 +
          chunk.charCodeAt(at - 1) * 4 +
          length * 38) &
        1023;
      const known = names[slot];
      if (known !== undefined && known.length === length && holds(chunk, start, known)) this.name = known;
      else this.name = names[slot] = cachedName(chunk, start, at);
    } else this.name += chunk.slice(start, at);
  }
  return saxes.captureNameChars.call(this);
}

/** saxes' `sAttribValueQuoted` from the first character it does more with than keep. */
function sAttribValueQuoted(this: Internals): void {
  const start = this.i;
  const at = skip.call(this, VALUE);
  if (at !== start) this.text += this.chunk.slice(start, at);
  saxes.sAttribValueQuoted.call(this);
}

/**
 * saxes' `sCloseTag` for the end tag of the open element written plainly (`</name>`, the name in ASCII, all in
 * this chunk): saxes would capture the name into a new string only to find it equal to the element's, so the
 * element's own is used, with the same column count and `closeTag` after. Any other end tag goes to saxes.
 */
function sCloseTag(this: Internals): void {
  const { chunk, i: start, tags } = this;
  if (this.name === '' && tags.length !== 0) {
    const name = tags[tags.length - 1]!.name;
    const end = start + name.length;
    if (end < chunk.length && chunk.charCodeAt(end) === GREATER) {
      let k = 0;
      while (k < name.length) {
        const c = chunk.charCodeAt(start + k);
        if (c >= 128 || c !== name.charCodeAt(k)) break;
        k++;
      }
      if (k === name.length) {
        this.column += name.length + 1;
        this.prevI = end;
        this.i = end + 1;
        this.name = name;
        this.closeTag();
        return;
      }
    }
  }
  saxes.sCloseTag.call(this);
}

// saxes reads all six through `this` (its constructor picks `processAttribsPlain` and builds its state table from
// the prototype chain; the others are called as methods), so defining them on the subclass's prototype replaces them for its instances only.
Object.defineProperties(LeanSaxesParser.prototype, {
  sOpenTag: { value: sOpenTag, writable: true, configurable: true },
  processAttribsPlain: { value: processAttribsPlain, writable: true, configurable: true },
  handleTextInRoot: { value: handleTextInRoot, writable: true, configurable: true },
  captureNameChars: { value: captureNameChars, writable: true, configurable: true },
  sAttribValueQuoted: { value: sAttribValueQuoted, writable: true, configurable: true },
  sCloseTag: { value: sCloseTag, writable: true, configurable: true },
});
