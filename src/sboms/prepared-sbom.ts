import { newId } from '../shared/ids.ts';
import type { MatchableComponent } from './component-matcher.ts';
import { DEFAULT_SBOM_LIMITS, parseSbom, type SbomLimits } from './parsers/parse-sbom.ts';
import type { ParsedComponent, ParsedSbom, SbomFormat } from './sbom-model.ts';

/** An upload ready to store: what the SBOM record needs, and its component rows in COMPONENT_COLUMNS order. */
export interface PreparedSbom {
  format: SbomFormat;
  specVersion: string;
  /** Version of the SBOM's subject (CycloneDX metadata.component, SPDX root package), if it names one. */
  subjectVersion: string | null;
  rows: unknown[][];
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
    rows: componentRows(orgId, sbomId, parsed),
  };
}

/**
 * Parsed components → value rows, with ids assigned and dependency bomRefs resolved to component ids
 * (refs to nothing, e.g. the SBOM's own subject, are dropped).
 */
export function componentRows(orgId: string, sbomId: string, sbom: ParsedSbom): unknown[][] {
  const toRow = rowBuilder(orgId, sbomId, sbom);
  return sbom.components.map((c, i) => toRow(c, i));
}

/**
 * The rows as JSON text, `perSlice` rows at a time (the parser worker's reply). Each component is dropped from
 * `sbom.components` once its row is written, so the parsed components and the rows never all exist at once.
 */
export function componentRowSlices(
  orgId: string,
  sbomId: string,
  sbom: ParsedSbom,
  perSlice: number,
): string[] {
  const toRow = rowBuilder(orgId, sbomId, sbom);
  const components: (ParsedComponent | undefined)[] = sbom.components;
  const slices: string[] = [];
  for (let start = 0; start < components.length; start += perSlice) {
    const rows: unknown[][] = [];
    for (let i = start; i < Math.min(start + perSlice, components.length); i++) {
      rows.push(toRow(components[i]!, i));
      components[i] = undefined;
    }
    slices.push(JSON.stringify(rows));
  }
  return slices;
}

function rowBuilder(
  orgId: string,
  sbomId: string,
  sbom: ParsedSbom,
): (c: ParsedComponent, i: number) => unknown[] {
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

/** The matcher's view of a row (indexes follow COMPONENT_COLUMNS). */
export const matchableOf = (row: unknown[]): MatchableComponent => ({
  id: row[0] as string,
  ecosystem: row[10] as string | null,
  packageKey: row[11] as string | null,
  name: row[6] as string,
  version: row[7] as string | null,
  purl: row[8] as string | null,
});
