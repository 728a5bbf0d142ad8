/** Component fields shared by the parsers: purl → ecosystem and OSV package key, licenses, hashes. */
import { PackageURL } from 'packageurl-js';
// Not the vulndb barrel: the parser worker would load the store and every version ordering with it (≈ 170 ms).
import { osvPackageOf, packageKey } from '../../vulndb/ecosystems.ts';
import { plainPurlText, splitPlainPurl } from './purl-split.ts';

/** A canonical purl, its ecosystem and OSV package key; all null when the purl is absent or not valid. */
export interface PurlInfo {
  purl: string | null;
  ecosystem: string | null;
  packageKey: string | null;
}

const NONE: PurlInfo = { purl: null, ecosystem: null, packageKey: null };

/**
 * Normalises a purl with packageurl-js (qualifiers sorted, type-specific case rules), split without a URL parse
 * when it is plain (purl-split.ts). An invalid purl is
 * dropped rather than failing the whole upload: the component stays, it just cannot be matched by purl.
 */
export function purlInfo(raw: unknown): PurlInfo {
  if (typeof raw !== 'string' || raw.trim() === '') return NONE;
  const text = raw.trim();
  let parsed: PackageURL;
  try {
    const parts = splitPlainPurl(text);
    parsed = parts
      ? new PackageURL(...(parts as unknown as ConstructorParameters<typeof PackageURL>))
      : PackageURL.fromString(text);
  } catch {
    return NONE;
  }
  const osv = osvPackageOf(parsed);
  return {
    purl: plainPurlText(parsed) ?? parsed.toString(),
    ecosystem: osv?.ecosystem ?? parsed.type,
    packageKey: osv ? packageKey(osv.ecosystem, osv.name) : null,
  };
}

/**
 * A text field that, when present, must be a string: `"name": 123` or `"version": {…}` is refused with
 * PARSE_ERROR naming the path instead of becoming "123" or silently nothing (docs/resilience.md).
 */
export function textField(value: unknown, fail: (message: string) => never, path: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    fail(`${path} must be a string, not ${Array.isArray(value) ? 'an array' : typeof value}`);
  return str(value);
}

/** Trimmed non-empty string, else null (empty XML elements and `""` JSON values mean "not given"). */
export function str(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number') return String(value);
  return null;
}

/** SPDX checksum algorithms (`SHA1`, `SHA256`) in CycloneDX spelling (`SHA-1`, `SHA-256`), so both families agree. */
export function normalizeHashAlg(alg: string): string {
  const trimmed = alg.trim();
  const sha = /^SHA(\d+)$/i.exec(trimmed);
  return sha ? `SHA-${sha[1]}` : trimmed;
}
