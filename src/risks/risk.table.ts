/** Table types of the risk register. */
import type { Selectable } from 'kysely';

export interface RiskTable {
  id: string;
  org_id: string;
  title: string;
  description: string | null;
  category: string | null;
  owner_user_id: string | null;
  /** 1–5; null on a draft that has not been rated yet. */
  likelihood: number | null;
  impact: number | null;
  /** likelihood × impact, stored so the register can sort on it; null until both are set. */
  score: number | null;
  treatment: string | null;
  status: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export type RiskRow = Selectable<RiskTable>;

declare module '../db/database.ts' {
  interface Database {
    risks: RiskTable;
  }
}
