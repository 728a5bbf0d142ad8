/**
 * How each component got into an SBOM: its place in the dependency graph (direct or not), its shortest paths
 * from a direct dependency, and the direct dependencies that bring it in. Pure: built from component rows.
 */

/** One component as the graph needs it. `dependsOn` holds component ids. */
export interface GraphComponent {
  id: string;
  purl: string | null;
  name: string;
  version: string | null;
  dependsOn: readonly string[];
}

/** What a finding says of its component (docs/remediation.md, "Paths"). */
export interface ComponentPlace {
  /** The component is a dependency of the SBOM's subject; null when the SBOM has no dependency graph. */
  direct: boolean | null;
  /** Up to MAX_PATHS shortest paths, each from a direct dependency to the component, as purls. */
  paths: string[][];
}

export const MAX_PATHS = 5;
/**
 * Partial paths looked at per component before giving up on more paths. The search is best-first on an exact
 * lower bound, so in real graphs (and the benchmark's) five paths come within a few dozen; the bound only keeps
 * an adversarial graph (every node depending on every other) from costing more than ≈ 1 ms a component.
 */
const MAX_EXPANSIONS = 4_000;
const UNREACHED = -1;
/** Direct dependencies whose reach one pass of `introducedByEach` tracks: 8 words of bits per component. */
const DIRECTS_PER_PASS = 256;

export const NO_GRAPH: ComponentPlace = Object.freeze({ direct: null, paths: [] }) as ComponentPlace;

/** A component's name in a path: its purl, else name@version (a component without purl can still be on a path). */
const labelOf = (c: GraphComponent): string =>
  c.purl ?? (c.version === null ? c.name : `${c.name}@${c.version}`);

/** A path being built backwards: the node, the rest of the path after it, and its length in nodes. */
interface Partial {
  node: number;
  next: Partial | null;
  length: number;
}

/** The dependencies of a leaf, shared: read only. */
const NO_INDEXES: number[] = [];

export class DependencyGraph {
  /** Whether the SBOM has a dependency graph at all (its subject's dependencies or any component's). */
  readonly hasGraph: boolean;
  readonly #components: readonly GraphComponent[];
  readonly #index = new Map<string, number>();
  /** What each component depends on, and who depends on it (indexes, document order, no repeats). */
  readonly #dependencies: number[][];
  readonly #dependents: number[][];
  readonly #direct: Uint8Array;
  /** Fewest edges from a direct dependency (0 for a direct one), UNREACHED when no direct one leads to it. */
  readonly #distance: Int32Array;

  /**
   * `rootDependsOn`: the ids the SBOM's subject depends on, null when the document names none. Without them
   * (or when it names an empty list) the direct dependencies are the components nothing else depends on.
   */
  constructor(components: readonly GraphComponent[], rootDependsOn: readonly string[] | null) {
    this.#components = components;
    const n = components.length;
    components.forEach((c, i) => {
      if (!this.#index.has(c.id)) this.#index.set(c.id, i);
    });
    const dependencies: number[][] = components.map((c) => this.#indexesOf(c.dependsOn));
    this.#dependencies = dependencies;
    this.#dependents = components.map(() => []);
    let edges = 0;
    dependencies.forEach((targets, from) => {
      for (const to of targets) {
        this.#dependents[to]!.push(from);
        edges++;
      }
    });
    this.hasGraph = edges > 0 || (rootDependsOn?.length ?? 0) > 0;
    this.#direct = new Uint8Array(n);
    const roots = this.#indexesOf(rootDependsOn ?? []);
    if (roots.length > 0) for (const r of roots) this.#direct[r] = 1;
    else if (this.hasGraph)
      for (let i = 0; i < n; i++) if (this.#dependents[i]!.length === 0) this.#direct[i] = 1;
    this.#distance = this.#distancesFromDirect(dependencies);
  }

  /** Components in the graph (the cache's measure of its size). */
  get size(): number {
    return this.#components.length;
  }

  /** The ids a component depends on (known components only, each once); [] for an unknown id. */
  dependsOnOf(componentId: string): string[] {
    const i = this.#index.get(componentId);
    return i === undefined ? [] : this.#dependencies[i]!.map((d) => this.#components[d]!.id);
  }

  /** The ids of the direct dependencies (the subject's own, or the components nothing depends on). */
  directIds(): string[] {
    return this.#components.filter((_, i) => this.#direct[i] === 1).map((c) => c.id);
  }

  /** Direct and the shortest paths of one component (by id); NO_GRAPH when the SBOM has no graph. */
  placeOf(componentId: string): ComponentPlace {
    const i = this.#index.get(componentId);
    if (!this.hasGraph || i === undefined) return NO_GRAPH;
    return { direct: this.#direct[i] === 1, paths: this.#shortestPaths(i) };
  }

  /** The purls of the direct dependencies that lead to any of the components (the plan's `introducedBy`), sorted. */
  introducedBy(componentIds: readonly string[]): string[] {
    return this.introducedByEach([componentIds])[0]!;
  }

  /**
   * `introducedBy` of many groups at once (one per plan item). Which direct dependencies reach each node is a set
   * of bits pushed down the graph once, in topological order of its strongly connected components (a cycle's
   * members reach the same nodes), DIRECTS_PER_PASS direct dependencies per pass. Walking forwards from each
   * direct dependency instead visited the graph once per direct one (0.44 s of a 2.5 s plan at 100,000
   * components, bench/remediation); backwards from each group walked most of a deep graph each time (minutes).
   */
  introducedByEach(groups: readonly (readonly string[])[]): string[][] {
    if (!this.hasGraph) return groups.map(() => []);
    const { comp, count, members, offsets } = stronglyConnected(this.#dependencies);
    const groupNodes = groups.map((ids) => this.#indexesOf(ids));
    const directs: number[] = [];
    for (let i = 0; i < this.#direct.length; i++) if (this.#direct[i] === 1) directs.push(i);
    const found = groups.map(() => new Set<string>());
    for (let start = 0; start < directs.length; start += DIRECTS_PER_PASS) {
      const pass = directs.slice(start, start + DIRECTS_PER_PASS);
      const words = Math.ceil(pass.length / 32);
      const bits = new Uint32Array(count * words);
      pass.forEach((d, b) => (bits[comp[d]! * words + (b >> 5)]! |= 1 << (b & 31)));
      // Tarjan numbers a component after every component it reaches: descending ids are a topological order.
      for (let c = count - 1; c >= 0; c--) {
        const from = c * words;
        let any = 0;
        for (let w = 0; w < words; w++) any |= bits[from + w]!;
        if (any === 0) continue;
        for (let m = offsets[c]!; m < offsets[c + 1]!; m++)
          for (const next of this.#dependencies[members[m]!]!) {
            const to = comp[next]! * words;
            if (to !== from) for (let w = 0; w < words; w++) bits[to + w]! |= bits[from + w]!;
          }
      }
      groupNodes.forEach((nodes, g) => {
        for (const node of nodes)
          for (let w = 0; w < words; w++) {
            let x = bits[comp[node]! * words + w]!;
            while (x !== 0) {
              const low = x & -x;
              found[g]!.add(labelOf(this.#components[pass[w * 32 + 31 - Math.clz32(low)]!]!));
              x ^= low;
            }
          }
      });
    }
    return found.map((labels) => [...labels].sort());
  }

  #indexesOf(ids: readonly string[]): number[] {
    // Most components of a large SBOM are leaves: no Set and no array of their own (the lists are never
    // written to), a third of a 100,000-component graph's build (BENCHMARKS.md "Remediation").
    if (ids.length === 0) return NO_INDEXES;
    const out: number[] = [];
    // Repeats: a scan of a short list beats a Set; a long one (a component depending on thousands) needs the Set.
    const seen = ids.length > 16 ? new Set<number>() : null;
    for (const id of ids) {
      const i = this.#index.get(id);
      if (i === undefined || (seen ? seen.has(i) : out.includes(i))) continue;
      seen?.add(i);
      out.push(i);
    }
    return out;
  }

  /** Breadth-first from every direct dependency at once; cycles and diamonds visit each node once. */
  #distancesFromDirect(dependencies: readonly number[][]): Int32Array {
    const distance = new Int32Array(this.#components.length).fill(UNREACHED);
    const queue: number[] = [];
    this.#direct.forEach((d, i) => {
      if (d === 1) {
        distance[i] = 0;
        queue.push(i);
      }
    });
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const next of dependencies[node]!) {
        if (distance[next] !== UNREACHED) continue;
        distance[next] = distance[node]! + 1;
        queue.push(next);
      }
    }
    return distance;
  }

  /**
   * Up to MAX_PATHS simple paths ending at `target`, shortest first: best-first backwards from the target, each
   * partial path ranked by its length plus the distance of its first node from a direct dependency (exact for
   * the unconstrained graph, so paths come out in order of length). Equal lengths keep document order.
   */
  #shortestPaths(target: number): string[][] {
    if (this.#distance[target] === UNREACHED) return [];
    const buckets: Partial[][] = [];
    const push = (p: Partial) => {
      const rank = p.length + this.#distance[p.node]!;
      (buckets[rank] ??= []).push(p);
    };
    push({ node: target, next: null, length: 1 });
    const paths: string[][] = [];
    let expansions = 0;
    // Each bucket is a stack: a partial path that keeps its rank is extended at once (depth first), so a path
    // completes in as many steps as it is long. First in, first out instead widened every layer of a deep graph
    // (in-degree 3, depth 15: ≈ 1 ms a component, measured with 64349e7) before completing any.
    for (let rank = 0; rank < buckets.length && paths.length < MAX_PATHS; rank++) {
      const bucket = buckets[rank];
      while (bucket && bucket.length > 0 && paths.length < MAX_PATHS) {
        const p = bucket.pop()!;
        if (this.#direct[p.node] === 1) paths.push(this.#labels(p));
        if (++expansions > MAX_EXPANSIONS) return paths;
        const dependents = this.#dependents[p.node]!;
        // Pushed last to first, so the first in document order comes off the stack first.
        for (let k = dependents.length - 1; k >= 0; k--) {
          const d = dependents[k]!;
          if (this.#distance[d] === UNREACHED || onPath(p, d)) continue;
          push({ node: d, next: p, length: p.length + 1 });
        }
      }
    }
    return paths;
  }

  #labels(p: Partial): string[] {
    const out: string[] = [];
    for (let q: Partial | null = p; q; q = q.next) out.push(labelOf(this.#components[q.node]!));
    return out;
  }
}

function onPath(p: Partial, node: number): boolean {
  for (let q: Partial | null = p; q; q = q.next) if (q.node === node) return true;
  return false;
}

/**
 * Strongly connected components (Tarjan's algorithm, iterative: a dependency chain 100,000 deep would overflow the
 * call stack). A component's id is greater than the id of every component it reaches; `members` lists the nodes
 * of component c at `offsets[c]` up to `offsets[c + 1]`.
 */
export function stronglyConnected(dependencies: readonly (readonly number[])[]): {
  comp: Int32Array;
  count: number;
  members: Int32Array;
  offsets: Int32Array;
} {
  const n = dependencies.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const frames = new Int32Array(n);
  const edge = new Int32Array(n);
  let sp = 0;
  let counter = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    let fp = 0;
    frames[fp] = root;
    edge[fp++] = 0;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    while (fp > 0) {
      const v = frames[fp - 1]!;
      const out = dependencies[v]!;
      if (edge[fp - 1]! < out.length) {
        const w = out[edge[fp - 1]!++]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          frames[fp] = w;
          edge[fp++] = 0;
        } else if (comp[w] === -1 && index[w]! < low[v]!) low[v] = index[w]!; // w is on the stack
        continue;
      }
      fp--;
      if (fp > 0 && low[v]! < low[frames[fp - 1]!]!) low[frames[fp - 1]!] = low[v]!;
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack[--sp]!;
          comp[w] = count;
        } while (w !== v);
        count++;
      }
    }
  }
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < n; i++) offsets[comp[i]! + 1]!++;
  for (let c = 0; c < count; c++) offsets[c + 1]! += offsets[c]!;
  const members = new Int32Array(n);
  const fill = offsets.slice(0, count);
  for (let i = 0; i < n; i++) members[fill[comp[i]!]!++] = i;
  return { comp, count, members, offsets };
}
