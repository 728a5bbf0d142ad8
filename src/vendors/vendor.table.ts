/** Table types of vendors. */
import type { Selectable } from 'kysely';

export interface VendorTable {
  id: string;
  org_id: string;
  name: string;
  type: string;
  risk_tier: number;
  assessment_status: string;
  website: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export type VendorRow = Selectable<VendorTable>;

declare module '../db/database.ts' {
  interface Database {
    vendors: VendorTable;
  }
}
