// Sums a V8 CPU profile's self time per function (and per package) and each function's total time, to read a
// benchmark's profile (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"`, bench/match's `--profile`; BENCHMARKS.md
// "Tool server", "Vulnerability matching").
// Usage: node bench/support/cpu-profile-summary.ts <file.cpuprofile>... [--top 40] [--from 0] [--to 1e9]
// (--from/--to: only the samples that many seconds after the first call of the MCP route, or after the profile's
// start when it has none: the steady state, without the process's start-up and module loading)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: {
    top: { type: 'string', default: '40' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: '1e9' },
  },
  allowPositionals: true,
});

/** The package (node_modules/<name>), the repo's own file, or node's internals a frame belongs to. */
function owner(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node';
  const own = /\/(src|bench|test)\/(.+)$/.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url === '' ? '(vm)' : url;
}

const byFunction = new Map<string, number>();
/** Time with the function anywhere on the stack (once per sample, however deep it recurses). */
const inclusive = new Map<string, number>();
const byOwner = new Map<string, number>();
let total = 0;
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const label = (n: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    return `${functionName || '(anonymous)'} ${owner(url)}:${lineNumber + 1}:${columnNumber + 1}`;
  };
  const stackOf = (id: number) => {
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) stack.push(nodes.get(at)!);
    return stack;
  };
  let clock = 0;
  const times = profile.timeDeltas.map((d) => (clock += d));
  const first = profile.samples.findIndex((id) =>
    stackOf(id).some((n) => /mcp\.routes\.ts$/.test(n.callFrame.url)),
  );
  const from = (times[Math.max(0, first)] ?? 0) + Number(values.from) * 1e6;
  const to = (times[Math.max(0, first)] ?? 0) + Number(values.to) * 1e6;
  profile.samples.forEach((id, i) => {
    if (times[i]! < from || times[i]! > to) return;
    const { url } = nodes.get(id)!.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    const name = label(nodes.get(id)!);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
      onStack.add(label(nodes.get(at)!));
    for (const f of onStack) inclusive.set(f, (inclusive.get(f) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byOwner.set(owner(url), (byOwner.get(owner(url)) ?? 0) + us);
    total += us;
  });
}

const print = (title: string, map: Map<string, number>, top: number) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`,
    );
};
print('Self time by owner', byOwner, 25);
print('Self time by function', byFunction, Number(values.top));
print('Total time (self and callees) by function', inclusive, Number(values.top));
