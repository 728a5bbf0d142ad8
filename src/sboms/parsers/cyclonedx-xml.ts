import { XMLParser } from 'fast-xml-parser';
import type { ParsedComponent, ParsedHash, ParsedSbom, ParsedTool } from '../sbom-model.ts';
import { purlInfo, str } from './component-fields.ts';
import { parseError } from './parse-error.ts';
import { assertWellFormed, readRoot, rejectDoctype } from './xml-guard.ts';

type Node = Record<string, unknown>;

const NAMESPACE = /^http:\/\/cyclonedx\.org\/schema\/bom\/(1\.[0-6])$/;
const MAX_DEPTH = 64;
const ARRAY_TAGS = new Set(['component', 'license', 'hash', 'dependency', 'tool', 'service', 'expression']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: false,
  isArray: (name) => ARRAY_TAGS.has(name),
  // Subtrees the model does not use are kept as raw text instead of being built into objects: faster, and
  // pedigree ancestors (which are <component>s) never leak into the component list.
  stopNodes: ['*.description', '*.externalReferences', '*.properties', '*.pedigree', '*.evidence', '*.swid',
    '*.copyright', '*.releaseNotes', '*.modelCard', '*.data', '*.cryptoProperties', '*.annotations',
    '*.compositions', '*.vulnerabilities', '*.formulation', '*.definitions', '*.signature', '*.patch'],
});

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
/** Text of an element that may carry attributes (`{'#text': …}`) or not (a plain string). */
const text = (value: unknown): string | null => str(isNode(value) ? value['#text'] : value);

/** CycloneDX XML 1.0–1.6; the version comes from the root element's namespace. */
export function parseCycloneDxXml(fileName: string, source: string): ParsedSbom {
  rejectDoctype(fileName, source);
  const root = readRoot(source);
  if (!root) throw parseError(fileName, 'no XML root element found');
  if (root.name !== 'bom') throw parseError(fileName, `XML root element is <${root.name}>, not a CycloneDX <bom>`);
  const version = root.namespace ? NAMESPACE.exec(root.namespace) : null;
  if (!version) {
    throw parseError(fileName, `the <bom> namespace ${JSON.stringify(root.namespace)} is not a CycloneDX 1.0–1.6 namespace`);
  }
  assertWellFormed(fileName, source);
  const bom = (parser.parse(source) as Node).bom;
  const doc: Node = isNode(bom) ? bom : {};
  const metadata: Node = isNode(doc.metadata) ? doc.metadata : {};

  const ctx: Context = { fileName, graph: dependencyGraph(doc.dependencies), components: [] };
  let metadataComponent: ParsedComponent | undefined;
  const subject = list(metadata.component)[0];
  if (subject !== undefined) {
    metadataComponent = toComponent(ctx, subject, 'metadata/component');
    collect(ctx, (subject as Node).components, 'metadata/component/components', 1);
  }
  collect(ctx, doc.components, 'components', 0);
  return {
    format: 'cyclonedx',
    specVersion: version[1]!,
    ...(metadataComponent ? { metadataComponent } : {}),
    components: ctx.components,
    tools: tools(metadata.tools),
  };
}

interface Context {
  fileName: string;
  graph: Map<string, string[]>;
  components: ParsedComponent[];
}

function collect(ctx: Context, container: unknown, path: string, depth: number): void {
  if (!isNode(container)) return;
  if (depth > MAX_DEPTH) throw parseError(ctx.fileName, `${path}: components nested deeper than ${MAX_DEPTH} levels`);
  const items = list(container.component);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    ctx.components.push(toComponent(ctx, item, `${path}/component[${i + 1}]`));
    collect(ctx, (item as Node).components, `${path}/component[${i + 1}]/components`, depth + 1);
  }
}

function toComponent(ctx: Context, item: unknown, path: string): ParsedComponent {
  if (!isNode(item)) throw parseError(ctx.fileName, `${path} has no <name>`);
  const name = text(item.name);
  if (name === null) throw parseError(ctx.fileName, `${path} has no <name>`);
  const bomRef = str(item['@_bom-ref']);
  const { purl, ecosystem, packageKey } = purlInfo(text(item.purl));
  return {
    bomRef,
    type: str(item['@_type']) ?? 'library',
    group: text(item.group),
    name,
    version: text(item.version),
    purl,
    cpe: text(item.cpe),
    ecosystem,
    packageKey,
    licenses: licenses(item.licenses),
    hashes: hashes(item.hashes),
    supplier: isNode(item.supplier) ? text(item.supplier.name) : null,
    scope: text(item.scope),
    dependsOn: (bomRef !== null && ctx.graph.get(bomRef)) || [],
  };
}

function licenses(container: unknown): string[] {
  if (!isNode(container)) return [];
  const out: string[] = [];
  for (const license of list(container.license)) {
    if (!isNode(license)) continue;
    const id = text(license.id) ?? text(license.name);
    if (id !== null) out.push(id);
  }
  for (const expression of list(container.expression)) {
    const value = text(expression);
    if (value !== null) out.push(value);
  }
  return out;
}

function hashes(container: unknown): ParsedHash[] {
  if (!isNode(container)) return [];
  const out: ParsedHash[] = [];
  for (const hash of list(container.hash)) {
    const alg = isNode(hash) ? str(hash['@_alg']) : null;
    const content = text(hash);
    if (alg !== null && content !== null) out.push({ alg, content });
  }
  return out;
}

function dependencyGraph(container: unknown): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  if (!isNode(container)) return graph;
  for (const dependency of list(container.dependency)) {
    if (!isNode(dependency)) continue;
    const ref = str(dependency['@_ref']);
    if (ref === null) continue;
    const targets = list(dependency.dependency)
      .map((d) => (isNode(d) ? str(d['@_ref']) : null))
      .filter((t): t is string => t !== null);
    graph.set(ref, [...(graph.get(ref) ?? []), ...targets]);
  }
  return graph;
}

/** metadata/tools: legacy <tool> elements, or 1.5+ <components>/<services>. */
function tools(container: unknown): ParsedTool[] {
  if (!isNode(container)) return [];
  const nested = [
    ...(isNode(container.components) ? list(container.components.component) : []),
    ...(isNode(container.services) ? list(container.services.service) : []),
  ];
  const out: ParsedTool[] = [];
  for (const tool of [...list(container.tool), ...nested]) {
    if (!isNode(tool)) continue;
    const name = text(tool.name);
    if (name !== null) out.push({ name, version: text(tool.version) });
  }
  return out;
}
