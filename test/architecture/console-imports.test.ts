// The console's modules import one way: no cycle between files (the router imports the pages, so a page
// reaches its route through TanStack Router's getRouteApi, never by importing the router).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const CONSOLE = fileURLToPath(new URL('../../console/src/', import.meta.url));

/** Relative specifiers of static imports, re-exports, `import type` and dynamic imports. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g;

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** One cycle of the file graph as `a → b → a` (paths relative to console/src), or undefined. */
export function findCycle(graph: Map<string, string[]>): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node].join(' → ');
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('import graph of console/src', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['router.tsx', ['pages/Sboms.tsx']],
      ['pages/Sboms.tsx', ['router.tsx']],
    ]);
    assert.equal(findCycle(graph), 'pages/Sboms.tsx → router.tsx → pages/Sboms.tsx');
    assert.equal(findCycle(new Map([['router.tsx', ['pages/Sboms.tsx']]])), undefined);
  });

  it('has no cycle between files', () => {
    const graph = new Map<string, string[]>();
    for (const file of modules(CONSOLE)) {
      const targets = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map(([, specifier]) =>
        relative(CONSOLE, resolve(dirname(file), specifier!)),
      );
      graph.set(relative(CONSOLE, file), targets);
    }
    assert.equal(findCycle(graph), undefined);
  });
});
