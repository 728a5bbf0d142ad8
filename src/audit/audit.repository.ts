/** The audit trail's queries: append an entry inside the writer's transaction, read pages and counts. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { toJson } from '../db/helpers.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import type { AuditLogRow } from './audit.table.ts';

export const SYSTEM_ACTOR = 'system';

export interface AuditRecord {
  actorId: string;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/** Appends one entry; call it with the transaction that makes the change. */
export async function recordAudit(db: Kysely<Database>, orgId: string, record: AuditRecord): Promise<string> {
  const id = newId('aud');
  await db
    .insertInto('audit_log')
    .values({
      id,
      org_id: orgId,
      actor_id: record.actorId,
      action: record.action,
      entity_type: record.entityType,
      entity_id: record.entityId ?? null,
      details: record.details ? toJson(record.details) : null,
      at: nowIso(),
    })
    .execute();
  return id;
}

export interface AuditPage {
  rows: AuditLogRow[];
  total: number;
}

/** Newest first (ids are time-ordered), optionally one actor only. */
export async function searchAudit(
  db: Kysely<Database>,
  orgId: string,
  filter: { actorId?: string; limit: number; offset: number },
): Promise<AuditPage> {
  let base = db.selectFrom('audit_log').where('org_id', '=', orgId);
  if (filter.actorId !== undefined) base = base.where('actor_id', '=', filter.actorId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One page of entries, newest first, optionally one actor; no count (see countAudit). */
export function listAuditPage(
  db: Kysely<Database>,
  orgId: string,
  filter: { actorId?: string; limit: number; offset: number },
): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll().where('org_id', '=', orgId);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  return query.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
}

/** Counts entries, optionally one actor and an id range [fromId, toId) (ids sort by time). */
export async function countAudit(
  db: Kysely<Database>,
  orgId: string,
  filter: { actorId?: string | undefined; action?: string | undefined; fromId?: string; toId?: string },
): Promise<number> {
  let query = db.selectFrom('audit_log').where('org_id', '=', orgId);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.fromId !== undefined) query = query.where('id', '>=', filter.fromId);
  if (filter.toId !== undefined) query = query.where('id', '<', filter.toId);
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An audit entry with its actor's e-mail and name (null for `system` and for users removed since). */
export interface AuditEntryRow extends AuditLogRow {
  actor_email: string | null;
  actor_name: string | null;
}

/** One page of entries, newest first, optionally one actor and one action, each with its actor's user row. */
export function listAuditEntries(
  db: Kysely<Database>,
  orgId: string,
  filter: { actorId?: string | undefined; action?: string | undefined; limit: number; offset: number },
): Promise<AuditEntryRow[]> {
  let query = db
    .selectFrom('audit_log as a')
    // The user must be of the same organisation: an id from elsewhere never lends its e-mail.
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'a.actor_id').on('u.org_id', '=', orgId))
    .selectAll('a')
    .select(['u.email as actor_email', 'u.display_name as actor_name'])
    .where('a.org_id', '=', orgId);
  if (filter.actorId !== undefined) query = query.where('a.actor_id', '=', filter.actorId);
  if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
  return query.orderBy('a.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
}
