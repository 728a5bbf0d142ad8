/** Table types of the audit trail. */
import type { Selectable } from 'kysely';

/** Append-only: rows are inserted in the transaction of the change they record and never updated. */
export interface AuditLogTable {
  id: string;
  org_id: string;
  /** `usr_…` for workspace users, `system` for operator actions from the CLI. */
  actor_id: string;
  /** `<entity>.<verb>`, e.g. `sbom.upload`. */
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** JSON object with action-specific facts (never secrets). */
  details: string | null;
  at: string;
}

export type AuditLogRow = Selectable<AuditLogTable>;

declare module '../db/database.ts' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
