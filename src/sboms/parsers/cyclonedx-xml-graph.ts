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
