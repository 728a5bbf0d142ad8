// Synthetic inputs for the matching benchmark: a package pool (real Go/PyPI packages from the imported feeds
// plus synthetic ones in five ecosystems), SBOMs over it, and OSV advisories spread over the same packages.
// Deterministic (seeded), so every run and dialect sees the same data.

export interface Pkg {
  /** purl without version, e.g. `pkg:npm/bench-pkg-1`. */
  purlBase: string;
  name: string;
  ecosystem: 'npm' | 'PyPI' | 'Go' | 'Maven' | 'NuGet';
  /** OSV package name. */
  osvName: string;
  /** Go purls spell versions with a `v`. */
  vPrefix: boolean;
}

const SYNTHETIC = ['npm', 'PyPI', 'Go', 'Maven', 'NuGet'] as const;

export function syntheticPackage(i: number): Pkg {
  const ecosystem = SYNTHETIC[i % SYNTHETIC.length]!;
  switch (ecosystem) {
    case 'npm':
      return {
        purlBase: `pkg:npm/bench-pkg-${i}`,
        name: `bench-pkg-${i}`,
        ecosystem,
        osvName: `bench-pkg-${i}`,
        vPrefix: false,
      };
    case 'PyPI':
      return {
        purlBase: `pkg:pypi/bench-pkg-${i}`,
        name: `bench_pkg_${i}`,
        ecosystem,
        osvName: `Bench_Pkg.${i}`,
        vPrefix: false,
      };
    case 'Go':
      return {
        purlBase: `pkg:golang/github.com/bench/pkg${i}`,
        name: `github.com/bench/pkg${i}`,
        ecosystem,
        osvName: `github.com/bench/pkg${i}`,
        vPrefix: true,
      };
    case 'Maven':
      return {
        purlBase: `pkg:maven/org.bench/pkg${i}`,
        name: `pkg${i}`,
        ecosystem,
        osvName: `org.bench:pkg${i}`,
        vPrefix: false,
      };
    default:
      return {
        purlBase: `pkg:nuget/Bench.Pkg${i}`,
        name: `Bench.Pkg${i}`,
        ecosystem,
        osvName: `Bench.Pkg${i}`,
        vPrefix: false,
      };
  }
}

export function realPackage(ecosystem: 'Go' | 'PyPI', name: string): Pkg {
  return ecosystem === 'Go'
    ? { purlBase: `pkg:golang/${name}`, name, ecosystem, osvName: name, vPrefix: true }
    : { purlBase: `pkg:pypi/${name.toLowerCase()}`, name, ecosystem, osvName: name, vPrefix: false };
}

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Versions are `M.m.p` with the minor in 0..19: an advisory window covers one minor (≈10% of components). */
export const versionOf = (pkgIndex: number, slot: number, rand: () => number) =>
  `${1 + (pkgIndex % 5)}.${Math.floor(rand() * 20)}.${slot}`;

export interface BenchComponent {
  name: string;
  version: string;
  purl: string;
}

export function component(pkg: Pkg, version: string): BenchComponent {
  return { name: pkg.name, version, purl: `${pkg.purlBase}@${pkg.vPrefix ? 'v' : ''}${version}` };
}

export function cyclonedx(components: BenchComponent[]): string {
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name: 'bench-app', version: '1.0.0' } },
    components: components.map((c, i) => ({
      type: 'library',
      'bom-ref': `c${i}`,
      name: c.name,
      version: c.version,
      purl: c.purl,
    })),
  });
}

/** One OSV advisory over `pkg`: a window [M.m.0, M.(m+1).0) or, one in four, `last_affected` + a versions list. */
export function advisory(
  id: number,
  pkg: Pkg,
  pkgIndex: number,
  rand: () => number,
  modified = '2026-01-01T00:00:00Z',
): string {
  const major = 1 + (pkgIndex % 5);
  const minor = Math.floor(rand() * 20);
  const lastAffected = id % 4 === 0;
  const events = lastAffected
    ? [{ introduced: `${major}.${minor}.0` }, { last_affected: `${major}.${minor}.9` }]
    : [{ introduced: `${major}.${minor}.0` }, { fixed: `${major}.${minor + 1}.0` }];
  return JSON.stringify({
    schema_version: '1.6.0',
    id: `OSV-2026-${id}`,
    modified,
    aliases: [`CVE-2026-${100000 + id}`],
    summary: `Synthetic advisory ${id} for ${pkg.osvName}`,
    severity:
      id % 3 === 0 ? [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N' }] : [],
    affected: [
      {
        package: { ecosystem: pkg.ecosystem, name: pkg.osvName },
        ranges: [{ type: pkg.ecosystem === 'Go' ? 'SEMVER' : 'ECOSYSTEM', events }],
        ...(lastAffected ? { versions: Array.from({ length: 10 }, (_, p) => `${major}.${minor}.${p}`) } : {}),
      },
    ],
  });
}
