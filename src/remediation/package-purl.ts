/**
 * A package's identity across versions: light, so the CLI loads it without the store. The upgrade plan groups by
 * it, and pipeline/ (report-model.ts `packageIdentity`) carries triage and compares SBOMs with it.
 */

/**
 * The purl without version, qualifiers or subpath: what an upgrade changes the version of. The version's `@` is
 * the one after the name's last `/`, so an npm scope written unencoded (`pkg:npm/@types/node`) is not a version.
 */
export function packagePurl(purl: string): string {
  const base = purl.split('?')[0]!.split('#')[0]!;
  const at = base.lastIndexOf('@');
  return at > base.lastIndexOf('/') ? base.slice(0, at) : base;
}
