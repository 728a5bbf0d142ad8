/** Table types of SBOMs and components, and the bulk insert's column order. */
import type { Selectable } from 'kysely';

export interface SbomTable {
  id: string;
  org_id: string;
  name: string;
  asset_name: string;
  version: string | null;
  /** `cyclonedx` | `spdx`; null for a record created without a file. */
  format: string | null;
  spec_version: string | null;
  /** The asset (assets.id) whose version this SBOM is; set on every insert (NOT NULL on PostgreSQL). */
  asset_id: string;
  repo_url: string | null;
  branch: string | null;
  component_count: number;
  /** JSON array: ids of the components the SBOM's subject depends on; null when the document names none. */
  root_depends_on: string | null;
  created_at: string;
  updated_at: string;
  /**
   * While its upload is being written: when it began; null once visible (docs/upload-fairness.md). Readers
   * filter with db/visible-sbom.ts.
   */
  pending_since: string | null;
}

export interface SbomComponentTable {
  id: string;
  org_id: string;
  sbom_id: string;
  bom_ref: string | null;
  type: string;
  group_name: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  cpe: string | null;
  ecosystem: string | null;
  package_key: string | null;
  /** JSON array of strings. */
  licenses: string;
  /** JSON array of `{alg, content}`. */
  hashes: string;
  supplier: string | null;
  scope: string | null;
  /** JSON array of component ids. */
  depends_on: string;
  /** Order in the document (nested components flattened depth-first). */
  position: number;
  /** JSON LicenseData (sbom-model.ts): the license entries as the document gave them; null when none. */
  license_data: string | null;
}

/** Column order of the bulk component insert (value arrays instead of objects: 100,000 rows per upload). */
export const COMPONENT_COLUMNS = [
  'id',
  'org_id',
  'sbom_id',
  'bom_ref',
  'type',
  'group_name',
  'name',
  'version',
  'purl',
  'cpe',
  'ecosystem',
  'package_key',
  'licenses',
  'hashes',
  'supplier',
  'scope',
  'depends_on',
  'position',
  'license_data',
] as const satisfies readonly (keyof SbomComponentTable)[];
/** PostgreSQL types of COMPONENT_COLUMNS, for the bulk `unnest` insert. */
export const COMPONENT_PG_TYPES = COMPONENT_COLUMNS.map((c) => (c === 'position' ? 'integer' : 'text'));

export type SbomRow = Selectable<SbomTable>;
export type SbomComponentRow = Selectable<SbomComponentTable>;

declare module '../db/database.ts' {
  interface Database {
    sboms: SbomTable;
    sbom_components: SbomComponentTable;
  }
}
