// Rewrites ARCHITECTURE.md's folder graph from the import graph of src/ (the block between the markers);
// `--check` only says whether it is current. test/architecture/import-graph.test.ts fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  folderGraph,
  graphBlock,
  GRAPH_END,
  GRAPH_START,
  modules,
  SRC,
} from '../test/architecture/folder-graph.ts';

const path = new URL('../ARCHITECTURE.md', import.meta.url);
const doc = readFileSync(path, 'utf8');
const start = doc.indexOf(GRAPH_START);
const end = doc.indexOf(GRAPH_END);
if (start < 0 || end < start) {
  console.error(`ARCHITECTURE.md lacks the markers ${GRAPH_START} … ${GRAPH_END}`);
  process.exit(1);
}
const next = doc.slice(0, start) + graphBlock(folderGraph(modules(SRC))) + doc.slice(end + GRAPH_END.length);
if (process.argv.includes('--check')) {
  console.log(next === doc ? 'ARCHITECTURE.md: folder graph current' : 'ARCHITECTURE.md: folder graph stale');
  process.exit(next === doc ? 0 : 1);
}
writeFileSync(path, next);
console.log(
  next === doc ? 'ARCHITECTURE.md: folder graph already current' : 'ARCHITECTURE.md: folder graph rewritten',
);
