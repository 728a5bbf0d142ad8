/** Format detection (the name, else the content), then the parser of that family. */
import { AppError } from '../../errors.ts';
import { controlCharacterProblem } from '../../shared/control-characters.ts';
import type { ParsedComponent, ParsedSbom, SbomStream } from '../sbom-model.ts';
import { parseCycloneDxJson, parseCycloneDxJsonText, streamCycloneDxJsonText } from './cyclonedx-json.ts';
import { parseCycloneDxXml } from './cyclonedx-xml.ts';
import { streamCycloneDxXml, type XmlSbomStream } from './cyclonedx-xml-stream.ts';
import { ACCEPTED, opening, sniff, spdx3ContextVersion, unsupportedFormat } from './formats.ts';
import { topLevelMembers } from './json-ranges.ts';
import { parseError } from './parse-error.ts';
import { parseSpdx3JsonLd } from './spdx3-jsonld.ts';
import { parseSpdxJson, streamSpdxJsonText } from './spdx-json.ts';
import { parseSpdxTagValue } from './spdx-tag-value.ts';

/**
 * What a file name announces. `json` (plain `.json`) and `content` (no name, `-`, `.txt`) are ambiguous: the
 * content decides.
 */
export type SbomKind =
  'cyclonedx-json' | 'spdx-json' | 'spdx-tag-value' | 'spdx3-jsonld' | 'json' | 'cyclonedx-xml' | 'content';

/**
 * The family a file name announces (docs/pipeline.md "Formats"): `.cdx.json`/`.bom.json` CycloneDX JSON,
 * `.spdx.json` SPDX JSON, `.spdx` SPDX tag-value, `.spdx.jsonld`/`.jsonld` SPDX 3 JSON-LD, `.xml` CycloneDX XML;
 * plain `.json`, `.txt` and `-` (or no name) are decided by the content; any other name is UNSUPPORTED_FORMAT.
 */
export function kindFromFileName(fileName: string): SbomKind {
  const lower = fileName.toLowerCase().trim();
  if (lower.endsWith('.spdx.json')) return 'spdx-json';
  if (lower.endsWith('.cdx.json') || lower.endsWith('.bom.json')) return 'cyclonedx-json';
  if (lower.endsWith('.jsonld')) return 'spdx3-jsonld';
  if (lower.endsWith('.spdx')) return 'spdx-tag-value';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.xml')) return 'cyclonedx-xml';
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  if (base === '' || base === '-' || base.endsWith('.txt')) return 'content';
  throw new AppError(
    'UNSUPPORTED_FORMAT',
    400,
    `'${fileName}' is not a recognised SBOM file name: use .cdx.json, .bom.json, .spdx.json, .json, .xml, .spdx, .spdx.jsonld or .jsonld (or .txt / - to let the content decide); accepted: ${ACCEPTED}`,
  );
}

/** What one SBOM may hold (docs/resilience.md); `MAX_COMPONENTS` sets the component cap. */
export interface SbomLimits {
  maxComponents: number;
  /** Findings the upload may produce (`MAX_FINDINGS_PER_SBOM`); none when absent. The parser ignores it. */
  maxFindings?: number;
}

export const DEFAULT_SBOM_LIMITS: SbomLimits = { maxComponents: 500_000 };

/**
 * Bytes of an uploaded file → the normalized SBOM. Pure: no I/O; every failure is an AppError (400, or 413
 * TOO_MANY_COMPONENTS over the cap).
 */
export function parseSbom(
  fileName: string,
  bytes: Uint8Array,
  limits: SbomLimits = DEFAULT_SBOM_LIMITS,
): ParsedSbom {
  const parsed = parseAny(fileName, bytes);
  if (parsed.components.length > limits.maxComponents) {
    throw new AppError(
      'TOO_MANY_COMPONENTS',
      413,
      `'${fileName}' lists ${parsed.components.length} components; an SBOM may hold at most ${limits.maxComponents}`,
    );
  }
  if (parsed.metadataComponent) checkComponent(fileName, parsed.metadataComponent, -1);
  const duplicates = new DuplicateRefs();
  parsed.components.forEach((c, i) => {
    checkComponent(fileName, c, i);
    duplicates.add(c, i);
  });
  return duplicates.warnings.length ? { ...parsed, warnings: duplicates.warnings } : parsed;
}

/**
 * A CycloneDX or SPDX 2 JSON file as a stream of checked components (`streamCycloneDxJsonText`,
 * `streamSpdxJsonText`): what `parseSbom` gives, one component at a time, for a consumer that stores each as it
 * comes; `warnings` is complete once the components are. Null when the file is of another kind or not plainly
 * readable so. Iterating throws at the first problem met, which need not be the one `parseSbom` reports (it reads
 * everything first, then checks): the caller then asks `parseSbom` for the answer.
 */
export function streamSbom(
  fileName: string,
  text: string,
  limits: SbomLimits = DEFAULT_SBOM_LIMITS,
): (SbomStream & { warnings: string[] }) | null {
  const kind = kindFromFileName(fileName);
  const either = (kind === 'json' || kind === 'content') && sniff(text) === 'json';
  if (kind !== 'cyclonedx-json' && kind !== 'spdx-json' && !either) return null;
  const members = topLevelMembers(text);
  if (!members) return null;
  const stream =
    (kind !== 'spdx-json' ? streamCycloneDxJsonText(fileName, text, members) : null) ??
    (kind !== 'cyclonedx-json' ? streamSpdxJsonText(fileName, text, members) : null);
  // Over the cap at a glance (the SPDX subject aside): no rows are stored only to be rolled back. Nested
  // components can still take a stream past the cap; it then stops there.
  if (!stream || (stream.listed ?? 0) > limits.maxComponents + 1) return null;
  return checked(fileName, stream, limits);
}

/**
 * A CycloneDX XML file (by its name, or by its content under an ambiguous one) as a stream of checked components,
 * read from the bytes a chunk at a time (`streamCycloneDxXml`); what `streamSbom` is for JSON, with the same
 * caveat: a problem met on the way is not necessarily the one `parseSbom` reports. Null when the file is not XML.
 */
export function streamXmlSbom(
  fileName: string,
  bytes: Uint8Array,
  limits: SbomLimits = DEFAULT_SBOM_LIMITS,
): (XmlSbomStream & { warnings: string[] }) | null {
  const kind = kindFromFileName(fileName);
  const head = () => new TextDecoder().decode(bytes.subarray(0, 4096));
  if (kind !== 'cyclonedx-xml' && !((kind === 'json' || kind === 'content') && sniff(head()) === 'xml'))
    return null;
  return checked(fileName, streamCycloneDxXml(fileName, bytes), limits);
}

/** The stream with each component checked as `parseSbom` checks it; duplicate bom-refs become warnings. */
function checked<S extends SbomStream>(
  fileName: string,
  stream: S,
  limits: SbomLimits,
): S & { warnings: string[] } {
  const duplicates = new DuplicateRefs();
  function* each(): Generator<ParsedComponent> {
    let i = 0;
    for (const c of stream.components) {
      if (i === limits.maxComponents) throw new Error('over the component cap');
      checkComponent(fileName, c, i);
      duplicates.add(c, i);
      yield c;
      i++;
    }
    const subject = stream.subject();
    if (subject) checkComponent(fileName, subject, -1);
  }
  return { ...stream, components: each(), warnings: duplicates.warnings };
}

/** Length caps of component fields (docs/resilience.md): names and versions 1,024, purl and CPE 4,096. */
const CAPS: ReadonlyArray<[keyof ParsedComponent, number]> = [
  ['name', 1_024],
  ['version', 1_024],
  ['group', 1_024],
  ['type', 1_024],
  ['scope', 1_024],
  ['supplier', 1_024],
  ['bomRef', 1_024],
  ['purl', 4_096],
  ['cpe', 4_096],
];

/**
 * Caps and control characters of component `index` (-1: the SBOM's subject); PARSE_ERROR names the component and
 * field.
 */
function checkComponent(fileName: string, c: ParsedComponent, index: number): void {
  // Named only when refused: building the name for each of 100,000 components was a measurable share of a parse.
  const where = () =>
    index < 0
      ? 'the SBOM subject (metadata component)'
      : `component ${index + 1} (${JSON.stringify(c.name.slice(0, 100))})`;
  for (const [field, cap] of CAPS) {
    const value = c[field] as string | null;
    if (value === null) continue;
    if (value.length > cap)
      throw parseError(fileName, `${where()}: ${field} is ${value.length} characters long; at most ${cap}`);
    const problem = controlCharacterProblem(value, false);
    if (problem) throw parseError(fileName, `${where()}: ${field} ${problem}`);
  }
  const checkText = (text: string) => {
    if (text.length > 10_000)
      throw parseError(fileName, `${where()}: a license or hash is over 10,000 characters`);
    const problem = controlCharacterProblem(text, false);
    if (problem) throw parseError(fileName, `${where()}: a license or hash ${problem}`);
  };
  for (const license of c.licenses) checkText(license);
  for (const { alg, content } of c.hashes) {
    checkText(alg);
    checkText(content);
  }
}

/** Components sharing a bom-ref: kept, and reported (dependencies resolve to the first of them). */
class DuplicateRefs {
  readonly warnings: string[] = [];
  readonly #first = new Map<string, number>();

  add(c: ParsedComponent, index: number): void {
    if (c.bomRef === null) return;
    const seen = this.#first.get(c.bomRef);
    if (seen === undefined) this.#first.set(c.bomRef, index);
    else if (this.warnings.length < 100)
      this.warnings.push(
        `duplicate bom-ref '${c.bomRef.slice(0, 200)}': component ${index + 1} repeats component ${seen + 1}; dependencies refer to the first`,
      );
  }
}

function parseAny(fileName: string, bytes: Uint8Array): ParsedSbom {
  const kind = kindFromFileName(fileName);
  const text = decodeUtf8(fileName, bytes);
  const seen = sniff(text);
  // Tag-value text under an ambiguous name (a plain `.json` holding it is a common mix-up) is read as such; a
  // name that promises JSON of one family (`.spdx.json`, `.cdx.json`) gets a PARSE_ERROR saying what it holds.
  if (seen === 'tag-value' && (kind === 'json' || kind === 'content' || kind === 'spdx-tag-value'))
    return parseSpdxTagValue(fileName, text);
  switch (kind) {
    case 'cyclonedx-xml':
      return parseCycloneDxXml(fileName, text);
    case 'spdx-tag-value':
      if (seen === 'json') return byDocument(fileName, parseJsonText(fileName, text), true);
      throw parseError(
        fileName,
        `not SPDX tag-value: the first line must be 'SPDXVersion: SPDX-2.x', found ${opening(text)}`,
      );
    case 'content':
      if (seen === 'xml') return parseCycloneDxXml(fileName, text);
      if (seen === 'json')
        return (
          parseCycloneDxJsonText(fileName, text) ?? byDocument(fileName, parseJsonText(fileName, text), false)
        );
      throw unsupportedFormat(
        fileName,
        `the content is not an SBOM this server reads (it starts with ${opening(text)})`,
      );
    case 'json':
      if (seen === 'xml') return parseCycloneDxXml(fileName, text);
      return (
        parseCycloneDxJsonText(fileName, text) ?? byDocument(fileName, parseJsonText(fileName, text), true)
      );
    case 'cyclonedx-json':
      return (
        parseCycloneDxJsonText(fileName, text) ?? parseCycloneDxJson(fileName, parseJsonText(fileName, text))
      );
    case 'spdx-json': {
      const doc = parseJsonText(fileName, text);
      return isSpdx3(doc) ? parseSpdx3JsonLd(fileName, doc) : parseSpdxJson(fileName, doc);
    }
    case 'spdx3-jsonld': {
      const doc = parseJsonText(fileName, text);
      if (!isSpdx3(doc))
        throw parseError(
          fileName,
          "not SPDX 3 JSON-LD: '@context' does not name an spdx.org/rdf/3.x context",
        );
      return parseSpdx3JsonLd(fileName, doc);
    }
  }
}

const isSpdx3 = (doc: unknown): doc is Record<string, unknown> =>
  typeof doc === 'object' && doc !== null && spdx3ContextVersion(doc as Record<string, unknown>) !== null;

/**
 * A JSON document whose family the name left open. A `.json` name makes it a JSON SBOM, so a document of no family
 * is broken content (PARSE_ERROR); without a telling name nothing was recognised (UNSUPPORTED_FORMAT).
 */
function byDocument(fileName: string, doc: unknown, namedJson: boolean): ParsedSbom {
  const fields =
    typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : {};
  if ('bomFormat' in fields) return parseCycloneDxJson(fileName, doc);
  if ('spdxVersion' in fields) return parseSpdxJson(fileName, doc);
  if (isSpdx3(doc)) return parseSpdx3JsonLd(fileName, doc);
  const what =
    'the JSON document is not an SBOM: it has neither bomFormat (CycloneDX) nor spdxVersion (SPDX 2) nor an SPDX 3 @context';
  if (namedJson) throw parseError(fileName, what);
  throw unsupportedFormat(fileName, what);
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The file's text; PARSE_ERROR when it is not UTF-8. */
export function decodeUtf8(fileName: string, bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw parseError(fileName, 'the file is not valid UTF-8 text');
  }
}

function parseJsonText(fileName: string, text: string): unknown {
  if (sniff(text) === 'tag-value')
    throw parseError(
      fileName,
      'the file holds SPDX tag-value text, not JSON; name it .spdx to upload tag-value',
    );
  if (text.trimStart().startsWith('<'))
    throw parseError(fileName, 'the file holds XML, not JSON; name it .xml to upload CycloneDX XML');
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8's message names the position, line and column, e.g. "Unexpected non-whitespace character after JSON at position 9".
    throw parseError(fileName, `invalid JSON: ${(error as Error).message}`);
  }
}
