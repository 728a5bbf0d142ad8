// The folder-level import graph of src/ is acyclic: dependencies between top-level folders run one way; and
// ARCHITECTURE.md's drawing of it is the graph itself (generated, so it cannot drift).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { folderGraph, graphBlock, GRAPH_END, GRAPH_START, modules, SPECIFIER, SRC } from './folder-graph.ts';

/** The first cycle found (as `a -> b (file) -> a`), or undefined. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (unit: string): string[] | undefined => {
    if (state.get(unit) === 'done') return undefined;
    if (state.get(unit) === 'visiting') return [...path.slice(path.indexOf(unit)), unit];
    state.set(unit, 'visiting');
    path.push(unit);
    for (const next of (graph.get(unit) ?? new Map()).keys()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(unit, 'done');
    return undefined;
  };
  for (const unit of [...graph.keys()].sort()) {
    const cycle = visit(unit);
    if (cycle) return cycle;
  }
  return undefined;
}

const describeCycle = (graph: Map<string, Map<string, string>>, cycle: string[]) =>
  cycle
    .slice(0, -1)
    .map((unit, i) => `${unit} -> ${cycle[i + 1]} (${graph.get(unit)!.get(cycle[i + 1]!)})`)
    .join('; ');

describe('import graph of src/', () => {
  it('has no cycle between top-level folders and root modules', () => {
    const graph = folderGraph(modules(SRC));
    const cycle = findCycle(graph);
    assert.equal(cycle && describeCycle(graph, cycle), undefined);
  });

  it('no domain imports the tool server, the CLI or the composition root', () => {
    const graph = folderGraph(modules(SRC));
    const edges = ['mcp/', 'cli/', 'app.ts', 'server.ts'];
    const offending = [...graph]
      .filter(([unit]) => !['mcp/', 'cli/', 'app.ts', 'server.ts'].includes(unit))
      .flatMap(([unit, targets]) =>
        [...targets].filter(([to]) => edges.includes(to)).map(([to, file]) => `${unit} -> ${to} (${file})`),
      );
    assert.deepEqual(offending, []);
  });

  it('http/ is a kit: it imports no domain (only db/, shared/ and the root leaves)', () => {
    const graph = folderGraph(modules(SRC));
    const kit = new Set(['db/', 'shared/', 'errors.ts', 'version.ts', 'config.ts', 'logger.ts']);
    const offending = [...(graph.get('http/') ?? new Map<string, string>())]
      .filter(([to]) => !kit.has(to))
      .map(([to, file]) => `http/ -> ${to} (${file})`);
    assert.deepEqual(offending, []);
  });

  it('other folders reach vulndb/ only through src/vulndb/index.ts (or ecosystems.ts, which imports nothing)', () => {
    const vulndb = join(SRC, 'vulndb') + sep;
    // The SBOM parser worker maps purls to OSV packages with ecosystems.ts alone: through index.ts it would load
    // the store and every version ordering first, ≈ 170 ms of each large upload (ARCHITECTURE.md).
    const entries = [join(vulndb, 'index.ts'), join(vulndb, 'ecosystems.ts')];
    const offending = modules(SRC)
      .filter((file) => !file.startsWith(vulndb))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
          .map(([, specifier]) => resolve(dirname(file), specifier!))
          .filter((target) => target.startsWith(vulndb) && !entries.includes(target))
          .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
      );
    assert.deepEqual(offending, []);
  });

  it('the check finds a cycle when there is one', () => {
    const graph = new Map([
      ['governance/', new Map([['mcp/', 'governance/governance.tools.ts']])],
      [
        'mcp/',
        new Map([
          ['errors.ts', 'mcp/tool-server.ts'],
          ['governance/', 'mcp/tool-registry.ts'],
        ]),
      ],
    ]);
    assert.deepEqual(findCycle(graph), ['governance/', 'mcp/', 'governance/']);
    assert.equal(
      describeCycle(graph, findCycle(graph)!),
      'governance/ -> mcp/ (governance/governance.tools.ts); mcp/ -> governance/ (mcp/tool-registry.ts)',
    );
    assert.equal(findCycle(new Map([['a/', new Map([['b/', 'a/x.ts']])]])), undefined);
  });

  it("ARCHITECTURE.md's folder graph is the current one", () => {
    const doc = readFileSync(fileURLToPath(new URL('../../ARCHITECTURE.md', import.meta.url)), 'utf8');
    const start = doc.indexOf(GRAPH_START);
    const end = doc.indexOf(GRAPH_END);
    assert.ok(start >= 0 && end > start, 'ARCHITECTURE.md has the folder-graph markers');
    assert.equal(
      doc.slice(start, end + GRAPH_END.length),
      graphBlock(folderGraph(modules(SRC))),
      'run `scripts/with-node.sh node scripts/architecture-graph.ts` to regenerate it',
    );
  });
});
