// Comparisons per second of each ecosystem's version ordering, against `String.prototype.localeCompare`
// over the same pairs in the same run: `ordering.compare` (parses both strings every time),
// `compareVersions` (strings, parsed versions memoized), `compareParsed` (versions parsed once by the caller). Usage: node bench/versions/compare.bench.ts [--ms 2000]
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';

import { compareVersions, getVersionOrdering } from '../../src/vulndb/index.ts';

const { values } = parseArgs({ options: { ms: { type: 'string', default: '2000' } } });
const budgetMs = Number(values.ms);

/** Realistic versions as advisories and SBOMs spell them (range events and installed versions). */
const SAMPLES: Record<string, string[]> = {
  npm: [
    '0.0.1',
    '1.0.0',
    '1.2.3',
    '1.2.3-beta.1',
    '1.2.10',
    '2.0.0-rc.1',
    '2.0.0',
    '4.17.21',
    '4.17.20',
    '10.1.0',
    '5.0.0-alpha.0',
    '3.3.2',
    '7.5.4',
    '0.21.1',
    '1.13.6',
    '2.29.4',
  ],
  Go: [
    '0.0.0-20191109021931-daa7c04131f5',
    '0.0.0-20230321023759-10a507213a29',
    '1.2.3',
    '1.2.4-0.20191109021931-daa7c04131f5',
    '0.17.0',
    '1.21.0',
    '1.20.6',
    '2.0.0+incompatible',
    '0.14.0',
    '1.5.2',
    '0.3.8',
    '1.9.1',
  ],
  PyPI: [
    '1.0',
    '1.0.post1',
    '1.0.dev0',
    '2.0.0rc1',
    '2.31.0',
    '2.28.1',
    '1.26.18',
    '3.2.1',
    '0.9.8',
    '41.0.7',
    '1!1.0',
    '4.2.7',
    '23.2.0',
    '1.10.0a1',
    '2.7.0',
  ],
  Maven: [
    '1.0',
    '1.0-SNAPSHOT',
    '2.13.4.2',
    '2.13.4',
    '5.3.18',
    '5.3.20.RELEASE',
    '2.17.1',
    '2.15.0-rc2',
    '9.4.51.v20230217',
    '31.1-jre',
    '32.0.0-android',
    '1.2.3-beta-1',
    '3.0.0-M1',
    '6.0.0',
  ],
  RubyGems: [
    '1.0.0',
    '1.0.0.pre',
    '6.1.7.3',
    '7.0.4',
    '1.13.10',
    '2.5.0.beta1',
    '3.1.2',
    '0.9.1',
    '5.2.8.1',
    '1.14.0.rc1',
    '2.0',
    '4.0.0.a',
  ],
  NuGet: [
    '1.0.0',
    '1.0.0-beta',
    '4.7.0.1',
    '13.0.1',
    '6.0.0-preview.1',
    '2.1.1',
    '12.0.3',
    '5.0.0-rc.2',
    '4.3.0',
    '8.0.0',
  ],
  Packagist: [
    '1.0.0',
    'v1.0.0-beta2',
    '5.4.17',
    '6.0.0-RC1',
    '2.8.52',
    'dev-master',
    '9.52.16',
    '1.0.0-p1',
    '3.0.0-alpha1',
    '10.0.0',
  ],
  Debian: [
    '1.2.3-1',
    '1:2.30-1ubuntu0.1',
    '7.74.0-1.3+deb11u7',
    '7.74.0-1.3+deb11u10',
    '2.36.1-8+deb11u1',
    '1.0~rc1-1',
    '3.0.11-1~deb12u2',
    '1.1.1n-0+deb11u5',
    '2:8.2.2434-3+deb11u1',
    '252.22-1~deb12u1',
  ],
  Alpine: [
    '1.2.3-r0',
    '1.2.3-r1',
    '3.0.8-r0',
    '3.0.10-r0',
    '1.36.1-r2',
    '8.4.0-r0',
    '1.2.3_rc1-r0',
    '2.40.1_p1-r2',
    '1.1.1t-r0',
    '0.9.28_git20200101-r3',
  ],
  'Red Hat': [
    '0:1.0-1.el8',
    '1:1.0-1.el8',
    '2.02-99.el8',
    '2.02-100.el8',
    '3.10.0-229.el7',
    '1.0^git1-1.el9',
    '1.0~rc1-1.el9',
    '4.18.0-425.3.1.el8',
    '2.28-225.el9_2',
    '1.1.1k-9.el8_7',
  ],
};

interface Pair {
  a: string;
  b: string;
}

const pairsOf = (versions: string[]): Pair[] => versions.flatMap((a) => versions.map((b) => ({ a, b })));

/**
 * Comparisons per second of each function over the pairs. The functions take turns in five rounds and
 * each keeps its best round: on a shared machine that is the least disturbed one, and taking turns
 * exposes all of them to the same conditions, so their ratios hold even when absolute figures drift.
 */
function rates(pairs: Pair[], fns: ((p: Pair) => number)[]): number[] {
  let sink = 0;
  const best = fns.map(() => 0);
  for (const fn of fns) for (let w = 0; w < 3; w++) for (const p of pairs) sink += fn(p); // warm-up
  for (let round = 0; round < 5; round++) {
    fns.forEach((fn, k) => {
      let count = 0;
      const start = performance.now();
      while (performance.now() - start < budgetMs / 5 / fns.length) {
        for (const p of pairs) sink += fn(p);
        count += pairs.length;
      }
      best[k] = Math.max(best[k] as number, count / ((performance.now() - start) / 1000));
    });
  }
  if (sink === Number.MIN_VALUE) console.log(sink); // keeps the loops observable
  return best;
}

const fmt = (n: number): string => `${(n / 1e6).toFixed(2)} M/s`;

console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
const columns = [
  'localeCompare',
  'parse each',
  'ratio',
  'compareVersions',
  'ratio',
  'compareParsed',
  'ratio',
];
console.log(['ecosystem'.padEnd(10), ...columns.map((c) => c.padStart(c === 'ratio' ? 6 : 15))].join(' '));
for (const [ecosystem, versions] of Object.entries(SAMPLES)) {
  const ordering = getVersionOrdering(ecosystem);
  if (!ordering) throw new Error(`no ordering for ${ecosystem}`);
  const pairs = pairsOf(versions);
  const parsed = new Map(versions.map((v) => [v, ordering.parse(v)]));
  const parsedPairs = pairs.map(({ a, b }) => ({ a: parsed.get(a), b: parsed.get(b) }));
  let i = 0;
  const [baseline, uncached, cached, pre] = rates(pairs, [
    ({ a, b }) => a.localeCompare(b),
    ({ a, b }) => ordering.compare(a, b),
    ({ a, b }) => compareVersions(ecosystem, a, b),
    () => {
      const p = parsedPairs[i++ % parsedPairs.length] as { a: unknown; b: unknown };
      return ordering.compareParsed(p.a, p.b);
    },
  ]) as [number, number, number, number];
  const cells = [baseline, uncached, uncached / baseline, cached, cached / baseline, pre, pre / baseline];
  console.log(
    [
      ecosystem.padEnd(10),
      ...cells.map((n, k) => (k % 2 === 1 || k === 0 ? fmt(n).padStart(15) : n.toFixed(2).padStart(6))),
    ].join(' '),
  );
}
