// Which SBOM families and versions the parsers accept, and how a file's content announces its family
// (docs/pipeline.md "Formats": the name decides when it is specific, the content when it is missing or ambiguous).
import { AppError } from '../../errors.ts';

export const CYCLONEDX_JSON_VERSIONS = ['1.2', '1.3', '1.4', '1.5', '1.6', '1.7'];
export const CYCLONEDX_XML_VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7'];
export const SPDX2_VERSIONS = ['SPDX-2.2', 'SPDX-2.3'];
export const SPDX3_VERSIONS = ['3.0.1'];

/** What every UNSUPPORTED_FORMAT message lists as accepted. */
export const ACCEPTED =
  'CycloneDX JSON 1.2–1.7, CycloneDX XML 1.0–1.7, SPDX JSON 2.2/2.3, SPDX tag-value 2.2/2.3, SPDX 3.0.1 JSON-LD';

/** 400 UNSUPPORTED_FORMAT: says what was seen (family and version when known) and what is accepted. */
export const unsupportedFormat = (fileName: string, seen: string): AppError =>
  new AppError('UNSUPPORTED_FORMAT', 400, `'${fileName}': ${seen}; accepted: ${ACCEPTED}`);

export type Sniffed = 'xml' | 'json' | 'tag-value' | 'unknown';

/** The family the first meaningful characters announce (tag-value files may open with `#` comments). */
export function sniff(text: string): Sniffed {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (text[at] !== '#') break;
    const end = text.indexOf('\n', at);
    if (end === -1) return 'unknown';
    at = end + 1;
  }
  const first = text[at];
  if (first === '<') return 'xml';
  if (first === '{' || first === '[') return 'json';
  if (/^SPDXVersion[ \t]*:/.test(text.slice(at, at + 40))) return 'tag-value';
  return 'unknown';
}

const SPDX3_CONTEXT = /spdx\.org\/rdf\/(3\.\d+(?:\.\d+)?)\//;

/** The SPDX 3 version a JSON-LD `@context` names (`https://spdx.org/rdf/3.0.1/spdx-context.jsonld`), else null. */
export function spdx3ContextVersion(doc: Record<string, unknown>): string | null {
  const context = doc['@context'];
  const entries = Array.isArray(context) ? context : [context];
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    const match = SPDX3_CONTEXT.exec(entry);
    if (match) return match[1]!;
  }
  return null;
}

/** A short, printable excerpt of what a file starts with, for messages. */
export function opening(text: string): string {
  const excerpt = text.trimStart().slice(0, 24).replace(/\s+/g, ' ').trim();
  return JSON.stringify(excerpt);
}
