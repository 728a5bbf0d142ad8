/** CycloneDX XML (1.0–1.6) → the parsed SBOM model, over the strict XML reader. */
import type { LicenseData, ParsedComponent, ParsedHash, ParsedSbom, ParsedTool } from '../sbom-model.ts';
import { purlInfo, str } from './component-fields.ts';
import { unsupportedFormat } from './formats.ts';
import { parseError } from './parse-error.ts';
import { readRoot, rejectDoctype } from './xml-guard.ts';
import { readXml, XmlSyntaxError, type XmlElement } from './xml-reader.ts';

const NAMESPACE = /^http:\/\/cyclonedx\.org\/schema\/bom\/(1\.[0-7])$/;
const MAX_DEPTH = 64;
/** Subtrees the model does not use: checked for well-formedness, never built (pedigree ancestors are <component>s too). */
export const SKIP = new Set([
  'description',
  'externalReferences',
  'properties',
  'pedigree',
  'evidence',
  'swid',
  'copyright',
  'releaseNotes',
  'modelCard',
  'data',
  'cryptoProperties',
  'annotations',
  'compositions',
  'vulnerabilities',
  'formulation',
  'definitions',
  'signature',
  'patch',
  'author',
  'authors',
  'publisher',
  'manufacturer',
  'omniborId',
  'swhid',
]);

const child = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el?.children.find((c) => c.name === name);
const children = (el: XmlElement | undefined, name: string): XmlElement[] =>
  el ? el.children.filter((c) => c.name === name) : [];
const text = (el: XmlElement | undefined): string | null => (el ? str(el.text) : null);

/** CycloneDX XML 1.0–1.7; the version comes from the root element's namespace. */
export function parseCycloneDxXml(fileName: string, source: string): ParsedSbom {
  rejectDoctype(fileName, source);
  const root = readRoot(source);
  if (!root) throw parseError(fileName, 'no XML root element found');
  if (root.name !== 'bom')
    throw parseError(fileName, `XML root element is <${root.name}>, not a CycloneDX <bom>`);
  const version = root.namespace ? NAMESPACE.exec(root.namespace) : null;
  if (!version) {
    // A CycloneDX namespace of another version is a version we do not read; any other <bom> is broken content.
    const other = /^http:\/\/cyclonedx\.org\/schema\/bom\/([\d.]+)$/.exec(root.namespace ?? '');
    if (other) throw unsupportedFormat(fileName, `CycloneDX XML ${other[1]} seen`);
    throw parseError(
      fileName,
      `the <bom> namespace ${JSON.stringify(root.namespace)} is not a CycloneDX 1.0–1.7 namespace`,
    );
  }
  let doc: XmlElement;
  try {
    doc = readXml(source, SKIP);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw parseError(fileName, `malformed XML: ${error.message}`);
    throw error;
  }
  const metadata = child(doc, 'metadata');
  const ctx: Context = { fileName, graph: dependencyGraph(child(doc, 'dependencies')), components: [] };
  let metadataComponent: ParsedComponent | undefined;
  const subject = child(metadata, 'component');
  if (subject !== undefined) {
    metadataComponent = toComponent(ctx, subject, 'metadata/component');
    collect(ctx, child(subject, 'components'), 'metadata/component/components', 1);
  }
  collect(ctx, child(doc, 'components'), 'components', 0);
  return {
    format: 'cyclonedx',
    specVersion: version[1]!,
    ...(metadataComponent ? { metadataComponent } : {}),
    components: ctx.components,
    tools: tools(child(metadata, 'tools')),
  };
}

interface Context {
  fileName: string;
  graph: Map<string, string[]>;
  components: ParsedComponent[];
}

function collect(ctx: Context, container: XmlElement | undefined, path: string, depth: number): void {
  if (!container) return;
  if (depth > MAX_DEPTH)
    throw parseError(ctx.fileName, `${path}: components nested deeper than ${MAX_DEPTH} levels`);
  const items = children(container, 'component');
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    ctx.components.push(toComponent(ctx, item, `${path}/component[${i + 1}]`));
    collect(ctx, child(item, 'components'), `${path}/component[${i + 1}]/components`, depth + 1);
  }
}

function toComponent(ctx: Context, item: XmlElement, path: string): ParsedComponent {
  const name = text(child(item, 'name'));
  if (name === null) throw parseError(ctx.fileName, `${path} has no <name>`);
  const bomRef = str(item.attrs['bom-ref']);
  const { purl, ecosystem, packageKey } = purlInfo(text(child(item, 'purl')));
  return {
    bomRef,
    type: str(item.attrs.type) ?? 'library',
    group: text(child(item, 'group')),
    name,
    version: text(child(item, 'version')),
    purl,
    cpe: text(child(item, 'cpe')),
    ecosystem,
    packageKey,
    ...licenses(child(item, 'licenses')),
    hashes: hashes(child(item, 'hashes')),
    supplier: text(child(child(item, 'supplier'), 'name')),
    scope: text(child(item, 'scope')),
    dependsOn: (bomRef !== null && ctx.graph.get(bomRef)) || [],
  };
}

function licenses(container: XmlElement | undefined): Pick<ParsedComponent, 'licenses' | 'licenseData'> {
  const out: string[] = [];
  const cdx: Extract<LicenseData, { cdx: unknown }>['cdx'] = [];
  for (const license of children(container, 'license')) {
    const id = text(child(license, 'id'));
    const name = text(child(license, 'name'));
    if (id !== null) cdx.push({ id });
    else if (name !== null) cdx.push({ name });
    if ((id ?? name) !== null) out.push((id ?? name)!);
  }
  for (const expression of children(container, 'expression')) {
    const value = text(expression);
    if (value !== null) {
      out.push(value);
      cdx.push({ expression: value });
    }
  }
  return cdx.length === 0 ? { licenses: out } : { licenses: out, licenseData: { cdx } };
}

function hashes(container: XmlElement | undefined): ParsedHash[] {
  const out: ParsedHash[] = [];
  for (const hash of children(container, 'hash')) {
    const alg = str(hash.attrs.alg);
    const content = text(hash);
    if (alg !== null && content !== null) out.push({ alg, content });
  }
  return out;
}

function dependencyGraph(container: XmlElement | undefined): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dependency of children(container, 'dependency')) {
    const ref = str(dependency.attrs.ref);
    if (ref === null) continue;
    const targets = children(dependency, 'dependency')
      .map((d) => str(d.attrs.ref))
      .filter((t): t is string => t !== null);
    graph.set(ref, [...(graph.get(ref) ?? []), ...targets]);
  }
  return graph;
}

/** metadata/tools: legacy <tool> elements, or 1.5+ <components>/<services>. */
function tools(container: XmlElement | undefined): ParsedTool[] {
  const all = [
    ...children(container, 'tool'),
    ...children(child(container, 'components'), 'component'),
    ...children(child(container, 'services'), 'service'),
  ];
  const out: ParsedTool[] = [];
  for (const tool of all) {
    const name = text(child(tool, 'name'));
    if (name !== null) out.push({ name, version: text(child(tool, 'version')) });
  }
  return out;
}
