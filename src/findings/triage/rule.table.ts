/** Table type of triage rules (docs/triage-rules.md). */
import type { Selectable } from 'kysely';

export interface TriageRuleTable {
  id: string;
  org_id: string;
  name: string;
  /** JSON `{vulnerabilityIds?, purls?, assetNames?, tags?, expression?}`. */
  match: string;
  status: string;
  justification: string | null;
  /** JSON array of responses. */
  response: string;
  detail: string;
  valid_from: string | null;
  valid_until: string | null;
  priority: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** When the background check applied the rule's start (a future validFrom) to the findings. */
  started_at: string | null;
  /** When the background check reverted the rule's findings at validUntil. */
  expired_at: string | null;
}

export type TriageRuleRow = Selectable<TriageRuleTable>;

declare module '../../db/database.ts' {
  interface Database {
    triage_rules: TriageRuleTable;
  }
}
