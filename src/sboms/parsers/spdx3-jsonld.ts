// SPDX 3.0.1 JSON-LD (`@context` https://spdx.org/rdf/3.0.1/spdx-context.jsonld, elements in `@graph`): packages
// from software_Package elements, purls from externalIdentifier (or software_packageUrl), dependencies from
// Relationship elements, licenses from hasConcludedLicense/hasDeclaredLicense, the subject from rootElement.
import type { ParsedComponent, ParsedHash, ParsedSbom, ParsedTool } from '../sbom-model.ts';
import { normalizeHashAlg, purlInfo, str } from './component-fields.ts';
import { SPDX3_VERSIONS, spdx3ContextVersion, unsupportedFormat } from './formats.ts';
import { parseError } from './parse-error.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `A dependsOn B` and the link/optional/provided variants: A depends on each B. */
const DEPENDENCY = new Set([
  'dependsOn',
  'hasDynamicLink',
  'hasStaticLink',
  'hasOptionalDependency',
  'hasProvidedDependency',
]);
const LICENSE = { concluded: 'hasConcludedLicense', declared: 'hasDeclaredLicense' };
const NO_VALUE = new Set(['NOASSERTION', 'NONE', 'NoAssertionLicense', 'NoneLicense']);

const idOf = (element: Json): string | null => str(element.spdxId) ?? str(element['@id']);
const ids = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (isObject(v) ? idOf(v) : str(v)))
    .filter((v): v is string => v !== null);

export function parseSpdx3JsonLd(fileName: string, doc: unknown): ParsedSbom {
  if (!isObject(doc)) throw parseError(fileName, 'the JSON-LD document is not an object');
  const graph = doc['@graph'];
  if (!Array.isArray(graph)) throw parseError(fileName, "'@graph' is missing or not an array of elements");
  const byId = new Map<string, Json>();
  graph.forEach((element, i) => {
    if (!isObject(element)) throw parseError(fileName, `@graph[${i}] must be an object`);
    if (typeof element.type !== 'string') throw parseError(fileName, `@graph[${i}].type is missing`);
    const id = idOf(element);
    if (id !== null) byId.set(id, element);
  });
  const version = specVersion(doc, graph as Json[]);
  if (!SPDX3_VERSIONS.includes(version)) throw unsupportedFormat(fileName, `SPDX ${version} JSON-LD seen`);

  const dependsOn = new Map<string, string[]>();
  const licenses = new Map<string, { concluded: string[]; declared: string[] }>();
  (graph as Json[]).forEach((element, i) => {
    if (element.type !== 'Relationship' && element.type !== 'LifecycleScopedRelationship') return;
    const from = str(element.from);
    const to = ids(element.to);
    const type = str(element.relationshipType);
    if (from === null || type === null)
      throw parseError(fileName, `@graph[${i}]: a Relationship needs 'from' and 'relationshipType'`);
    if (DEPENDENCY.has(type)) dependsOn.set(from, [...(dependsOn.get(from) ?? []), ...to]);
    for (const [kind, relType] of Object.entries(LICENSE) as ['concluded' | 'declared', string][]) {
      if (type !== relType) continue;
      const entry = licenses.get(from) ?? { concluded: [], declared: [] };
      entry[kind].push(...to.map((id) => licenseText(byId.get(id), id)).filter((l) => l !== null));
      licenses.set(from, entry);
    }
  });

  const packages: ParsedComponent[] = [];
  (graph as Json[]).forEach((element, i) => {
    if (element.type !== 'software_Package') return;
    const spdxId = idOf(element);
    if (spdxId === null) throw parseError(fileName, `@graph[${i}] (software_Package) has no spdxId`);
    const name = str(element.name);
    if (name === null) throw parseError(fileName, `@graph[${i}] (software_Package ${spdxId}) has no name`);
    const identifiers = Array.isArray(element.externalIdentifier)
      ? element.externalIdentifier.filter(isObject)
      : [];
    const identifier = (types: string[]) =>
      str(identifiers.find((e) => types.includes(String(e.externalIdentifierType)))?.identifier);
    const { purl, ecosystem, packageKey } = purlInfo(
      identifier(['packageUrl']) ?? str(element.software_packageUrl),
    );
    const license = licenses.get(spdxId);
    const purpose = str(element.software_primaryPurpose);
    packages.push({
      bomRef: spdxId,
      type: purpose ? purpose.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : 'library',
      group: null,
      name,
      version: str(element.software_packageVersion),
      purl,
      cpe: identifier(['cpe23', 'cpe22']),
      ecosystem,
      packageKey,
      // What was found (concluded) wins over what the package says (declared), as in SPDX 2.
      licenses: license?.concluded.length ? license.concluded : (license?.declared ?? []),
      ...(license && (license.concluded.length > 0 || license.declared.length > 0)
        ? {
            licenseData: {
              spdx: {
                concluded: license.concluded.join(' AND ') || null,
                declared: license.declared.join(' AND ') || null,
              },
            },
          }
        : {}),
      hashes: hashes(element.verifiedUsing),
      supplier: agentName(byId, element.suppliedBy),
      scope: null,
      dependsOn: dependsOn.get(spdxId) ?? [],
    });
  });

  const roots = rootIds(graph as Json[]);
  const rootId = roots.length === 1 ? roots[0] : undefined;
  const metadataComponent = packages.find((p) => p.bomRef === rootId);
  return {
    format: 'spdx',
    specVersion: version,
    ...(metadataComponent ? { metadataComponent } : {}),
    components: metadataComponent ? packages.filter((p) => p !== metadataComponent) : packages,
    tools: tools(byId, graph as Json[]),
  };
}

/** The context's version (`…/rdf/3.0.1/…`), else CreationInfo.specVersion. */
function specVersion(doc: Json, graph: Json[]): string {
  const fromContext = spdx3ContextVersion(doc);
  if (fromContext) return fromContext;
  const info = graph.find((e) => e.type === 'CreationInfo');
  return str(info?.specVersion) ?? 'unknown version';
}

/** The software_Packages a document names as its subject: rootElement of SpdxDocument/software_Sbom, `describes`. */
function rootIds(graph: Json[]): string[] {
  const out = new Set<string>();
  for (const element of graph) {
    if (element.type === 'software_Sbom' || element.type === 'SpdxDocument')
      for (const id of ids(element.rootElement)) out.add(id);
    if (element.type === 'Relationship' && element.relationshipType === 'describes')
      for (const id of ids(element.to)) out.add(id);
  }
  const packages = new Set(graph.filter((e) => e.type === 'software_Package').map(idOf));
  return [...out].filter((id) => packages.has(id));
}

function licenseText(element: Json | undefined, id: string): string | null {
  const text =
    str(element?.simplelicensing_licenseExpression) ??
    str(element?.name) ??
    // Listed licenses are often referenced by IRI only: https://spdx.org/licenses/MIT → MIT.
    /^https?:\/\/spdx\.org\/licenses\/([^/]+)$/.exec(id)?.[1] ??
    null;
  return text === null || NO_VALUE.has(text) ? null : text;
}

function hashes(list: unknown): ParsedHash[] {
  if (!Array.isArray(list)) return [];
  const out: ParsedHash[] = [];
  for (const entry of list) {
    if (!isObject(entry) || entry.type !== 'Hash') continue;
    const alg = str(entry.algorithm);
    const content = str(entry.hashValue);
    // SPDX 3 spells algorithms in lower case (`sha256`, `sha3_256`).
    if (alg !== null && content !== null)
      out.push({ alg: normalizeHashAlg(alg.toUpperCase().replace('_', '-')), content });
  }
  return out;
}

function agentName(byId: Map<string, Json>, ref: unknown): string | null {
  const [id] = ids(ref);
  if (id === undefined) return null;
  return str(byId.get(id)?.name) ?? id;
}

/** Tools named by CreationInfo.createdUsing (inline CreationInfo objects or the graph's own). */
function tools(byId: Map<string, Json>, graph: Json[]): ParsedTool[] {
  const out = new Map<string, ParsedTool>();
  const infos = graph.filter((e) => e.type === 'CreationInfo');
  for (const element of graph) if (isObject(element.creationInfo)) infos.push(element.creationInfo);
  for (const info of infos) {
    for (const id of ids(info.createdUsing)) {
      const name = str(byId.get(id)?.name) ?? id;
      out.set(name, { name, version: null });
    }
  }
  return [...out.values()];
}
