/**
 * The one normalized shape every SBOM parser produces, whatever the input family (CycloneDX JSON or XML,
 * SPDX JSON). Pure data: the service maps it to rows.
 */
export type SbomFormat = 'cyclonedx' | 'spdx';

export interface ParsedHash {
  /** CycloneDX spelling (`SHA-256`, `MD5`, `SHA3-256`); SPDX `SHA256` becomes `SHA-256`. */
  alg: string;
  content: string;
}

export interface ParsedComponent {
  /** CycloneDX `bom-ref` or SPDX `SPDXID`; null when the document gives none. */
  bomRef: string | null;
  /** CycloneDX component type (`library`, `application`, …); SPDX primaryPackagePurpose lower-cased, else `library`. */
  type: string;
  group: string | null;
  name: string;
  version: string | null;
  /** Canonical purl (packageurl-js); null when absent or invalid. */
  purl: string | null;
  cpe: string | null;
  /** OSV ecosystem of the purl (`npm`, `PyPI`, `Maven`, …), else the purl type, else null. */
  ecosystem: string | null;
  /** `packageKey(ecosystem, OSV name)` when the purl maps to an OSV package, else null: what advisories match on. */
  packageKey: string | null;
  /** SPDX ids, license names or SPDX expressions, as the document gives them. */
  licenses: string[];
  /** What the license entries were (policies read them, docs/policies.md); absent when there were none. */
  licenseData?: LicenseData;
  hashes: ParsedHash[];
  supplier: string | null;
  /** CycloneDX scope (`required`, `optional`, `excluded`); null for SPDX. */
  scope: string | null;
  /** bomRefs of the components this one depends on (from the dependency graph). */
  dependsOn: string[];
}

/**
 * A component's license data as the document gives it, stored as JSON in `license_data`: CycloneDX entries
 * (an `expression`, a `license.id` or a `license.name`), or SPDX's concluded and declared texts (NONE and
 * NOASSERTION kept as written, which `licenses` cannot tell apart).
 */
export type LicenseData =
  | { cdx: ({ expression: string } | { id: string } | { name: string })[] }
  | { spdx: { concluded: string | null; declared: string | null } };

export interface ParsedTool {
  name: string;
  version: string | null;
}

export interface ParsedSbom {
  format: SbomFormat;
  /** `1.4` for CycloneDX, `2.3` for SPDX. */
  specVersion: string;
  /** The subject of the SBOM (CycloneDX metadata.component, SPDX described root package); not a component. */
  metadataComponent?: ParsedComponent;
  /** Every component, nested ones flattened depth-first (parent before its children). */
  components: ParsedComponent[];
  /** What the upload reports in meta.warnings (duplicate bom-refs); absent when there is nothing to say. */
  warnings?: string[];
  /** Tools that produced the document (CycloneDX metadata.tools in either form, SPDX creators `Tool:`). */
  tools: ParsedTool[];
}

/**
 * An SBOM read one component at a time (large JSON uploads): the head at once, each component only as
 * `components` is iterated, in document order, each failure thrown where it is met. Nothing keeps the components:
 * a consumer that stores each as it comes never holds them all.
 */
export interface SbomStream {
  format: SbomFormat;
  specVersion: string;
  tools: ParsedTool[];
  components: Iterable<ParsedComponent>;
  /** The SBOM's subject; for SPDX known only once `components` has been read to the end. */
  subject(): ParsedComponent | undefined;
  /** Entries of the document's top-level list (CycloneDX components, SPDX packages), when read lazily. */
  listed?: number;
}

/** A stream read to the end. */
export function collectStream(stream: SbomStream): ParsedSbom {
  const components = [...stream.components];
  const subject = stream.subject();
  return {
    format: stream.format,
    specVersion: stream.specVersion,
    ...(subject ? { metadataComponent: subject } : {}),
    components,
    tools: stream.tools,
  };
}
