import type { Selectable } from 'kysely';

/** The outbox: one row per recorded event, its payload as delivered (JSON text). */
export interface EventTable {
  id: string;
  org_id: string;
  type: string;
  created_at: string;
  payload: string;
}

export type EventRow = Selectable<EventTable>;

declare module '../db/database.ts' {
  interface Database {
    events: EventTable;
  }
}
