// Sums a V8 CPU profile's self time per function (and per package), to read a benchmark target's profile
// (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"`, BENCHMARKS.md "Tool server").
// Usage: node bench/support/cpu-profile-summary.ts <file.cpuprofile>... [--top 40]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '40' } },
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
const byOwner = new Map<string, number>();
let total = 0;
for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    const name = `${functionName || '(anonymous)'} ${owner(url)}:${lineNumber + 1}`;
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
