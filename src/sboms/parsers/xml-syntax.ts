/** saxes' well-formedness errors, said as this server's messages: what is wrong, at which line and column. */
import { lineAndColumn } from './parse-error.ts';

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

/** Where saxes stood when it failed, and what the reader knew then (xml-units.ts). */
export interface FailurePoint {
  /** saxes' message, e.g. `unexpected close tag.` */
  message: string;
  /** Index in the text just after the character saxes failed on. */
  position: number;
  /**
   * Index just after the last construct saxes reported (a tag, text, a comment…): the construct it failed in
   * starts at the first `<` from there.
   */
  lastEventEnd: number;
  /** The element saxes closed last (a mismatched closing tag closes the open one first). */
  lastClosed: string | undefined;
  rootSeen: boolean;
}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const nameAt = (source: string, at: number): string | undefined => {
  NAME.lastIndex = at;
  return NAME.exec(source)?.[0];
};
const START_TAG =
  /^(?:unquoted attribute value|attribute without value|no whitespace between attributes|disallowed character in attribute name|forward-slash in opening tag not followed by >|disallowed character in tag name|malformed name)/;
const ENTITY =
  /^(?:undefined entity|disallowed character in entity name|malformed character entity|empty entity name)/;

/**
 * The message for a saxes failure on `source` (the whole text: this runs only on the error path). The messages
 * are the ones the hand-written reader gave before saxes (docs/pipeline.md "Formats"), the place being the start
 * of the construct at fault: a tag's `<`, an entity's `&`, the first character of stray text.
 */
export function syntaxError(source: string, at: FailurePoint): XmlSyntaxError {
  const fail = (message: string, offset: number) => new XmlSyntaxError(message, source, offset);
  const message = at.message;
  // The construct saxes was in: the first `<` after the last one it reported, past complete processing
  // instructions (not reported: xml-units.ts).
  const open = constructStart(source, Math.max(0, at.lastEventEnd - 1), at.position);
  const construct = open === -1 || open >= at.position ? -1 : open;
  if (message.startsWith('unclosed tag: ') || message === 'unexpected end.') {
    if (open !== -1) return unterminated(source, open, fail);
    return fail(`unexpected end of document: <${message.slice(14)}> is not closed`, source.length);
  }
  if (message === 'document must contain a root element.') return fail('no root element', 0);
  if (message === 'unexpected close tag.') {
    const lt = source.lastIndexOf('</', at.position - 1);
    return fail(`expected </${at.lastClosed}> but found </${nameAt(source, lt + 2) ?? ''}>`, lt);
  }
  if (message.startsWith('unmatched closing tag: ')) {
    const lt = source.lastIndexOf('</', at.position - 1);
    return fail(`closing tag </${message.slice(23, -1)}> without an open element`, lt);
  }
  if (message === 'disallowed character in closing tag.' || message === 'weird empty close tag.')
    return fail('malformed closing tag', construct === -1 ? at.position - 1 : construct);
  if (message === 'documents may contain only one root.')
    return fail('a second root element', source.lastIndexOf('<', at.position - 1));
  if (message === 'text data outside of root node.') {
    if (source.startsWith('<![CDATA[', construct)) return fail('CDATA outside the root element', construct);
    let from = at.lastEventEnd;
    for (;;) {
      const stray = from + Math.max(0, source.slice(from).search(/\S/));
      const next = source.startsWith('<?', stray) ? source.indexOf('?>', stray) : -1;
      if (next === -1 || next >= at.position) {
        const where = at.rootSeen ? 'text after the root element' : 'text before the root element';
        return fail(where, stray);
      }
      from = next + 2;
    }
  }
  if (ENTITY.test(message)) {
    const bad = badReference(source, at.lastEventEnd);
    if (bad) return bad.outOfRange ? fail('character reference out of range', bad.at) : fail(STRAY, bad.at);
    return fail(STRAY, source.lastIndexOf('&', at.position - 1));
  }
  if (message.startsWith('duplicate attribute: ')) {
    const name = message.slice(21, -1);
    const duplicate = new RegExp(`\\s+${name.replace(/[.]/g, '\\.')}\\s*=`, 'g');
    duplicate.lastIndex = construct;
    duplicate.exec(source);
    const second = duplicate.exec(source);
    return fail(`duplicate attribute '${name}'`, second ? second.index : construct);
  }
  // `<` inside an attribute value.
  const inStartTag = construct !== -1 && /^<[A-Za-z_:]/.test(source.slice(construct, construct + 2));
  if ((START_TAG.test(message) || (inStartTag && message === 'disallowed character.')) && construct !== -1) {
    const qname = nameAt(source, construct + 1);
    return fail(qname ? `malformed start tag <${qname}>` : 'malformed start tag', construct);
  }
  if (message === 'incorrect syntax.' && construct !== -1)
    return fail('unexpected markup declaration', construct);
  // Rules the hand-written reader did not check (the XML declaration's form, characters XML forbids, `--` in a
  // comment…): saxes' own words, at the character it stopped on.
  return fail(message.replace(/\.$/, ''), Math.max(0, at.position - 1));
}

const STRAY = 'undefined entity or stray "&"';

/** The first `<` from `from` that does not start a processing instruction complete before `limit`. */
function constructStart(source: string, from: number, limit: number): number {
  for (let lt = source.indexOf('<', from); lt !== -1; lt = source.indexOf('<', lt + 1)) {
    const end = source.startsWith('<?', lt) ? source.indexOf('?>', lt + 2) : -1;
    if (end === -1 || end + 2 > limit) return lt;
    lt = end + 1;
  }
  return -1;
}
const REFERENCE = /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9A-Fa-f]{1,6}));/y;

/** The first `&` from `from` that does not start one of XML's five entities or a character reference in range. */
function badReference(source: string, from: number): { at: number; outOfRange: boolean } | null {
  for (let amp = source.indexOf('&', from); amp !== -1; amp = source.indexOf('&', amp + 1)) {
    REFERENCE.lastIndex = amp;
    const ref = REFERENCE.exec(source);
    if (!ref) return { at: amp, outOfRange: false };
    const code = ref[2] ? Number.parseInt(ref[2], 10) : ref[3] ? Number.parseInt(ref[3], 16) : -1;
    if (code > 0x10ffff) return { at: amp, outOfRange: true };
  }
  return null;
}

/** The document ends inside the construct starting at `lt`: which one it is. */
function unterminated(
  source: string,
  lt: number,
  fail: (message: string, offset: number) => XmlSyntaxError,
): XmlSyntaxError {
  if (source.startsWith('<!--', lt)) return fail('unterminated comment', lt);
  if (source.startsWith('<![CDATA[', lt)) return fail('unterminated CDATA section', lt);
  if (source.startsWith('<?', lt)) return fail('unterminated processing instruction', lt);
  if (source.startsWith('</', lt)) return fail('malformed closing tag', lt);
  if (source.startsWith('<!', lt)) return fail('unexpected markup declaration', lt);
  // saxes reads a stray `&` in an attribute value as the start of an entity name that never ends.
  const bad = badReference(source, lt);
  if (bad) return fail(bad.outOfRange ? 'character reference out of range' : STRAY, bad.at);
  const qname = nameAt(source, lt + 1);
  return fail(qname ? `malformed start tag <${qname}>` : 'malformed start tag', lt);
}
