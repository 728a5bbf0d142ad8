/** The audit trail as the tool server reads it: one page of entries with an exact total. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { AuditTotals } from './audit-totals.ts';
import { countAudit, listAuditEntries, listAuditPage, type AuditEntryRow } from './audit.repository.ts';
import type { AuditLogRow } from './audit.table.ts';

export interface AuditFilter {
  actorId?: string;
  limit: number;
  offset: number;
}

export class AuditService {
  readonly #db: Kysely<Database>;
  /** Kept per service (one per app): the settled counts it remembers are this process's own. */
  readonly #totals: AuditTotals;

  constructor(db: Kysely<Database>, totals = new AuditTotals()) {
    this.#db = db;
    this.#totals = totals;
  }

  /** Newest first, optionally one actor's entries; `total` counts every entry the filter selects. */
  async page(orgId: string, filter: AuditFilter): Promise<{ rows: AuditLogRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      listAuditPage(this.#db, orgId, filter),
      this.#totals.total(this.#db, orgId, filter.actorId),
    ]);
    return { rows, total };
  }

  /**
   * The workspace's own audit log (GET /audit): entries with their actors, optionally one actor and one action.
   * Without an action the total comes from the settled counts; an action filter is counted exactly.
   */
  async entries(
    orgId: string,
    filter: AuditFilter & { action?: string | undefined },
  ): Promise<{ rows: AuditEntryRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      listAuditEntries(this.#db, orgId, filter),
      filter.action === undefined
        ? this.#totals.total(this.#db, orgId, filter.actorId)
        : countAudit(this.#db, orgId, filter),
    ]);
    return { rows, total };
  }
}
