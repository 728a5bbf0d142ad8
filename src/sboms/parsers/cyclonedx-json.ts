/** CycloneDX JSON (1.2–1.6) → the parsed SBOM model. */
import {
  collectStream,
  type LicenseData,
  type ParsedComponent,
  type ParsedHash,
  type ParsedSbom,
  type ParsedTool,
  type SbomStream,
} from '../sbom-model.ts';
import { purlInfo, str, textField } from './component-fields.ts';
import { CYCLONEDX_JSON_VERSIONS, unsupportedFormat } from './formats.ts';
import { lazyDocument, topLevelMembers, type LazyArray, type Range } from './json-ranges.ts';
import { parseError } from './parse-error.ts';

type Json = Record<string, unknown>;

/** Nesting deeper than this is not a real SBOM; refusing it keeps recursion bounded. */
const MAX_DEPTH = 64;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * CycloneDX JSON from its text (`members`: its top-level members, from json-ranges.ts), each top-level component
 * parsed on its own when iterated, so no tree of the whole file is ever built. Null when the text has no
 * `bomFormat` or no plain components array; then, and whenever reading it throws, the caller parses it whole
 * (`parseCycloneDxJson`), which gives exactly the answer it always gave, the invalid JSON's position included.
 */
export function streamCycloneDxJsonText(
  fileName: string,
  text: string,
  members: ReadonlyMap<string, Range>,
): SbomStream | null {
  if (!members.has('bomFormat')) return null;
  // The dependencies (≈ 15 MiB of a 48.5 MiB file) read one entry at a time, like the components.
  const lazy = lazyDocument(text, members, 'components', ['dependencies']);
  return lazy && streamCycloneDx(fileName, lazy.doc, lazy.items, lazy.arrays.get('dependencies'));
}

/** CycloneDX JSON from its text, read one component at a time (no tree of the whole file); null as above. */
export function parseCycloneDxJsonText(fileName: string, text: string): ParsedSbom | null {
  try {
    const members = topLevelMembers(text);
    const stream = members && streamCycloneDxJsonText(fileName, text, members);
    return stream && collectStream(stream);
  } catch {
    return null;
  }
}

/** A parsed JSON document that must be a CycloneDX BOM of a supported version. */
export function parseCycloneDxJson(fileName: string, doc: unknown): ParsedSbom {
  return collectStream(streamCycloneDx(fileName, doc));
}

function streamCycloneDx(
  fileName: string,
  doc: unknown,
  lazy?: LazyArray,
  lazyDependencies?: LazyArray,
): SbomStream {
  if (!isObject(doc)) throw parseError(fileName, 'the JSON document is not an object');
  if (doc.bomFormat !== 'CycloneDX') {
    throw parseError(
      fileName,
      `not a CycloneDX document: bomFormat is ${JSON.stringify(doc.bomFormat ?? null)}, expected "CycloneDX"`,
    );
  }
  const specVersion = typeof doc.specVersion === 'string' ? doc.specVersion : String(doc.specVersion ?? '');
  if (!CYCLONEDX_JSON_VERSIONS.includes(specVersion)) {
    throw unsupportedFormat(fileName, `CycloneDX JSON specVersion '${specVersion}' seen`);
  }
  const metadata = doc.metadata === undefined ? {} : doc.metadata;
  if (!isObject(metadata)) throw parseError(fileName, 'metadata must be an object');

  const ctx = { fileName, graph: dependencyGraph(fileName, doc.dependencies, lazyDependencies) };
  const metadataComponent =
    metadata.component === undefined ? undefined : toComponent(ctx, metadata.component, 'metadata.component');
  // Sub-components of the subject are real parts of it: they are components too.
  const subjectParts = metadataComponent && (metadata.component as Json).components;
  const topLevel = doc.components;
  function* components(): Generator<ParsedComponent> {
    yield* collect(ctx, subjectParts, 'metadata.component.components', 1);
    if (lazy) yield* collectItems(ctx, lazy.length, lazy.at, 'components', 0);
    else yield* collect(ctx, topLevel, 'components', 0);
  }
  return {
    format: 'cyclonedx',
    specVersion,
    tools: tools(metadata.tools),
    components: components(),
    subject: () => metadataComponent,
    ...(lazy ? { listed: lazy.length } : {}),
  };
}

interface Context {
  fileName: string;
  graph: Map<string, string[]>;
}

/** Depth-first, parent before children, so positions follow the document. */
function* collect(ctx: Context, list: unknown, path: string, depth: number): Generator<ParsedComponent> {
  if (list === undefined || list === null) return;
  if (!Array.isArray(list)) throw parseError(ctx.fileName, `${path} must be an array`);
  yield* collectItems(ctx, list.length, (i) => list[i], path, depth);
}

function* collectItems(
  ctx: Context,
  length: number,
  at: (index: number) => unknown,
  path: string,
  depth: number,
): Generator<ParsedComponent> {
  if (depth > MAX_DEPTH)
    throw parseError(ctx.fileName, `${path}: components nested deeper than ${MAX_DEPTH} levels`);
  for (let i = 0; i < length; i++) {
    const item = at(i);
    yield toComponent(ctx, item, `${path}[${i}]`);
    yield* collect(ctx, (item as Json).components, `${path}[${i}].components`, depth + 1);
  }
}

function toComponent(ctx: Context, item: unknown, path: string): ParsedComponent {
  if (!isObject(item)) throw parseError(ctx.fileName, `${path} must be an object`);
  const fail = (message: string): never => {
    throw parseError(ctx.fileName, message);
  };
  const name = textField(item.name, fail, `${path}.name`);
  if (name === null) throw parseError(ctx.fileName, `${path}.name is missing or empty`);
  const version = textField(item.version, fail, `${path}.version`);
  const bomRef = textField(item['bom-ref'], fail, `${path}.bom-ref`);
  const { purl, ecosystem, packageKey } = purlInfo(item.purl);
  return {
    bomRef,
    type: str(item.type) ?? 'library',
    group: str(item.group),
    name,
    version,
    purl,
    cpe: str(item.cpe),
    ecosystem,
    packageKey,
    ...licenses(item.licenses),
    hashes: hashes(item.hashes),
    supplier: isObject(item.supplier) ? str(item.supplier.name) : null,
    scope: str(item.scope),
    dependsOn: (bomRef !== null && ctx.graph.get(bomRef)) || [],
  };
}

function licenses(list: unknown): Pick<ParsedComponent, 'licenses' | 'licenseData'> {
  if (!Array.isArray(list)) return { licenses: [] };
  const out: string[] = [];
  const cdx: Extract<LicenseData, { cdx: unknown }>['cdx'] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const expression = str(entry.expression);
    if (expression !== null) {
      out.push(expression);
      cdx.push({ expression });
    } else if (isObject(entry.license)) {
      const id = str(entry.license.id);
      const name = str(entry.license.name);
      if (id !== null) cdx.push({ id });
      else if (name !== null) cdx.push({ name });
      if ((id ?? name) !== null) out.push((id ?? name)!);
    }
  }
  return cdx.length === 0 ? { licenses: out } : { licenses: out, licenseData: { cdx } };
}

function hashes(list: unknown): ParsedHash[] {
  if (!Array.isArray(list)) return [];
  const out: ParsedHash[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const alg = str(entry.alg);
    const content = str(entry.content);
    if (alg !== null && content !== null) out.push({ alg, content });
  }
  return out;
}

const GRAPH_CHUNK = 1024;

/** `list`: the document's dependencies; or `lazy`, their entries parsed one at a time (lazyDocument). */
function dependencyGraph(fileName: string, list: unknown, lazy?: LazyArray): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  if (!lazy && (list === undefined || list === null)) return graph;
  if (!lazy && !Array.isArray(list)) throw parseError(fileName, 'dependencies must be an array');
  const length = lazy ? lazy.length : (list as unknown[]).length;
  let chunk: unknown[] = [];
  for (let i = 0; i < length; i++) {
    // A lazy list in chunks of GRAPH_CHUNK entries: each chunk's objects die young, as one entry each would, at
    // about the CPU of one parse of them all.
    if (lazy && i % GRAPH_CHUNK === 0) chunk = lazy.range(i, Math.min(i + GRAPH_CHUNK, length));
    const entry = lazy ? chunk[i % GRAPH_CHUNK] : (list as unknown[])[i];
    if (!isObject(entry)) continue;
    const ref = str(entry.ref);
    if (ref === null || !Array.isArray(entry.dependsOn)) continue;
    let targets = graph.get(ref);
    if (!targets) graph.set(ref, (targets = []));
    for (const target of entry.dependsOn as unknown[]) {
      const name = str(target);
      if (name !== null) targets.push(name);
    }
  }
  return graph;
}

/** metadata.tools: the legacy array of tools (≤1.4) or the 1.5+ object of components and services. */
function tools(value: unknown): ParsedTool[] {
  const list = Array.isArray(value)
    ? value
    : isObject(value)
      ? [
          ...(Array.isArray(value.components) ? value.components : []),
          ...(Array.isArray(value.services) ? value.services : []),
        ]
      : [];
  const out: ParsedTool[] = [];
  for (const tool of list) {
    if (!isObject(tool)) continue;
    const name = str(tool.name);
    if (name !== null) out.push({ name, version: str(tool.version) });
  }
  return out;
}
