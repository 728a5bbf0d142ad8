/** A CycloneDX XML document read with saxes, handed over one unit (a component, a dependency…) at a time. */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { FailurePoint } from './xml-syntax.ts';

/**
 * The light element tree of one unit. saxes checks the whole document's well-formedness (matched tags, quoted
 * attributes, one root, known entities only); only the units are built, one at a time, and inside them the subtrees
 * named in `skip` are not built: memory stays near the size of one component.
 */
export interface XmlElement {
  /** Local name (namespace prefix removed). */
  name: string;
  /** Shared empty object when the element has no attributes (most have none: fewer allocations). */
  attrs: Readonly<Record<string, string>>;
  /** Shared empty array until the first child arrives. */
  children: XmlElement[];
  text: string;
}

/** What the reader hands over, in document order. */
export type Unit =
  /** The first <metadata> under the root, whole. */
  | { kind: 'metadata'; element: XmlElement }
  /** Each <component> of the root's first <components>, with what it nests. */
  | { kind: 'component'; element: XmlElement }
  /** Each <dependency> of the root's first <dependencies>. */
  | { kind: 'dependency'; element: XmlElement };

/** The root element's start tag: name, prefix and attributes as written. */
export interface RootTag {
  qname: string;
  attributes: Readonly<Record<string, string>>;
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

/** The root's children that hold units, and the unit element each holds. */
const CONTAINERS: ReadonlyMap<string, Unit['kind']> = new Map([
  ['components', 'component'],
  ['dependencies', 'dependency'],
]);

interface Frame {
  qname: string;
  /** The element being built (inside a unit, not skipped), else null. */
  element: XmlElement | null;
  /** The unit this element opens, when it opens one. */
  unit?: Unit['kind'];
  /** The root's first <components> or <dependencies>: the local name of its unit elements. */
  holds?: string;
  /** Not built, and nothing under it is: a skipped subtree, or one outside every unit. */
  skipped?: true;
}

/**
 * Feeds text to saxes chunk by chunk (`write`, then `close`); the units found are collected for `take`. `root`
 * runs at the root's start tag and may throw to stop the read.
 */
export class XmlUnitReader {
  readonly #parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  readonly #skip: ReadonlySet<string>;
  readonly #root: (tag: RootTag) => void;
  readonly #stack: Frame[] = [];
  #units: Unit[] = [];
  /** The root's children already taken as containers or metadata (only the first of each name counts). */
  readonly #claimed = new Set<string>();
  /** Open elements inside a skipped subtree, or outside any unit below a container. */
  #skipping = 0;
  #lastEventEnd = 0;
  #lastClosed: string | undefined;
  #rootSeen = false;

  constructor(skip: ReadonlySet<string>, root: (tag: RootTag) => void) {
    this.#skip = skip;
    this.#root = root;
    const parser = this.#parser;
    parser.on('opentag', (tag) => this.#open(tag));
    parser.on('closetag', (tag) => this.#close(tag));
    parser.on('text', (text) => {
      // Text outside the root is refused right after this: its message points at the text's start.
      if (this.#stack.length === 0) return;
      this.#lastEventEnd = parser.position;
      const top = this.#stack.at(-1)!.element;
      // Only leaves carry text in an SBOM; whitespace between child elements is not kept.
      if (top && top.children.length === 0) top.text += text;
    });
    parser.on('cdata', (cdata) => {
      this.#lastEventEnd = parser.position;
      const top = this.#stack.at(-1)?.element;
      if (top) top.text += cdata;
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

  #open(tag: SaxesTagPlain): void {
    this.#lastEventEnd = this.#parser.position;
    const qname = tag.name;
    const depth = this.#stack.length;
    if (depth === 0) {
      this.#rootSeen = true;
      this.#root({ qname, attributes: tag.attributes });
      this.#stack.push({ qname, element: null });
      return;
    }
    const parent = this.#stack[depth - 1]!;
    const local = localName(qname);
    if (this.#skipping > 0) return this.#skipped(qname);
    if (parent.element) {
      if (this.#skip.has(local)) return this.#skipped(qname);
      this.#stack.push({ qname, element: this.#attach(parent.element, local, tag.attributes) });
    } else if (depth === 1 && !this.#claimed.has(local) && (local === 'metadata' || CONTAINERS.has(local))) {
      this.#claimed.add(local);
      this.#stack.push(
        local === 'metadata'
          ? { qname, element: this.#attach(null, local, tag.attributes), unit: 'metadata' }
          : { qname, element: null, holds: CONTAINERS.get(local)! },
      );
    } else if (parent.holds === local) {
      const unit = local as Unit['kind'];
      this.#stack.push({ qname, element: this.#attach(null, local, tag.attributes), unit });
    } else this.#skipped(qname);
  }

  #skipped(qname: string): void {
    this.#skipping++;
    this.#stack.push({ qname, element: null, skipped: true });
  }

  #attach(parent: XmlElement | null, name: string, attributes: Readonly<Record<string, string>>): XmlElement {
    let attrs = NO_ATTRIBUTES;
    for (const qname in attributes) {
      if (attrs === NO_ATTRIBUTES) attrs = {};
      (attrs as Record<string, string>)[localName(qname)] = attributes[qname]!;
    }
    const element: XmlElement = { name, attrs, children: NO_CHILDREN, text: '' };
    if (parent) {
      if (parent.children === NO_CHILDREN) parent.children = [];
      parent.children.push(element);
    }
    return element;
  }

  #close(tag: SaxesTagPlain): void {
    this.#lastEventEnd = this.#parser.position;
    this.#lastClosed = tag.name;
    const frame = this.#stack.pop()!;
    if (frame.unit) this.#units.push({ kind: frame.unit, element: frame.element! });
    else if (frame.skipped) this.#skipping--;
  }
}
