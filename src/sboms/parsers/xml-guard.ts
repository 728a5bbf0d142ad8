/** Refuses DOCTYPE and ENTITY declarations before any XML is parsed. */
import { lineAndColumn, parseError } from './parse-error.ts';

/**
 * Refuses document type declarations before any parsing: they are the only way to declare entities, so
 * refusing them rules out entity expansion bombs and external entities (XXE). CycloneDX never needs one.
 * A `<!DOCTYPE` or `<!ENTITY` inside a comment, a CDATA section or a processing instruction is text, not a
 * declaration, and is allowed in all three alike. One pass over the text.
 */
export function rejectDoctype(fileName: string, text: string): void {
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const skipTo = (terminator: string, from: number): number => {
      const end = text.indexOf(terminator, from);
      return end === -1 ? text.length : end + terminator.length - 1; // unterminated: the reader reports it
    };
    if (text.startsWith('<!--', at)) at = skipTo('-->', at + 4);
    else if (text.startsWith('<![CDATA[', at)) at = skipTo(']]>', at + 9);
    else if (text.startsWith('<?', at)) at = skipTo('?>', at + 2);
    else {
      const marker = text.startsWith('<!DOCTYPE', at)
        ? 'DOCTYPE'
        : text.startsWith('<!ENTITY', at)
          ? 'ENTITY'
          : null;
      if (marker) {
        const { line, column } = lineAndColumn(text, at);
        throw parseError(
          fileName,
          `XML ${marker} declarations are not accepted (line ${line}, column ${column})`,
        );
      }
    }
  }
}

export interface XmlRoot {
  /** Local name of the root element. */
  name: string;
  /** Namespace URI of the root element, or null. */
  namespace: string | null;
}

/** Name and namespace of the root element, read from its start tag (the tree parser drops namespaces). */
export function readRoot(text: string): XmlRoot | null {
  let at = 0;
  for (;;) {
    at = text.indexOf('<', at);
    if (at === -1) return null;
    if (text.startsWith('<?', at)) at = text.indexOf('?>', at) + 2;
    else if (text.startsWith('<!--', at)) at = text.indexOf('-->', at) + 3;
    else break;
    if (at < 2) return null;
  }
  const end = text.indexOf('>', at);
  if (end === -1) return null;
  const tag = text.slice(at + 1, end);
  const qname = /^([\w.-]+:)?([\w.-]+)/.exec(tag);
  if (!qname) return null;
  const prefix = qname[1] ? qname[1].slice(0, -1) : '';
  const attr = prefix ? `xmlns:${prefix}` : 'xmlns';
  const ns = new RegExp(`\\s${attr.replace('.', '\\.')}\\s*=\\s*(["'])(.*?)\\1`).exec(tag);
  return { name: qname[2]!, namespace: ns ? ns[2]! : null };
}
