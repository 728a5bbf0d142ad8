/** CycloneDX XML (1.0–1.7) → the parsed SBOM model, read with saxes one unit at a time (xml-units.ts). */
import type { LicenseData, ParsedComponent, ParsedHash, ParsedSbom, ParsedTool } from '../sbom-model.ts';
import { purlInfo, str } from './component-fields.ts';
import { CheckedDependencyGraph, type XmlDependencyGraph } from './cyclonedx-xml-graph.ts';
import { unsupportedFormat } from './formats.ts';
import { parseError } from './parse-error.ts';
import { readRoot, rejectDoctype, type XmlRoot } from './xml-guard.ts';
import { syntaxError } from './xml-syntax.ts';
import {
  XmlFailure,
  XmlUnitReader,
  type RootTag,
  type Shape,
  type Shapes,
  type Unit,
  type XmlElement,
} from './xml-units.ts';

const NAMESPACE = /^http:\/\/cyclonedx\.org\/schema\/bom\/(1\.[0-7])$/;
const MAX_DEPTH = 64;
/**
 * Subtrees the model does not use, which the reader never built even before it built only the shapes below: the
 * one thing they still decide is that one of them inside an element whose text is read does not end that text.
 */
const SKIP: ReadonlySet<string> = new Set([
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

/** One hidden class for every shape: the reader's look-ups stay monomorphic. */
function shape(children: Iterable<[string, Shape]> | null, more: Partial<Shape> = {}): Shape {
  const all = { children: null, attributes: null, text: false, unit: null, once: false, edges: false };
  return { ...all, ...more, children: children instanceof Map ? children : children && new Map(children) };
}

/** What the model reads of an element: its text (a leaf). */
const TEXT = shape(null, { text: true });
/** A tool: legacy <tool>, or a component or service of metadata/tools (1.5+). */
const TOOL = shape([
  ['name', TEXT],
  ['version', TEXT],
]);
/** A component's children read by `toComponent`; its nested <components> is added below (the shape recurs). */
const COMPONENT_FIELDS = new Map<string, Shape>([
  ...['name', 'group', 'version', 'purl', 'cpe', 'scope'].map((name): [string, Shape] => [name, TEXT]),
  ['supplier', shape([['name', TEXT]])],
  [
    'licenses',
    shape([
      [
        'license',
        shape([
          ['id', TEXT],
          ['name', TEXT],
        ]),
      ],
      ['expression', TEXT],
    ]),
  ],
  ['hashes', shape([['hash', shape(null, { text: true, attributes: ['alg'] })]])],
]);
const component = (more: Partial<Shape> = {}) =>
  shape(COMPONENT_FIELDS, { attributes: ['bom-ref', 'type'], ...more });
const COMPONENT = component();
COMPONENT_FIELDS.set('components', shape([['component', COMPONENT]]));

/** Everything the model reads of a document; the rest is checked by saxes and never built. */
const SHAPES: Shapes = {
  root: shape([
    [
      'metadata',
      shape(
        [
          ['component', COMPONENT],
          [
            'tools',
            shape([
              ['tool', TOOL],
              ['components', shape([['component', TOOL]])],
              ['services', shape([['service', TOOL]])],
            ]),
          ],
        ],
        { unit: 'metadata', once: true },
      ),
    ],
    ['components', shape([['component', component({ unit: 'component' })]], { once: true })],
    ['dependencies', shape([['dependency', shape(null, { edges: true })]], { once: true })],
  ]),
  keepsText: SKIP,
};

// Loops rather than `find`/`filter` with a closure: these run a dozen times per component.
function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (el === undefined) return undefined;
  const all = el.children;
  for (let i = 0; i < all.length; i++) if (all[i]!.name === name) return all[i];
  return undefined;
}
function children(el: XmlElement | undefined, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  if (el === undefined) return out;
  const all = el.children;
  for (let i = 0; i < all.length; i++) if (all[i]!.name === name) out.push(all[i]!);
  return out;
}
const text = (el: XmlElement | undefined): string | null => (el ? str(el.text) : null);

/** The CycloneDX version a root element announces; PARSE_ERROR or UNSUPPORTED_FORMAT when it is not a <bom>. */
function bomVersion(fileName: string, root: XmlRoot | null): string {
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
  return version[1]!;
}

/** The root's local name and the namespace its prefix is bound to (on the root itself, as CycloneDX writes it). */
function rootOf({ qname, attributes }: RootTag): XmlRoot {
  const colon = qname.indexOf(':');
  const namespace = attributes[colon === -1 ? 'xmlns' : `xmlns:${qname.slice(0, colon)}`];
  return { name: qname.slice(colon + 1), namespace: namespace ?? null };
}

/**
 * A CycloneDX XML document fed as text, chunk by chunk (`write`, `close`); `take` gives the components completed
 * so far, in document order (a component before the ones it nests). Components get their dependencies from the
 * graph `assume`d (read ahead, `dependenciesAhead`; none without it): most files list the dependency graph after
 * the components. The graph the document really holds is `dependencyGraph()` once it is closed.
 */
export class CycloneDxXmlDocument {
  readonly fileName: string;
  specVersion: string | undefined;
  /** The root's namespace prefix with its colon (`cdx:`), or ''. */
  prefix = '';
  subject: ParsedComponent | undefined;
  readonly tools: ParsedTool[] = [];
  #graph = new CheckedDependencyGraph(null);
  readonly #reader: XmlUnitReader;
  readonly #ctx: Context;
  /** Top-level components read so far (their paths in messages count from 1). */
  #listed = 0;

  constructor(fileName: string) {
    this.fileName = fileName;
    this.#ctx = { fileName, graph: new Map(), components: [] };
    this.#reader = new XmlUnitReader(SHAPES, {
      root: (tag) => {
        this.specVersion = bomVersion(fileName, rootOf(tag));
        this.prefix = tag.qname.slice(0, tag.qname.indexOf(':') + 1);
      },
      dependency: (ref, targets) => {
        const from = str(ref);
        if (from !== null) this.#graph.add(from, targets);
      },
    });
  }

  /**
   * The graph read ahead: components take their dependencies from it, and the document's own <dependency>
   * elements are checked against it rather than built into a second graph (those read already are checked now).
   */
  assume(graph: XmlDependencyGraph): void {
    this.#ctx.graph = graph.targets;
    const read = this.#graph.final();
    this.#graph = new CheckedDependencyGraph(graph);
    read.copyTo(this.#graph, read.size);
  }

  /** The graph the document holds, once it is closed. */
  dependencyGraph(): XmlDependencyGraph {
    return this.#graph.final();
  }

  write(chunk: string): void {
    this.#reader.write(chunk);
  }

  close(): void {
    this.#reader.close();
  }

  take(): ParsedComponent[] {
    const ctx = this.#ctx;
    ctx.components = [];
    for (const unit of this.#reader.take()) this.#read(unit);
    return ctx.components;
  }

  #read({ kind, element }: Unit): void {
    const ctx = this.#ctx;
    if (kind === 'component') {
      // Paths are for messages: built only for the components that nest others, or when one is refused.
      const listed = ++this.#listed;
      ctx.components.push(toComponent(ctx, element, 'components/component', listed));
      const nested = child(element, 'components');
      if (nested) collect(ctx, nested, `components/component[${listed}]/components`, 1);
    } else {
      const subject = child(element, 'component');
      if (subject !== undefined) {
        this.subject = toComponent(ctx, subject, 'metadata/component', 0);
        collect(ctx, child(subject, 'components'), 'metadata/component/components', 1);
      }
      this.tools.push(...tools(child(element, 'tools')));
    }
  }
}

/**
 * What `parseSbom` gives for a CycloneDX XML file: a failure is said as the hand-written reader before saxes said
 * it (a DOCTYPE first, then the root, then well-formedness with line and column), then the model's own problems.
 */
export function parseCycloneDxXml(fileName: string, source: string): ParsedSbom {
  const doc = new CycloneDxXmlDocument(fileName);
  try {
    doc.write(source);
    doc.close();
  } catch (error) {
    throw explain(fileName, source, error);
  }
  const components = doc.take();
  // The graph comes after the components in most files: each component's dependencies are known only now.
  const graph = doc.dependencyGraph().targets;
  for (const c of components) c.dependsOn = (c.bomRef !== null && graph.get(c.bomRef)) || [];
  const subject = doc.subject;
  if (subject) subject.dependsOn = (subject.bomRef !== null && graph.get(subject.bomRef)) || [];
  return {
    format: 'cyclonedx',
    specVersion: doc.specVersion!,
    ...(subject ? { metadataComponent: subject } : {}),
    components,
    tools: doc.tools,
  };
}

/** The PARSE_ERROR (or UNSUPPORTED_FORMAT) for a failed read of `source`, in the order the checks always ran. */
function explain(fileName: string, source: string, error: unknown): unknown {
  rejectDoctype(fileName, source);
  bomVersion(fileName, readRoot(source));
  if (!(error instanceof XmlFailure)) return error;
  if (error.point.message === 'doctype')
    return parseError(fileName, 'XML DOCTYPE declarations are not accepted');
  return parseError(fileName, `malformed XML: ${syntaxError(source, error.point).message}`);
}

interface Context {
  fileName: string;
  graph: ReadonlyMap<string, string[]>;
  components: ParsedComponent[];
}

function collect(ctx: Context, container: XmlElement | undefined, path: string, depth: number): void {
  if (!container) return;
  if (depth > MAX_DEPTH)
    throw parseError(ctx.fileName, `${path}: components nested deeper than ${MAX_DEPTH} levels`);
  const items = children(container, 'component');
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    ctx.components.push(toComponent(ctx, item, `${path}/component`, i + 1));
    collect(ctx, child(item, 'components'), `${path}/component[${i + 1}]/components`, depth + 1);
  }
}

/** The component `item`, said in messages as `path[index]` (`path` alone for index 0). */
function toComponent(ctx: Context, item: XmlElement, path: string, index: number): ParsedComponent {
  // The first child of each name, in one pass over the children (`child` for each would scan them ten times).
  let name, group, version, purl, cpe, scope, supplier, licenseList, hashList: XmlElement | undefined;
  for (const field of item.children) {
    switch (field.name) {
      case 'name':
        name ??= field;
        break;
      case 'group':
        group ??= field;
        break;
      case 'version':
        version ??= field;
        break;
      case 'purl':
        purl ??= field;
        break;
      case 'cpe':
        cpe ??= field;
        break;
      case 'scope':
        scope ??= field;
        break;
      case 'supplier':
        supplier ??= field;
        break;
      case 'licenses':
        licenseList ??= field;
        break;
      case 'hashes':
        hashList ??= field;
    }
  }
  const nameText = text(name);
  if (nameText === null)
    throw parseError(ctx.fileName, `${index === 0 ? path : `${path}[${index}]`} has no <name>`);
  const bomRef = str(item.attrs['bom-ref']);
  const purlFields = purlInfo(text(purl));
  const type = str(item.attrs.type) ?? 'library';
  const groupText = text(group);
  const versionText = text(version);
  const cpeText = text(cpe);
  const { licenses: licenseNames, licenseData } = licenses(licenseList);
  const hashValues = hashes(hashList);
  const supplierName = text(child(supplier, 'name'));
  const scopeText = text(scope);
  const dependsOn = (bomRef !== null && ctx.graph.get(bomRef)) || [];
  // Two literals rather than a spread of `licenses`' result: the keys in the same order, `licenseData` absent
  // when there is none, without the generic copy a spread in the middle of a literal costs.
  return licenseData === undefined
    ? {
        bomRef,
        type,
        group: groupText,
        name: nameText,
        version: versionText,
        purl: purlFields.purl,
        cpe: cpeText,
        ecosystem: purlFields.ecosystem,
        packageKey: purlFields.packageKey,
        licenses: licenseNames,
        hashes: hashValues,
        supplier: supplierName,
        scope: scopeText,
        dependsOn,
      }
    : {
        bomRef,
        type,
        group: groupText,
        name: nameText,
        version: versionText,
        purl: purlFields.purl,
        cpe: cpeText,
        ecosystem: purlFields.ecosystem,
        packageKey: purlFields.packageKey,
        licenses: licenseNames,
        licenseData,
        hashes: hashValues,
        supplier: supplierName,
        scope: scopeText,
        dependsOn,
      };
}

function licenses(container: XmlElement | undefined): Pick<ParsedComponent, 'licenses' | 'licenseData'> {
  const out: string[] = [];
  const cdx: Extract<LicenseData, { cdx: unknown }>['cdx'] = [];
  const all = container?.children ?? [];
  for (const license of all) {
    if (license.name !== 'license') continue;
    const id = text(child(license, 'id'));
    const name = text(child(license, 'name'));
    if (id !== null) cdx.push({ id });
    else if (name !== null) cdx.push({ name });
    if ((id ?? name) !== null) out.push((id ?? name)!);
  }
  for (const expression of all) {
    if (expression.name !== 'expression') continue;
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
  for (const hash of container?.children ?? []) {
    if (hash.name !== 'hash') continue;
    const alg = str(hash.attrs.alg);
    const content = text(hash);
    if (alg !== null && content !== null) out.push({ alg, content });
  }
  return out;
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
