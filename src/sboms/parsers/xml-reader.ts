/** A small, strict, one-pass XML reader for SBOMs. */
import { lineAndColumn } from './parse-error.ts';

/**
 * A small, strict XML reader for SBOMs: one pass of indexOf/regex scanning that checks well-formedness (matched
 * tags, quoted attributes, one root, nothing after it, known entities only) and builds a light element tree.
 * Subtrees named in `skip` are checked but not built, which keeps memory near the size of what is kept.
 * DOCTYPE and entity declarations are not supported at all (xml-guard refuses them first): no expansion can happen.
 * It is ~4× faster than a general-purpose parser on a 60 MiB CycloneDX document, which the upload budget needs.
 */
export interface XmlElement {
  /** Local name (namespace prefix removed). */
  name: string;
  /** Shared empty object when the element has no attributes (most have none: fewer allocations). */
  attrs: Readonly<Record<string, string>>;
  /** Shared empty array until the first child arrives. */
  children: XmlElement[];
  text: string;
}

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

export class XmlSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(message: string, source: string, offset: number) {
    const { line, column } = lineAndColumn(source, offset);
    super(`${message} at line ${line}, column ${column}`);
    this.line = line;
    this.column = column;
  }
}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;
const REFERENCE = /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9A-Fa-f]{1,6}));/y;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const localName = (qname: string) => {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
};

/** Resolves the five predefined entities and character references; any other `&` is an error. */
function decode(text: string, source: string, offset: number): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  let out = '';
  let last = 0;
  while (amp !== -1) {
    REFERENCE.lastIndex = amp;
    const ref = REFERENCE.exec(text);
    if (!ref) throw new XmlSyntaxError('undefined entity or stray "&"', source, offset + amp);
    const code = ref[2] ? Number.parseInt(ref[2], 10) : ref[3] ? Number.parseInt(ref[3], 16) : -1;
    if (code > 0x10ffff) throw new XmlSyntaxError('character reference out of range', source, offset + amp);
    out += text.slice(last, amp) + (ref[1] ? NAMED[ref[1]]! : String.fromCodePoint(code));
    last = REFERENCE.lastIndex;
    amp = text.indexOf('&', last);
  }
  return out + text.slice(last);
}

interface Frame {
  qname: string;
  element: XmlElement | null;
}

export function readXml(source: string, skip: ReadonlySet<string>): XmlElement {
  return new XmlReader(source, skip).read();
}

/** One pass over the document; each method consumes one construct starting at `#pos`. */
class XmlReader {
  readonly #source: string;
  readonly #skip: ReadonlySet<string>;
  readonly #stack: Frame[] = [];
  #root: XmlElement | null = null;
  /** Open elements inside a skipped subtree. */
  #skipping = 0;
  #pos = 0;

  constructor(source: string, skip: ReadonlySet<string>) {
    this.#source = source;
    this.#skip = skip;
  }

  read(): XmlElement {
    const source = this.#source;
    for (;;) {
      const lt = source.indexOf('<', this.#pos);
      this.#text(lt === -1 ? source.length : lt);
      if (lt === -1) break;
      const next = source.charCodeAt(lt + 1);
      if (next === 0x3f /* ? */)
        this.#pos = this.#endOf('?>', lt + 2, 'unterminated processing instruction', lt);
      else if (next === 0x21 /* ! */) this.#markup(lt);
      else if (next === 0x2f /* / */) this.#closingTag(lt);
      else this.#startTag(lt);
    }
    if (this.#stack.length)
      this.#fail(`unexpected end of document: <${this.#stack.at(-1)!.qname}> is not closed`, source.length);
    if (!this.#root) this.#fail('no root element', 0);
    return this.#root!;
  }

  #fail(message: string, at: number): never {
    throw new XmlSyntaxError(message, this.#source, at);
  }

  /** Index just after `marker`, searched from `from`. */
  #endOf(marker: string, from: number, message: string, at: number): number {
    const end = this.#source.indexOf(marker, from);
    if (end === -1) this.#fail(message, at);
    return end + marker.length;
  }

  #text(end: number): void {
    const start = this.#pos;
    if (end <= start) return;
    const top = this.#stack.at(-1);
    if (!top) {
      const stray = this.#source.slice(start, end).search(/\S/);
      if (stray !== -1)
        this.#fail(
          this.#root ? 'text after the root element' : 'text before the root element',
          start + stray,
        );
    } else if (top.element && top.element.children.length === 0) {
      // Only leaves carry text in an SBOM; whitespace between child elements is not kept.
      top.element.text += decode(this.#source.slice(start, end), this.#source, start);
    }
  }

  /** `<!--…-->` or `<![CDATA[…]]>`; any other declaration (DOCTYPE, ENTITY) is refused. */
  #markup(lt: number): void {
    const source = this.#source;
    if (source.startsWith('<!--', lt)) {
      this.#pos = this.#endOf('-->', lt + 4, 'unterminated comment', lt);
    } else if (source.startsWith('<![CDATA[', lt)) {
      this.#pos = this.#endOf(']]>', lt + 9, 'unterminated CDATA section', lt);
      const top = this.#stack.at(-1);
      if (!top) this.#fail('CDATA outside the root element', lt);
      if (top.element) top.element.text += source.slice(lt + 9, this.#pos - 3);
    } else {
      this.#fail('unexpected markup declaration', lt);
    }
  }

  #closingTag(lt: number): void {
    const source = this.#source;
    const top = this.#stack.at(-1);
    // Fast path (almost every closing tag): it names the open element and ends right after.
    if (top && source.startsWith(top.qname, lt + 2)) {
      const after = lt + 2 + top.qname.length;
      const close = source.charCodeAt(after) === 0x3e /* > */ ? after : source.indexOf('>', after);
      if (close !== -1 && (close === after || source.slice(after, close).trim() === '')) {
        this.#stack.pop();
        if (!top.element) this.#skipping--;
        this.#pos = close + 1;
        return;
      }
    }
    NAME.lastIndex = lt + 2;
    const name = NAME.exec(source)?.[0];
    const close = name === undefined ? -1 : source.indexOf('>', NAME.lastIndex);
    if (name === undefined || close === -1 || source.slice(NAME.lastIndex, close).trim() !== '')
      this.#fail('malformed closing tag', lt);
    if (!top) this.#fail(`closing tag </${name}> without an open element`, lt);
    this.#fail(`expected </${top.qname}> but found </${name}>`, lt);
  }

  #startTag(lt: number): void {
    const source = this.#source;
    NAME.lastIndex = lt + 1;
    const qname = NAME.exec(source)?.[0];
    if (qname === undefined) this.#fail('malformed start tag', lt);
    if (!this.#stack.length && this.#root) this.#fail('a second root element', lt);
    const local = localName(qname);
    const keep = this.#skipping === 0 && !this.#skip.has(local);
    const attrs = this.#attributes(NAME.lastIndex, keep);
    TAG_END.lastIndex = ATTRIBUTE.lastIndex;
    const end = TAG_END.exec(source);
    if (!end) this.#fail(`malformed start tag <${qname}>`, lt);
    this.#pos = TAG_END.lastIndex;
    const element: XmlElement | null = keep
      ? { name: local, attrs: attrs ?? NO_ATTRIBUTES, children: NO_CHILDREN, text: '' }
      : null;
    if (element) this.#attach(element);
    else if (!this.#stack.length) this.#fail('the root element cannot be skipped', lt);
    if (end[1] !== '/') {
      this.#stack.push({ qname, element });
      if (!element) this.#skipping++;
    }
  }

  /** Reads attributes from `at`; leaves ATTRIBUTE.lastIndex just after the last one. */
  #attributes(at: number, keep: boolean): Record<string, string> | null {
    let attrs: Record<string, string> | null = null;
    let names: string[] | undefined; // XML forbids an attribute twice on one element
    for (;;) {
      ATTRIBUTE.lastIndex = at;
      const attr = ATTRIBUTE.exec(this.#source);
      if (!attr) break;
      if (names?.includes(attr[1]!)) this.#fail(`duplicate attribute '${attr[1]}'`, at);
      (names ??= []).push(attr[1]!);
      if (keep) (attrs ??= {})[localName(attr[1]!)] = decode(attr[2] ?? attr[3]!, this.#source, at);
      at = ATTRIBUTE.lastIndex;
    }
    ATTRIBUTE.lastIndex = at;
    return attrs;
  }

  #attach(element: XmlElement): void {
    const parent = this.#stack.at(-1)?.element;
    if (parent) {
      if (parent.children === NO_CHILDREN) parent.children = [];
      parent.children.push(element);
    }
    if (!this.#stack.length) this.#root = element;
  }
}
