/**
 * `PackageURL.parseString` without the WHATWG URL parse, for the purls almost every SBOM holds. packageurl-js
 * splits a purl by parsing it as a URL (`new URL`), about half of the ≈ 4 µs a purl costs an upload's parser
 * worker (BENCHMARKS.md, "SBOM upload"). For a purl of the plain shape below, that URL's pathname is the text
 * between `pkg:` and `?`, and its query the text after it, unchanged: the URL parser rewrites nothing in them
 * (no dot segments in an opaque path, no character it percent-encodes), so the same split can be done on the
 * string. Every other purl (another scheme spelling, leading slashes, a subpath, spaces, quotes, brackets,
 * non-ASCII) returns undefined and goes through packageurl-js's own parse. The parts are then given to the
 * `PackageURL` constructor as before, which normalises and validates them: only the split is ours, and
 * `purl-split.test.ts` checks it against `parseString` on real and mutated purls.
 */

type RawParts = [
  type: string,
  namespace: string | undefined,
  name: string | undefined,
  version: string | undefined,
  qualifiers: URLSearchParams | undefined,
  subpath: undefined,
];

/** `pkg:`, a first character that is not a slash, then unreserved, sub-delimiter, `:@/%` characters; one `?`. */
const PLAIN =
  /^pkg:[A-Za-z0-9\-._~!$&'()*+,;=:@%][A-Za-z0-9\-._~!$&'()*+,;=:@/%]*(\?[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*)?$/;

/** The components `PackageURL.parseString` returns for a plain purl (see above), undefined for any other. */
export function splitPlainPurl(purl: string): RawParts | undefined {
  if (!PLAIN.test(purl)) return undefined;
  const questionMark = purl.indexOf('?');
  const pathname = purl.slice(4, questionMark === -1 ? purl.length : questionMark);
  // From here on, parseString's own steps over the URL's pathname and query.
  const firstSlashIndex = pathname.indexOf('/');
  const rawType = decode('type', firstSlashIndex === -1 ? pathname : pathname.slice(0, firstSlashIndex));
  if (firstSlashIndex < 1) return [rawType, undefined, undefined, undefined, undefined, undefined];
  let atSignIndex = pathname.lastIndexOf('@');
  // packageurl-js reads an unencoded '@' right after a '/' as part of the name, not as the version's start.
  if (atSignIndex !== -1 && pathname.charCodeAt(atSignIndex - 1) === 47) atSignIndex = -1;
  const beforeVersion = pathname.slice(
    rawType.length + 1,
    atSignIndex === -1 ? pathname.length : atSignIndex,
  );
  const rawVersion = atSignIndex === -1 ? undefined : decode('version', pathname.slice(atSignIndex + 1));
  const lastSlashIndex = beforeVersion.lastIndexOf('/');
  const rawName = decode('name', beforeVersion.slice(lastSlashIndex + 1));
  const rawNamespace =
    lastSlashIndex === -1 ? undefined : decode('namespace', beforeVersion.slice(0, lastSlashIndex));
  let rawQualifiers: URLSearchParams | undefined;
  if (questionMark !== -1) {
    const searchParams = new URLSearchParams(purl.slice(questionMark + 1));
    if (searchParams.size !== 0) {
      searchParams.forEach((value) => decode('qualifiers', value));
      rawQualifiers = searchParams;
    }
  }
  return [rawType, rawNamespace, rawName, rawVersion, rawQualifiers, undefined];
}

/**
 * packageurl-js's `decodePurlComponent`: the caller treats any throw as an invalid purl, as it does theirs. Text
 * without '%' decodes to itself, and `decodeURIComponent` costs more than the test.
 */
function decode(component: string, text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Error(`unable to decode "${component}" component`);
  }
}

/** Characters `encodeURIComponent` leaves as they are. */
const KEPT = /^[A-Za-z0-9\-_.!~*'()]*$/;
/** Those, and the ones packageurl-js puts back after encoding a namespace (':', '/') or a version (':', '+'). */
const KEPT_NAMESPACE = /^[A-Za-z0-9\-_.!~*'():/]*$/;
const KEPT_VERSION = /^[A-Za-z0-9\-_.!~*'():+]*$/;

/**
 * `purl.toString()` for a purl without qualifiers or subpath whose parts encode to themselves, undefined for any
 * other: packageurl-js's encoding is about a third of what is left of a purl's cost once it is split here.
 */
export function plainPurlText(purl: {
  type: string;
  namespace?: string | undefined;
  name: string;
  version?: string | undefined;
  qualifiers?: unknown;
  subpath?: string | undefined;
}): string | undefined {
  const { type, namespace, name, version, qualifiers, subpath } = purl;
  if (qualifiers || subpath || !KEPT.test(type) || !KEPT.test(name)) return undefined;
  if (namespace && !KEPT_NAMESPACE.test(namespace)) return undefined;
  if (version && !KEPT_VERSION.test(version)) return undefined;
  return `pkg:${type}/${namespace ? `${namespace}/` : ''}${name}${version ? `@${version}` : ''}`;
}
