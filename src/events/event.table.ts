import type { Selectable } from 'kysely';

/** The outbox: one row per recorded event, its payload as delivered (JSON text). */
export interface EventTable {
  id: string;
  org_id: string;
  type: string;
  created_at: string;
  payload: string;
  /** The asset an asset event (catalogue.ts, ASSET_EVENT_TYPES) is about; null for organisation-wide ones. */
  asset_id: string | null;
}

export type EventRow = Selectable<EventTable>;

/** Events to derive after the commit (docs/events.md, "Deferred events"); `ref` names what to read. */
export interface OutboxPendingTable {
  id: string;
  org_id: string;
  kind: string;
  ref: string;
  created_at: string;
}

declare module '../db/database.ts' {
  interface Database {
    events: EventTable;
    outbox_pending: OutboxPendingTable;
  }
}
