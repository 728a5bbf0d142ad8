/** Table type of the asset's triage memory (migration 2026-11-26-92-asset-triage-memory). */
export interface AssetTriageMemoryTable {
  org_id: string;
  asset_id: string;
  /** Package identity and vulnerability id or alias, NUL-separated (TriageMemory's key). */
  key: string;
  status: string;
  remediation_notes: string | null;
  /** JSON Analysis. */
  analysis: string;
  source: string | null;
  /** The version the triage came from (deleted since). */
  sbom_id: string;
  recorded_at: string;
}

declare module '../db/database.ts' {
  interface Database {
    asset_triage_memory: AssetTriageMemoryTable;
  }
}
