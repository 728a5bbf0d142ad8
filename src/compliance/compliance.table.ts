/** Table type of the organisation's vulnerability remediation SLAs (migration 2026-11-26-80-evidence-collectors). */
export interface ComplianceSettingsTable {
  org_id: string;
  vuln_sla_critical_days: number;
  vuln_sla_high_days: number;
  updated_at: string;
}

declare module '../db/database.ts' {
  interface Database {
    compliance_settings: ComplianceSettingsTable;
  }
}
