import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { DAY, num, plusMs, resolveAsOf, type AsOf } from '../common.ts';

export const EVIDENCE_CAP = 50;
export const EXPIRING_SOON_DAYS = 30;

/**
 * evidence_log. The newest 50 evidence records by collection time (the interface's limit, no continuation),
 * each flagged expired (expires before asOf) or expiring soon (within 30 days); counts cover all evidence.
 */
export async function evidenceLog(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const soon = plusMs(asOf, EXPIRING_SOON_DAYS * DAY);
  const counts = await sql<Record<string, number>>`select count(*) as total,
      sum(case when expires_at < ${asOf} then 1 else 0 end) as expired,
      sum(case when expires_at >= ${asOf} and expires_at < ${soon} then 1 else 0 end) as soon
    from gov_evidence where org_id = ${orgId}`.execute(db);
  const rows = await sql<{
    id: string;
    control_id: string;
    title: string;
    collected_at: string;
    expires_at: string | null;
    status: string;
    project_id: string | null;
    collector_name: string | null;
  }>`
    select e.id, e.control_id, e.title, e.collected_at, e.expires_at, e.status, e.project_id, c.display_name as collector_name
    from gov_evidence e left join gov_identities c on c.id = e.collector_id and c.org_id = e.org_id
    where e.org_id = ${orgId} order by e.collected_at desc, e.id desc limit ${EVIDENCE_CAP}`.execute(db);
  const c = counts.rows[0] ?? {};
  const items = rows.rows.map((r) => ({
    id: r.id,
    controlId: r.control_id,
    projectId: r.project_id,
    title: r.title,
    status: r.status,
    collectedAt: r.collected_at,
    expiresAt: r.expires_at,
    actorName: r.collector_name,
    expired: r.expires_at !== null && r.expires_at < asOf,
    expiringSoon: r.expires_at !== null && r.expires_at >= asOf && r.expires_at < soon,
  }));
  const total = num(c.total);
  return {
    asOf,
    expiringSoonDays: EXPIRING_SOON_DAYS,
    expired: num(c.expired),
    expiringSoon: num(c.soon),
    items,
    total,
    truncated: total > items.length,
  };
}
