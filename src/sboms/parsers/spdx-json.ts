/** SPDX JSON (2.2, 2.3) → the parsed SBOM model. */
import type { ParsedComponent, ParsedHash, ParsedSbom, ParsedTool, SbomStream } from '../sbom-model.ts';
import { normalizeHashAlg, purlInfo, str, textField } from './component-fields.ts';
import { SPDX2_VERSIONS, unsupportedFormat } from './formats.ts';
import { lazyDocument, type Range } from './json-ranges.ts';
import { parseError } from './parse-error.ts';

type Json = Record<string, unknown>;

const DOCUMENT = 'SPDXRef-DOCUMENT';
const NO_VALUE = new Set(['NOASSERTION', 'NONE']);

/**
 * Relationships that make a dependency edge. `A DEPENDS_ON B` and `A DYNAMIC_LINK|STATIC_LINK B`: A depends
 * on B. `A *_DEPENDENCY_OF B`: B depends on A. CONTAINS and the rest describe packaging, not dependencies.
 */
const FORWARD = new Set(['DEPENDS_ON', 'DYNAMIC_LINK', 'STATIC_LINK']);
const REVERSE = new Set([
  'DEPENDENCY_OF',
  'DEV_DEPENDENCY_OF',
  'BUILD_DEPENDENCY_OF',
  'TEST_DEPENDENCY_OF',
  'RUNTIME_DEPENDENCY_OF',
  'OPTIONAL_DEPENDENCY_OF',
  'PROVIDED_DEPENDENCY_OF',
]);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * SPDX 2.2/2.3 JSON. Every package is a component, except the root: when the document describes exactly one
 * package (documentDescribes, `DOCUMENT DESCRIBES X`, `X DESCRIBED_BY DOCUMENT`, or Trivy's `DESCRIBE`), that
 * package is the SBOM's subject (metadataComponent), not one of its components. When it describes several
 * packages or none, there is no single root and every package stays a component.
 */
export function parseSpdxJson(fileName: string, doc: unknown): ParsedSbom {
  if (!isObject(doc)) throw parseError(fileName, 'the JSON document is not an object');
  if (typeof doc.spdxVersion !== 'string') {
    throw parseError(fileName, 'not an SPDX JSON document: spdxVersion is missing');
  }
  if (!SPDX2_VERSIONS.includes(doc.spdxVersion))
    throw unsupportedFormat(fileName, `SPDX spdxVersion '${doc.spdxVersion}' seen`);
  const packages = doc.packages ?? [];
  if (!Array.isArray(packages)) throw parseError(fileName, 'packages must be an array');
  const relationships = doc.relationships ?? [];
  if (!Array.isArray(relationships)) throw parseError(fileName, 'relationships must be an array');

  const graph = dependencyGraph(relationships);
  const parsed = packages.map((pkg, i) => toComponent(fileName, pkg, `packages[${i}]`, graph));
  const ids = new Set(parsed.map((c) => c.bomRef));
  const described = describedIds(doc, relationships).filter((id) => ids.has(id));
  const rootId = described.length === 1 ? described[0] : undefined;
  const metadataComponent = rootId === undefined ? undefined : parsed.find((c) => c.bomRef === rootId);
  return {
    format: 'spdx',
    specVersion: doc.spdxVersion.slice('SPDX-'.length),
    ...(metadataComponent ? { metadataComponent } : {}),
    components: metadataComponent ? parsed.filter((c) => c !== metadataComponent) : parsed,
    tools: tools(doc.creationInfo),
  };
}

/**
 * SPDX 2 JSON from its text (`members`: its top-level members, from json-ranges.ts), each package parsed on its own
 * when iterated. The subject is the package the document alone describes, as in `parseSpdxJson`, taken out of the
 * components when it comes. Null when the text has no `spdxVersion` (or is SPDX 3 or CycloneDX), no plain packages
 * array, or describes several packages (which of them exist decides the subject: only the whole file tells). Then,
 * and whenever reading it throws, the caller parses it whole.
 */
export function streamSpdxJsonText(
  fileName: string,
  text: string,
  members: ReadonlyMap<string, Range>,
): SbomStream | null {
  if (!members.has('spdxVersion') || members.has('bomFormat') || members.has('@context')) return null;
  const lazy = lazyDocument(text, members, 'packages');
  if (!lazy) return null;
  const { doc, items } = lazy;
  if (typeof doc.spdxVersion !== 'string') return null;
  if (!SPDX2_VERSIONS.includes(doc.spdxVersion))
    throw unsupportedFormat(fileName, `SPDX spdxVersion '${doc.spdxVersion}' seen`);
  const relationships = doc.relationships ?? [];
  if (!Array.isArray(relationships)) throw parseError(fileName, 'relationships must be an array');
  const described = describedIds(doc, relationships);
  if (described.length > 1) return null;
  const graph = dependencyGraph(relationships);
  let subject: ParsedComponent | undefined;
  function* components(): Generator<ParsedComponent> {
    for (let i = 0; i < items.length; i++) {
      const c = toComponent(fileName, items.at(i), `packages[${i}]`, graph);
      if (subject === undefined && c.bomRef === described[0]) subject = c;
      else yield c;
    }
  }
  return {
    format: 'spdx',
    specVersion: doc.spdxVersion.slice('SPDX-'.length),
    tools: tools(doc.creationInfo),
    components: components(),
    subject: () => subject,
    listed: items.length,
  };
}

function toComponent(
  fileName: string,
  pkg: unknown,
  path: string,
  graph: Map<string, string[]>,
): ParsedComponent {
  if (!isObject(pkg)) throw parseError(fileName, `${path} must be an object`);
  const bomRef = str(pkg.SPDXID);
  if (bomRef === null) throw parseError(fileName, `${path}.SPDXID is missing`);
  const fail = (message: string): never => {
    throw parseError(fileName, message);
  };
  const name = textField(pkg.name, fail, `${path}.name`);
  if (name === null) throw parseError(fileName, `${path}.name is missing or empty`);
  const version = textField(pkg.versionInfo, fail, `${path}.versionInfo`);
  const refs = Array.isArray(pkg.externalRefs) ? pkg.externalRefs.filter(isObject) : [];
  const locator = (types: string[]) =>
    str(refs.find((r) => types.includes(String(r.referenceType)))?.referenceLocator);
  const { purl, ecosystem, packageKey } = purlInfo(locator(['purl']));
  const purpose = str(pkg.primaryPackagePurpose);
  return {
    bomRef,
    type: purpose ? purpose.toLowerCase().replaceAll('_', '-') : 'library',
    group: null,
    name,
    version,
    purl,
    cpe: locator(['cpe23Type', 'cpe22Type']),
    ecosystem,
    packageKey,
    licenses: licenses(pkg),
    ...licenseData(pkg),
    hashes: checksums(pkg.checksums),
    supplier: actor(pkg.supplier),
    scope: null,
    dependsOn: graph.get(bomRef) ?? [],
  };
}

/** The concluded license (what was found), else the declared one; NOASSERTION and NONE mean none. */
function licenses(pkg: Json): string[] {
  for (const field of [pkg.licenseConcluded, pkg.licenseDeclared]) {
    const value = str(field);
    if (value !== null && !NO_VALUE.has(value)) return [value];
  }
  return [];
}

/** Concluded and declared as written, NOASSERTION and NONE included: policies tell them apart (section 15). */
function licenseData(pkg: Json): Pick<ParsedComponent, 'licenseData'> {
  const concluded = str(pkg.licenseConcluded);
  const declared = str(pkg.licenseDeclared);
  return concluded === null && declared === null ? {} : { licenseData: { spdx: { concluded, declared } } };
}

function checksums(list: unknown): ParsedHash[] {
  if (!Array.isArray(list)) return [];
  const out: ParsedHash[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const alg = str(entry.algorithm);
    const content = str(entry.checksumValue);
    if (alg !== null && content !== null) out.push({ alg: normalizeHashAlg(alg), content });
  }
  return out;
}

/** `Organization: Acme` / `Person: Jane` → the name; NOASSERTION → null. */
function actor(value: unknown): string | null {
  const text = str(value);
  if (text === null || NO_VALUE.has(text)) return null;
  return str(text.replace(/^(Organization|Person|Tool):\s*/, ''));
}

function describedIds(doc: Json, relationships: unknown[]): string[] {
  const out = new Set<string>();
  if (Array.isArray(doc.documentDescribes))
    for (const id of doc.documentDescribes) if (typeof id === 'string') out.add(id);
  for (const rel of relationships) {
    if (!isObject(rel)) continue;
    const type = rel.relationshipType;
    if ((type === 'DESCRIBES' || type === 'DESCRIBE') && rel.spdxElementId === DOCUMENT)
      out.add(String(rel.relatedSpdxElement));
    if (type === 'DESCRIBED_BY' && rel.relatedSpdxElement === DOCUMENT) out.add(String(rel.spdxElementId));
  }
  return [...out];
}

function dependencyGraph(relationships: unknown[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const add = (from: unknown, to: unknown) => {
    if (typeof from !== 'string' || typeof to !== 'string') return;
    const targets = graph.get(from);
    if (!targets) graph.set(from, [to]);
    else if (!targets.includes(to)) targets.push(to);
  };
  for (const rel of relationships) {
    if (!isObject(rel) || typeof rel.relationshipType !== 'string') continue;
    if (FORWARD.has(rel.relationshipType)) add(rel.spdxElementId, rel.relatedSpdxElement);
    else if (REVERSE.has(rel.relationshipType)) add(rel.relatedSpdxElement, rel.spdxElementId);
  }
  return graph;
}

/** creationInfo.creators entries `Tool: syft-0.64.0`. */
function tools(creationInfo: unknown): ParsedTool[] {
  if (!isObject(creationInfo) || !Array.isArray(creationInfo.creators)) return [];
  return creationInfo.creators
    .map(str)
    .filter((c): c is string => c !== null && c.startsWith('Tool:'))
    .map((c) => ({ name: c.slice('Tool:'.length).trim(), version: null }));
}
