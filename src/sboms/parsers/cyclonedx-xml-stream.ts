/** CycloneDX XML bytes as a stream of components: decoded and read a chunk at a time (docs/pipeline.md). */
import type { SbomStream } from '../sbom-model.ts';
import { CycloneDxXmlDocument } from './cyclonedx-xml.ts';
import { plainDependencies, XmlDependencyGraph } from './cyclonedx-xml-graph.ts';

/** Bytes decoded and fed to saxes at a time (64 KiB: fewer units alive at each young-generation collection than with 1 MiB; the whole text never exists at once). */
export const XML_CHUNK_BYTES = 65_536;

/** A CycloneDX XML stream; after its last component, `dependencyChanges` says where the graph read ahead was wrong. */
export interface XmlSbomStream extends SbomStream {
  /**
   * Once the components are read: the bom-refs whose dependencies differ from the graph read ahead
   * (`dependenciesAhead`), with the document's own. Empty in every file whose one `<dependencies>` is where it
   * belongs (the root's child); the components already handed over carry the graph read ahead.
   */
  dependencyChanges(): ReadonlyMap<string, string[]>;
}

/**
 * Reads `bytes` a chunk at a time. Throws (a plain Error, or the document's AppError) at the first problem, which
 * need not be the one `parseSbom` reports: the caller then asks `parseSbom`, which reads the whole text and says
 * it as it always has. The head (up to the root's start tag, which names the version) is read before this returns.
 */
export function streamCycloneDxXml(
  fileName: string,
  bytes: Uint8Array,
  chunkBytes = XML_CHUNK_BYTES,
): XmlSbomStream {
  const chunks = decodedChunks(bytes, chunkBytes);
  const doc = new CycloneDxXmlDocument(fileName);
  while (doc.specVersion === undefined) {
    const next = chunks.next();
    if (next.done) throw new Error('no root element');
    doc.write(next.value);
  }
  const assumed = dependenciesAhead(bytes, doc.prefix);
  doc.assume(assumed);
  let changes: Map<string, string[]> | undefined;
  function* components() {
    yield* doc.take();
    for (const chunk of chunks) {
      doc.write(chunk);
      yield* doc.take();
    }
    doc.close();
    yield* doc.take();
    const graph = doc.dependencyGraph();
    // The same graph when every <dependency> read in place matched the one read ahead: nothing changed.
    changes = graph === assumed ? new Map() : changedRefs(assumed.targets, graph.targets);
    const subject = doc.subject;
    if (subject) subject.dependsOn = (subject.bomRef !== null && graph.targets.get(subject.bomRef)) || [];
  }
  return {
    format: 'cyclonedx',
    specVersion: doc.specVersion,
    tools: doc.tools,
    components: components(),
    subject: () => doc.subject,
    dependencyChanges: () => {
      if (!changes) throw new Error('the XML stream has not been read to its end');
      return changes;
    },
  };
}

const decoder = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** UTF-8 text a chunk at a time (a character split between two chunks comes whole in the second). */
function* decodedChunks(bytes: Uint8Array, chunkBytes: number): Generator<string, void> {
  const utf8 = decoder();
  for (let at = 0; at < bytes.byteLength; at += chunkBytes) {
    const end = Math.min(at + chunkBytes, bytes.byteLength);
    yield utf8.decode(bytes.subarray(at, end), { stream: end < bytes.byteLength });
  }
}

const WHITESPACE_OR_END = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e /* > */, 0x2f /* / */]);

/**
 * The dependency graph of the last `<dependencies>` element of the file, found by a byte search and read on its
 * own before the components are: CycloneDX lists it after them, and each component's row carries its
 * dependencies. A guess (the string could sit in a comment, or the file hold two): the stream compares it with the
 * graph it reads in place (`dependencyChanges`). Empty when there is none or it does not read.
 */
export function dependenciesAhead(bytes: Uint8Array, prefix: string): XmlDependencyGraph {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open = `<${prefix}dependencies`;
  let start = buffer.lastIndexOf(open);
  while (start !== -1 && !WHITESPACE_OR_END.has(buffer[start + open.length] ?? 0))
    start = start === 0 ? -1 : buffer.lastIndexOf(open, start - 1);
  if (start === -1) return new XmlDependencyGraph();
  const closing = buffer.indexOf(`</${prefix}dependencies`, start);
  const end = closing === -1 ? buffer.indexOf('>', start) + 1 : buffer.indexOf('>', closing) + 1;
  if (end === 0) return new XmlDependencyGraph();
  try {
    const text = decoder().decode(buffer.subarray(start, end));
    // Tools write the graph plainly (only <dependency ref="…">): read by hand; anything else by saxes.
    const plain = plainDependencies(text, prefix);
    if (plain) return plain;
    // Read as the child of a stand-in root, the way it sits in the document.
    const doc = new CycloneDxXmlDocument('');
    const root = `${prefix}bom`;
    const ns = prefix ? `xmlns:${prefix.slice(0, -1)}` : 'xmlns';
    doc.write(`<${root} ${ns}="http://cyclonedx.org/schema/bom/1.6">`);
    doc.write(text);
    doc.write(`</${root}>`);
    doc.close();
    doc.take();
    return doc.dependencyGraph();
  } catch {
    return new XmlDependencyGraph();
  }
}

/** The refs whose dependencies differ between the two graphs, with those of `actual` (none: an empty list). */
function changedRefs(
  assumed: ReadonlyMap<string, string[]>,
  actual: ReadonlyMap<string, string[]>,
): Map<string, string[]> {
  const changes = new Map<string, string[]>();
  const same = (a: readonly string[] = [], b: readonly string[] = []) =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  for (const [ref, targets] of actual) if (!same(assumed.get(ref), targets)) changes.set(ref, targets);
  for (const [ref, targets] of assumed) if (!actual.has(ref) && targets.length > 0) changes.set(ref, []);
  return changes;
}
