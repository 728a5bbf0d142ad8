/** A package's identity across versions, as the plan groups it: light, so the CLI loads it without the store. */

/** The purl without version, qualifiers or subpath: what an upgrade changes the version of. */
export function packagePurl(purl: string): string {
  const base = purl.split('?')[0]!.split('#')[0]!;
  const at = base.lastIndexOf('@');
  return at > base.indexOf('/') ? base.slice(0, at) : base;
}
