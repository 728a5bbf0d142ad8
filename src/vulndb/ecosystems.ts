/**
 * purl type → OSV ecosystem, and the package name as OSV spells it, so a component and an advisory meet on
 * one key. Names are normalised per ecosystem: PyPI per PEP 503, Maven `group:artifact`, npm `@scope/name`,
 * Go module paths as published.
 */
export const PURL_TO_OSV: Record<string, string> = {
  npm: 'npm',
  pypi: 'PyPI',
  golang: 'Go',
  maven: 'Maven',
  cargo: 'crates.io',
  gem: 'RubyGems',
  nuget: 'NuGet',
  composer: 'Packagist',
  pub: 'Pub',
  hex: 'Hex',
  deb: 'Debian',
  apk: 'Alpine',
  // Not a registered purl type, but what Syft writes for Alpine packages (pkg:alpine/apk-tools@…).
  alpine: 'Alpine',
};

export interface OsvPackage {
  ecosystem: string;
  name: string;
}

/** PEP 503: runs of `-`, `_`, `.` become one `-`, lower-case. */
export const normalizePypiName = (name: string): string => name.replace(/[-_.]+/g, '-').toLowerCase();

/**
 * The key used to match a package of an ecosystem: case-insensitive ecosystems are lower-cased.
 * Both sides (components and advisories) go through this function.
 */
export function packageKey(ecosystem: string, name: string): string {
  switch (ecosystem) {
    case 'PyPI':
      return normalizePypiName(name);
    case 'NuGet':
    case 'Packagist':
    case 'Hex':
    case 'crates.io':
      return name.toLowerCase();
    default:
      return name;
  }
}

/** The OSV package of a parsed purl (type, namespace, name), or undefined for types OSV does not cover. */
export function osvPackageOf(purl: {
  type: string;
  namespace?: string | null | undefined;
  name: string;
}): OsvPackage | undefined {
  const ecosystem = PURL_TO_OSV[purl.type.toLowerCase()];
  if (!ecosystem) return undefined;
  const ns = purl.namespace ?? '';
  switch (ecosystem) {
    case 'Maven':
      return ns ? { ecosystem, name: `${ns}:${purl.name}` } : undefined;
    case 'npm':
      return { ecosystem, name: ns ? `${ns}/${purl.name}` : purl.name };
    case 'Go':
    case 'Packagist':
      return { ecosystem, name: ns ? `${ns}/${purl.name}` : purl.name };
    case 'Debian':
    case 'Alpine':
      // OSV names distro packages without the vendor namespace (purl namespace is `debian` / `alpine`).
      return { ecosystem, name: purl.name };
    default:
      return { ecosystem, name: ns ? `${ns}/${purl.name}` : purl.name };
  }
}
