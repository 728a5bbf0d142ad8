// Summarises a V8 .cpuprofile (as `--profile` of bench/match/match.bench.ts writes): the functions with the most
// self time, and the inclusive time of the functions named with --inclusive (every frame under them, counted once
// per sample even when recursive).
// Usage: node bench/support/profile-summary.ts FILE.cpuprofile [--top 25] [--inclusive resolveMatches,insertFindings]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, inclusive: { type: 'string', default: '' } },
});
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|bench|node_modules)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const wanted = values.inclusive ? values.inclusive.split(',') : [];
const inclusive = new Map<string, number>(wanted.map((w) => [w, 0]));
let total = 0;
profile.samples.forEach((id, i) => {
  // A sample's time is the delta to the next one (V8 records the delta before each sample).
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  total += ms;
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = byId.get(at)!.callFrame.functionName;
    if (inclusive.has(name) && !seen.has(name)) {
      seen.add(name);
      inclusive.set(name, inclusive.get(name)! + ms);
    }
  }
});
console.log(`total ${total.toFixed(0)} ms`);
for (const [name, ms] of inclusive) console.log(`  inclusive ${name.padEnd(40)} ${ms.toFixed(0)} ms`);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
  console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
