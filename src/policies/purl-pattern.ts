// The `purl matches` condition: a purl without version, `*` allowed in namespace and name
// (`pkg:npm/event-stream`, `pkg:maven/org.apache.logging.log4j/*`).
import { PackageURL } from 'packageurl-js';

export interface PurlPattern {
  type: string;
  /** Over `namespace/name` (or `name`), percent-decoded; `*` is any run of characters. */
  path: RegExp;
}

export type PatternParse = { ok: true; pattern: PurlPattern } | { ok: false; error: string };

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

export function parsePurlPattern(text: string): PatternParse {
  if (!/^pkg:[a-z0-9.+-]+\/./i.test(text))
    return { ok: false, error: "must be a purl such as 'pkg:npm/event-stream'" };
  if (/[@?#]/.test(text.slice(4))) return { ok: false, error: 'must have no version, qualifiers or subpath' };
  let parsed: PackageURL;
  try {
    // `*` is not a purl character: check the rest with a stand-in.
    parsed = PackageURL.fromString(text.replaceAll('*', 'x'));
  } catch (error) {
    return {
      ok: false,
      error: `is not a valid purl: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const rest = text.slice(text.indexOf('/') + 1).replace(/\/+$/, '');
  const path = rest
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .join('/');
  const regex = new RegExp(`^${path.split('*').map(escape).join('.*')}$`);
  return { ok: true, pattern: { type: parsed.type.toLowerCase(), path: regex } };
}

/** Whether a component's purl (any version and qualifiers) matches. */
export function purlMatches(pattern: PurlPattern, purl: string | null): boolean {
  if (purl === null) return false;
  let parsed: PackageURL;
  try {
    parsed = PackageURL.fromString(purl);
  } catch {
    return false;
  }
  if (parsed.type.toLowerCase() !== pattern.type) return false;
  const path = parsed.namespace ? `${parsed.namespace}/${parsed.name}` : parsed.name;
  return pattern.path.test(path);
}
