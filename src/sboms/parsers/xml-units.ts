/** A CycloneDX XML document read with saxes, handed over one unit (a component, the metadata…) at a time. */
import { LeanSaxesParser, type LeanTag, type XmlAttribute } from './lean-saxes.ts';
import type { FailurePoint } from './xml-syntax.ts';

/**
 * The light element tree of one unit. saxes checks the whole document's well-formedness (matched tags, quoted
 * attributes, one root, known entities only); only the elements a `Shape` names are built, one unit at a time:
 * memory stays near the size of one component, and every other element costs no object of this reader's.
 */
export interface XmlElement {
  /** Local name (namespace prefix removed). */
  name: string;
  /** The attributes its shape reads, by local name; a shared empty object when none is there. */
  attrs: Readonly<Record<string, string>>;
  /** Its built children (shared empty array until the first arrives). */
  children: XmlElement[];
  /** Its text, for a shape whose text is read; else ''. */
  text: string;
}

/**
 * What of an element is read: which children are built (by local name), which attributes, whether its text is.
 * An element whose text is read has no built children: only whether one was opened counts (`Shapes.keepsText`).
 */
export interface Shape {
  readonly children: ReadonlyMap<string, Shape> | null;
  readonly attributes: readonly string[] | null;
  readonly text: boolean;
  /** Handed over whole when it closes. */
  readonly unit: 'metadata' | 'component' | null;
  /** Only the first element of this name under its parent is read (the root's <metadata>, <components>…). */
  readonly once: boolean;
  /** A <dependency> of the graph: its `ref` and those of its own <dependency> children go to `dependency`. */
  readonly edges: boolean;
}

/** What the reader hands over, in document order. */
export interface Unit {
  kind: 'metadata' | 'component';
  element: XmlElement;
}

/** The root element's start tag: name, prefix and attributes as written. */
export interface RootTag {
  qname: string;
  attributes: Readonly<Record<string, string>>;
}

/** The document's vocabulary, read by `XmlUnitReader`. */
export interface Shapes {
  /** The root's children. */
  root: Shape;
  /**
   * Children of an element whose text is read that do not end that text (the ones the reader before shapes never
   * built): `<name>a<b/>c</name>` reads `a`, `<name>a<description/>c</name>` reads `ac`.
   */
  keepsText: ReadonlySet<string>;
}

export interface UnitHandlers {
  /** Runs at the root's start tag; may throw to stop the read. */
  root(tag: RootTag): void;
  /**
   * Each <dependency> of the graph: its `ref` and its children's, as written (undefined when absent). `targets` is
   * the reader's own array, emptied for the next one: read it, do not keep it.
   */
  dependency(ref: string | undefined, targets: readonly (string | undefined)[]): void;
}

/** Thrown out of `write`/`close` when saxes finds the document not well-formed, or at a DOCTYPE. */
export class XmlFailure extends Error {
  readonly point: FailurePoint;
  constructor(point: FailurePoint) {
    super(`XML not well-formed: ${point.message}`);
    this.point = point;
  }
}

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

const localName = (qname: string) => {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
};

/** The value of the last attribute written whose local name is `name` (as a copy by local names keeps it). */
function attributeOf(list: readonly XmlAttribute[], name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < list.length; i++) if (localName(list[i]!.name) === name) value = list[i]!.value;
  return value;
}

/** The attributes named by local name, the last written of a name winning; the shared empty object when none is. */
function picked(list: readonly XmlAttribute[], names: readonly string[]) {
  let attrs = NO_ATTRIBUTES;
  for (let i = 0; i < list.length; i++) {
    const local = localName(list[i]!.name);
    if (!names.includes(local)) continue;
    if (attrs === NO_ATTRIBUTES) attrs = {};
    (attrs as Record<string, string>)[local] = list[i]!.value;
  }
  return attrs;
}

/**
 * Feeds text to saxes chunk by chunk (`write`, then `close`); the units found are collected for `take`, the
 * dependency graph handed to `dependency` as it is read.
 *
 * Each open element a shape reads is a frame of two parallel arrays (its shape, its element), indexed by depth; an
 * element no shape reads is one count in `#skipping`, with all it holds: no object of this reader's for it. The
 * graph's <dependency> elements build nothing either: their refs go straight to `dependency`.
 */
export class XmlUnitReader {
  readonly #parser = new LeanSaxesParser();
  readonly #shapes: Shapes;
  readonly #handlers: UnitHandlers;
  /** Frames: the shape of each open element read, and the element built for it (null when none is). */
  readonly #frameShapes: Shape[] = [];
  readonly #frameElements: (XmlElement | null)[] = [];
  /** Index of the innermost frame; -1 outside the root. */
  #top = -1;
  /** Open elements inside the innermost frame that no shape reads. */
  #skipping = 0;
  /** The innermost frame's element reads text and no child element has ended it. */
  #textOpen = false;
  /** The <dependency> being read: its ref and its children's. */
  #edgeRef: string | undefined;
  readonly #edgeTargets: (string | undefined)[] = [];
  #units: Unit[] = [];
  /** Shapes read `once` already taken. */
  readonly #claimed = new Set<Shape>();
  #lastEventEnd = 0;
  #lastClosed: string | undefined;
  #rootSeen = false;

  constructor(shapes: Shapes, handlers: UnitHandlers) {
    this.#shapes = shapes;
    this.#handlers = handlers;
    const parser = this.#parser;
    parser.on('opentag', (tag) => this.#open(tag as unknown as LeanTag));
    parser.on('closetag', (tag) => this.#close(tag as unknown as LeanTag));
    parser.on('text', (text) => {
      // Text outside the root is refused right after this: its message points at the text's start.
      if (this.#top < 0) return;
      this.#lastEventEnd = parser.position;
      // Only leaves carry text in an SBOM; whitespace between child elements is not kept.
      if (this.#textOpen && this.#skipping === 0) this.#frameElements[this.#top]!.text += text;
    });
    parser.on('cdata', (cdata) => {
      this.#lastEventEnd = parser.position;
      const top = this.#top;
      if (top >= 0 && this.#skipping === 0 && this.#frameShapes[top]!.text)
        this.#frameElements[top]!.text += cdata;
    });
    // Seven handlers at most: saxes keeps each as a property added after construction, and an eighth turned the
    // parser into a dictionary-mode object (V8's %HasFastProperties false): saxes' own loop 4-5× slower, this
    // read 2.6× (1,130 → 428 ms of CPU for 20,000 components of the upload benchmark's file, BENCHMARKS.md).
    // Processing instructions are left out: the error path steps over complete ones.
    const seen = () => (this.#lastEventEnd = parser.position);
    parser.on('comment', seen);
    parser.on('xmldecl', seen);
    // A document type declaration is the only way to declare entities: refused, whatever it holds.
    parser.on('doctype', () => this.#fail('doctype'));
  }

  write(chunk: string): void {
    this.#guard(() => this.#parser.write(chunk));
  }

  close(): void {
    this.#guard(() => this.#parser.close());
  }

  /** The units completed since the last call, in document order. */
  take(): Unit[] {
    const units = this.#units;
    this.#units = [];
    return units;
  }

  #guard(step: () => void): void {
    try {
      step();
    } catch (error) {
      // saxes throws plain Errors of its own; anything else (the root check's) goes through as it is.
      if (error instanceof Error && error.constructor === Error) this.#fail(error.message);
      throw error;
    }
  }

  #fail(message: string): never {
    throw new XmlFailure({
      message,
      position: this.#parser.position,
      lastEventEnd: this.#lastEventEnd,
      lastClosed: this.#lastClosed,
      rootSeen: this.#rootSeen,
    });
  }

  #open(tag: LeanTag): void {
    this.#lastEventEnd = this.#parser.position;
    if (this.#skipping > 0) {
      this.#skipping++;
      return;
    }
    const top = this.#top;
    if (top < 0) {
      this.#rootSeen = true;
      const attributes: Record<string, string> = Object.create(null);
      for (const { name, value } of tag.list) attributes[name] = value;
      this.#handlers.root({ qname: tag.name, attributes });
      this.#push(this.#shapes.root, null);
      return;
    }
    const parent = this.#frameShapes[top]!;
    const local = localName(tag.name);
    if (parent.edges) {
      if (local === 'dependency') this.#edgeTargets.push(attributeOf(tag.list, 'ref'));
      this.#skipping = 1;
      return;
    }
    if (parent.text) {
      if (!this.#shapes.keepsText.has(local)) this.#textOpen = false;
      this.#skipping = 1;
      return;
    }
    const shape = parent.children?.get(local);
    if (shape === undefined || (shape.once && this.#claimed.has(shape))) {
      this.#skipping = 1;
      return;
    }
    if (shape.once) this.#claimed.add(shape);
    if (shape.edges) {
      this.#edgeRef = attributeOf(tag.list, 'ref');
      this.#edgeTargets.length = 0;
      this.#push(shape, null);
      return;
    }
    // Elements are built inside a unit only: a list of units (the root's <components>) is walked through.
    const holder = this.#frameElements[top];
    if (!holder && !shape.unit) return this.#push(shape, null);
    const attrs = shape.attributes ? picked(tag.list, shape.attributes) : NO_ATTRIBUTES;
    const element: XmlElement = { name: local, attrs, children: NO_CHILDREN, text: '' };
    if (holder) {
      if (holder.children === NO_CHILDREN) holder.children = [];
      holder.children.push(element);
    }
    this.#push(shape, element);
    this.#textOpen = shape.text;
  }

  #push(shape: Shape, element: XmlElement | null): void {
    const top = ++this.#top;
    this.#frameShapes[top] = shape;
    this.#frameElements[top] = element;
  }

  #close(tag: LeanTag): void {
    this.#lastEventEnd = this.#parser.position;
    this.#lastClosed = tag.name;
    if (this.#skipping > 0) {
      this.#skipping--;
      return;
    }
    const top = this.#top--;
    const shape = this.#frameShapes[top]!;
    const element = this.#frameElements[top]!;
    this.#frameElements[top] = null;
    this.#textOpen = false;
    if (shape.unit) this.#units.push({ kind: shape.unit, element });
    else if (shape.edges) this.#handlers.dependency(this.#edgeRef, this.#edgeTargets);
  }
}
