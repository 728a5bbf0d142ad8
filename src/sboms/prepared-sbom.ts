/** An upload made ready to store: parse, assign ids, turn components into bulk-insert value rows. */
import { newId } from '../shared/ids.ts';
import type { MatchableComponent } from './component-matcher.ts';
import { DEFAULT_SBOM_LIMITS, parseSbom, type SbomLimits } from './parsers/parse-sbom.ts';
import type { ParsedComponent, ParsedSbom, SbomFormat } from './sbom-model.ts';

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
];

/** An upload ready to store: what the SBOM record needs, and its component rows in COMPONENT_COLUMNS order. */
export interface PreparedSbom {
  format: SbomFormat;
  specVersion: string;
  /** Version of the SBOM's subject (CycloneDX metadata.component, SPDX root package), if it names one. */
  subjectVersion: string | null;
  /** For the upload response's meta.warnings (duplicate bom-refs). */
  warnings: string[];
  rows: ComponentValues[];
}

/**
 * A prepared SBOM whose rows may still be arriving: batches in document order, `count` rows in all. The parser
 * worker sends its rows while it builds them, and the upload stores each batch as it comes (worker-parser.ts).
 */
export interface StreamedSbom extends Omit<PreparedSbom, 'rows'> {
  count: number;
  batches: AsyncIterable<ComponentValues[]>;
}

/** An SBOM prepared inline, as one batch. */
export function streamed({ rows, ...meta }: PreparedSbom): StreamedSbom {
  return {
    ...meta,
    count: rows.length,
    batches: (async function* () {
      yield rows;
    })(),
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
  return {
    format: parsed.format,
    specVersion: parsed.specVersion,
    subjectVersion: parsed.metadataComponent?.version ?? null,
    warnings: parsed.warnings ?? [],
    rows: componentRows(orgId, sbomId, parsed),
  };
}

/**
 * Parsed components → value rows, with ids assigned and dependency bomRefs resolved to component ids
 * (refs to nothing, e.g. the SBOM's own subject, are dropped).
 */
export function componentRows(orgId: string, sbomId: string, sbom: ParsedSbom): ComponentValues[] {
  const toRow = rowBuilder(orgId, sbomId, sbom);
  return sbom.components.map((c, i) => toRow(c, i));
}

/**
 * The rows as JSON text, `perSlice` rows at a time (the parser worker's messages). Each component is dropped from
 * `sbom.components` once its row is written, so the parsed components and the rows never all exist at once.
 */
export function* componentRowSlices(
  orgId: string,
  sbomId: string,
  sbom: ParsedSbom,
  perSlice: number,
): Generator<string> {
  const toRow = rowBuilder(orgId, sbomId, sbom);
  const components: (ParsedComponent | undefined)[] = sbom.components;
  for (let start = 0; start < components.length; start += perSlice) {
    const rows: ComponentValues[] = [];
    for (let i = start; i < Math.min(start + perSlice, components.length); i++) {
      rows.push(toRow(components[i]!, i));
      components[i] = undefined;
    }
    yield JSON.stringify(rows);
  }
}

function rowBuilder(
  orgId: string,
  sbomId: string,
  sbom: ParsedSbom,
): (c: ParsedComponent, i: number) => ComponentValues {
  const ids = sbom.components.map(() => newId('cmp'));
  const byRef = new Map<string, string>();
  sbom.components.forEach((c, i) => {
    if (c.bomRef !== null && !byRef.has(c.bomRef)) byRef.set(c.bomRef, ids[i]!);
  });
  return (c, i) => [
    ids[i]!,
    orgId,
    sbomId,
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
    c.dependsOn.length === 0
      ? '[]'
      : JSON.stringify(c.dependsOn.map((ref) => byRef.get(ref)).filter((id) => id !== undefined)),
    i,
  ];
}

/** The matcher's view of a row. */
export const matchableOf = ([
  id,
  ,
  ,
  ,
  ,
  ,
  name,
  version,
  purl,
  ,
  ecosystem,
  packageKey,
]: ComponentValues): MatchableComponent => ({
  id,
  ecosystem,
  packageKey,
  name,
  version,
  purl,
});
