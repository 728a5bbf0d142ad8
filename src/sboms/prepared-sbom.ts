/** An upload made ready to store: parse, assign ids, turn components into bulk-insert value rows. */
import { newId } from '../shared/ids.ts';
import type { MatchableComponent } from './component-matcher.ts';
import { DEFAULT_SBOM_LIMITS, parseSbom, type SbomLimits } from './parsers/parse-sbom.ts';
import type { ParsedComponent, SbomFormat } from './sbom-model.ts';

/**
 * One component as the bulk insert's value array, in COMPONENT_COLUMNS order (sbom.table.ts; the repository
 * checks the two agree). Arrays, not objects: an upload writes up to 100,000 of them and the parser worker
 * sends them as JSON.
 */
export type ComponentValues = [
  id: string,
  orgId: string,
  sbomId: string,
  bomRef: string | null,
  type: string,
  groupName: string | null,
  name: string,
  version: string | null,
  purl: string | null,
  cpe: string | null,
  ecosystem: string | null,
  packageKey: string | null,
  /** JSON arrays as text. */
  licenses: string,
  hashes: string,
  supplier: string | null,
  scope: string | null,
  /** JSON array of component ids. */
  dependsOn: string,
  position: number,
  /** JSON LicenseData, or null when the document gave no license entries. */
  licenseData: string | null,
];

/** An upload ready to store: what the SBOM record needs, and its component rows in COMPONENT_COLUMNS order. */
export interface PreparedSbom {
  format: SbomFormat;
  specVersion: string;
  /** Version of the SBOM's subject (CycloneDX metadata.component, SPDX root package), if it names one. */
  subjectVersion: string | null;
  /** Name of the SBOM's subject: the asset's name when the form gives none. */
  subjectName: string | null;
  /** JSON array of the ids of the components the subject depends on; null when the document names none. */
  rootDependsOn: string | null;
  /** For the upload response's meta.warnings (duplicate bom-refs). */
  warnings: string[];
  rows: ComponentValues[];
}

/**
 * The parser worker's slices hold at most about this many characters of row text (and 4,000 rows): a row carries
 * its dependencies, and 1,000 components each depending on the 1,000 (1M edges) made one 30 MB slice, parsed and
 * inserted on the main thread in one go.
 */
export const SLICE_CHARS = 1_048_576;

/** Index of `depends_on` in COMPONENT_COLUMNS (checked at compile time in sbom.repository.ts). */
export const DEPENDS_ON = 16;

/** What is known of a streamed SBOM once its last row has come. */
export interface StreamedSummary {
  count: number;
  warnings: string[];
  /** The dependsOn of rows already sent that named a bom-ref no component took (RowBuilder.corrections). */
  corrections: DependsOnCorrection[];
  /** Version of the SBOM's subject (CycloneDX metadata.component, SPDX root package), if it names one. */
  subjectVersion: string | null;
  /** Name of the SBOM's subject: the asset's name when the form gives none. */
  subjectName: string | null;
  /** JSON array of the ids of the components the subject depends on; null when the document names none. */
  rootDependsOn: string | null;
}

export type DependsOnCorrection = [componentId: string, dependsOn: string];

/**
 * A prepared SBOM whose rows may still be arriving: batches in document order, then the summary. The parser
 * worker sends its rows while it reads the file, and the upload stores each batch as it comes (worker-parser.ts).
 */
export interface StreamedSbom extends Pick<PreparedSbom, 'format' | 'specVersion'> {
  batches: AsyncIterable<ComponentValues[]>;
  /** Once `batches` is exhausted. */
  summary(): StreamedSummary;
}

/** An SBOM prepared inline, as one batch (or as `batches` cuts its rows: tests holding an upload mid-way). */
export function streamed(
  { rows, warnings, subjectVersion, subjectName, rootDependsOn, ...meta }: PreparedSbom,
  batches: (rows: ComponentValues[]) => AsyncIterable<ComponentValues[]> = async function* (all) {
    yield all;
  },
): StreamedSbom {
  return {
    ...meta,
    batches: batches(rows),
    summary: () => ({
      count: rows.length,
      warnings,
      corrections: [],
      subjectVersion,
      subjectName,
      rootDependsOn,
    }),
  };
}

/**
 * Pure: bytes → parsed → rows (ids assigned). The same function runs inline or in the parser worker, so it imports
 * nothing of the store (the worker starts faster without kysely and the drivers).
 */
export function prepareSbom(
  fileName: string,
  bytes: Uint8Array,
  orgId: string,
  sbomId: string,
  limits: SbomLimits = DEFAULT_SBOM_LIMITS,
): PreparedSbom {
  const parsed = parseSbom(fileName, bytes, limits);
  const builder = new RowBuilder(orgId, sbomId);
  const rows = parsed.components.map((c, i) => builder.row(c, i));
  const corrections = builder.corrections();
  if (corrections.length > 0) {
    const byId = new Map(rows.map((row) => [row[0], row]));
    for (const [id, dependsOn] of corrections) byId.get(id)![DEPENDS_ON] = dependsOn;
  }
  return {
    format: parsed.format,
    specVersion: parsed.specVersion,
    subjectVersion: parsed.metadataComponent?.version ?? null,
    subjectName: parsed.metadataComponent?.name || null,
    rootDependsOn: builder.rootDependsOn(parsed.metadataComponent),
    warnings: parsed.warnings ?? [],
    rows,
  };
}

/**
 * Component rows built one component at a time, in document order: ids assigned, dependencies (bom-refs)
 * resolved to component ids, refs shared by several components resolving to the first. A dependency on a
 * component that comes later gets that component's id ahead (the component takes it when it comes); one on a
 * ref no component has (the SBOM's own subject, a typo) is dropped. Which refs lead nowhere is known only after
 * the last component: `corrections()` then gives the dependsOn of the rows that named one, rows a stream has
 * already sent. In real SBOMs there are few or none.
 */
export class RowBuilder {
  readonly #orgId: string;
  readonly #sbomId: string;
  /** bom-ref → the id of the first component with it, or the id given out ahead for it. */
  readonly #ids = new Map<string, string>();
  /** bom-refs a component has taken. */
  readonly #taken = new Set<string>();
  /** Rows built while one of their dependencies was not taken yet: [row id, the refs it depends on]. */
  readonly #unsure: [string, string[]][] = [];
  /** Rows whose bom-ref an earlier row had taken: [row id, its bom-ref] (they share that ref's dependencies). */
  readonly #repeats: [string, string][] = [];

  constructor(orgId: string, sbomId: string) {
    this.#orgId = orgId;
    this.#sbomId = sbomId;
  }

  row(c: ParsedComponent, position: number): ComponentValues {
    let id: string;
    if (c.bomRef !== null && !this.#taken.has(c.bomRef)) {
      this.#taken.add(c.bomRef);
      id = this.#idOf(c.bomRef);
    } else {
      id = newId('cmp');
      if (c.bomRef !== null) this.#repeats.push([id, c.bomRef]);
    }
    let dependsOn = '[]';
    if (c.dependsOn.length > 0) {
      dependsOn = JSON.stringify(c.dependsOn.map((ref) => this.#idOf(ref)));
      if (c.dependsOn.some((ref) => !this.#taken.has(ref))) this.#unsure.push([id, c.dependsOn]);
    }
    return [
      id,
      this.#orgId,
      this.#sbomId,
      c.bomRef,
      c.type,
      c.group,
      c.name,
      c.version,
      c.purl,
      c.cpe,
      c.ecosystem,
      c.packageKey,
      c.licenses.length === 0 ? '[]' : JSON.stringify(c.licenses),
      c.hashes.length === 0 ? '[]' : JSON.stringify(c.hashes),
      c.supplier,
      c.scope,
      dependsOn,
      position,
      c.licenseData === undefined ? null : JSON.stringify(c.licenseData),
    ];
  }

  /**
   * After the last row: the dependsOn, without the refs no component took, of each row that named one; and of each
   * row whose bom-ref is in `changed` (refs whose dependencies turned out other than the rows were built with, a
   * stream's `dependencyChanges`), its dependencies there.
   */
  corrections(changed: ReadonlyMap<string, readonly string[]> = new Map()): DependsOnCorrection[] {
    const taken = (ref: string) => this.#taken.has(ref);
    const dependsOn = (refs: readonly string[]) =>
      JSON.stringify(refs.filter(taken).map((ref) => this.#ids.get(ref)!));
    const byId = new Map<string, string>();
    for (const [id, refs] of this.#unsure) if (!refs.every(taken)) byId.set(id, dependsOn(refs));
    if (changed.size > 0) {
      for (const [ref, refs] of changed) if (taken(ref)) byId.set(this.#ids.get(ref)!, dependsOn(refs));
      for (const [id, ref] of this.#repeats) {
        const refs = changed.get(ref);
        if (refs) byId.set(id, dependsOn(refs));
      }
    }
    return [...byId];
  }

  /** After the last row: the ids the subject depends on (refs some component took), as JSON; null when it names none. */
  rootDependsOn(subject: ParsedComponent | undefined): string | null {
    if (!subject || subject.dependsOn.length === 0) return null;
    return JSON.stringify(
      [...new Set(subject.dependsOn.filter((ref) => this.#taken.has(ref)))].map((ref) => this.#ids.get(ref)!),
    );
  }

  #idOf(ref: string): string {
    let id = this.#ids.get(ref);
    if (id === undefined) this.#ids.set(ref, (id = newId('cmp')));
    return id;
  }
}

/** The matcher's view of a row (with what policies read of it, so an upload need not read its rows back). */
export const matchableOf = ([
  id,
  ,
  ,
  ,
  ,
  group,
  name,
  version,
  purl,
  ,
  ecosystem,
  packageKey,
  licenses,
  ,
  ,
  ,
  ,
  ,
  licenseData,
]: ComponentValues): MatchableComponent => ({
  id,
  ecosystem,
  packageKey,
  name,
  version,
  purl,
  group,
  licenses,
  licenseData,
});
