/** The dependency graph of a CycloneDX XML document, and the check of a second read against a first. */
import { str } from './component-fields.ts';

/** The targets of one <dependency> as written (`ref` attributes, undefined when absent): trimmed, empty ones dropped. */
export function targetsOf(written: readonly (string | undefined)[]): string[] {
  // An array of its exact length: the graph lives to the end of the read, and a collection copies what it holds.
  const targets = written.map(str);
  return (targets.includes(null) ? targets.filter((target) => target !== null) : targets) as string[];
}

/** The <dependency> elements of a document's graph (those with a ref), in document order. */
export class XmlDependencyGraph {
  /** Each ref's targets, a ref's several <dependency> elements merged in order. */
  readonly targets = new Map<string, string[]>();
  /** Each <dependency> as read: its ref and its own targets (what `matches` checks a second read against). */
  readonly #refs: string[] = [];
  readonly #own: string[][] = [];

  get size(): number {
    return this.#refs.length;
  }

  add(ref: string, targets: string[]): void {
    this.#refs.push(ref);
    this.#own.push(targets);
    const known = this.targets.get(ref);
    this.targets.set(ref, known ? [...known, ...targets] : targets);
  }

  /** The first `count` <dependency> elements added to `graph`, as they were added here. */
  copyTo(graph: { add(ref: string, targets: string[]): void }, count: number): void {
    for (let i = 0; i < count; i++) graph.add(this.#refs[i]!, this.#own[i]!);
  }

  /** Whether <dependency> number `index` had this ref and these targets (as written), with no array built. */
  matches(index: number, ref: string, written: readonly (string | undefined)[]): boolean {
    if (index >= this.#refs.length || this.#refs[index] !== ref) return false;
    const targets = this.#own[index]!;
    let at = 0;
    for (const target of written) {
      const value = str(target);
      if (value === null) continue;
      if (targets[at] !== value) return false;
      at++;
    }
    return at === targets.length;
  }
}

/**
 * The graph of a document read once already (`ahead`): each <dependency> met is checked against the one at the same
 * place in `ahead`, and while they all match nothing is built; at the first that does not (or with nothing ahead),
 * the graph is built from there on, the matched ones copied in first. `final` is the document's graph.
 */
export class CheckedDependencyGraph {
  #ahead: XmlDependencyGraph | null;
  #matched = 0;
  readonly #own = new XmlDependencyGraph();

  constructor(ahead: XmlDependencyGraph | null) {
    this.#ahead = ahead;
  }

  add(ref: string, written: readonly (string | undefined)[]): void {
    const ahead = this.#ahead;
    if (ahead && ahead.matches(this.#matched, ref, written)) {
      this.#matched++;
      return;
    }
    if (ahead) this.#diverge(ahead);
    this.#own.add(ref, targetsOf(written));
  }

  /** The document's graph, once it is read to its end: `ahead` itself when every element matched. */
  final(): XmlDependencyGraph {
    const ahead = this.#ahead;
    if (ahead && this.#matched === ahead.size) return ahead;
    if (ahead) this.#diverge(ahead);
    return this.#own;
  }

  #diverge(ahead: XmlDependencyGraph): void {
    ahead.copyTo(this.#own, this.#matched);
    this.#ahead = null;
  }
}

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A ref's text as saxes gives it, or null when it holds what this reader leaves to saxes: markup, whitespace saxes
 * would normalise, a control or non-BMP character, a reference other than XML's five named entities.
 */
function refValue(raw: string): string | null {
  let amp = false;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code >= 0xd800 || code === 0x3c /* < */) return null;
    if (code === 0x26 /* & */) amp = true;
  }
  if (!amp) return raw;
  if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(raw)) return null;
  return raw.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => NAMED[name]!);
}

/**
 * The graph of a `<dependencies>` element (its text from the start tag to the end tag) written the way tools write
 * it: nothing but `<dependency>` elements with at most a `ref` attribute, nested or empty, and whitespace between
 * them. Read by hand, several times faster than saxes with no object per tag; null for anything else (a comment,
 * another element or attribute, text…), which the caller then reads with saxes. On what it accepts it gives what
 * saxes gives (and the in-place read checks it all the same: `CheckedDependencyGraph`).
 */
export function plainDependencies(text: string, prefix: string): XmlDependencyGraph | null {
  const element = `${prefix}dependency`;
  const list = `${prefix}dependencies`;
  let at = 0;
  const skipSpace = () => {
    while (isSpace(text.charCodeAt(at))) at++;
  };
  const next = (word: string) => {
    if (!text.startsWith(word, at)) return false;
    at += word.length;
    return true;
  };
  /** A quoted attribute value; null when it is not one this reader takes. */
  const quoted = () => {
    const quote = text[at];
    if (quote !== '"' && quote !== "'") return null;
    const close = text.indexOf(quote, at + 1);
    if (close === -1) return null;
    const value = refValue(text.slice(at + 1, close));
    at = close + 1;
    return value;
  };
  if (!next(`<${list}`)) return null;
  skipSpace();
  if (!next('>')) return null;
  const graph = new XmlDependencyGraph();
  let depth = 0;
  let ref: string | undefined;
  const targets: (string | undefined)[] = [];
  for (;;) {
    skipSpace();
    if (!next('<')) return null;
    if (next('/')) {
      if (depth === 0) {
        // The list's end tag, and nothing after it.
        if (!next(list)) return null;
        skipSpace();
        return next('>') && at === text.length ? graph : null;
      }
      if (!next(element)) return null;
      skipSpace();
      if (!next('>')) return null;
    } else {
      if (!next(element)) return null;
      const name = at;
      skipSpace();
      let value: string | undefined;
      if (at > name && next('ref')) {
        skipSpace();
        if (!next('=')) return null;
        skipSpace();
        const read = quoted();
        if (read === null) return null;
        value = read;
        skipSpace();
      }
      const empty = next('/>');
      if (!empty && !next('>')) return null;
      depth++;
      if (depth === 1) {
        ref = value;
        targets.length = 0;
      } else if (depth === 2) targets.push(value);
      if (!empty) continue;
    }
    // An element ends here: its end tag, or an empty-element tag.
    if (--depth === 0) {
      const from = str(ref);
      if (from !== null) graph.add(from, targetsOf(targets));
    }
  }
}
