// SQL for evidence_log: a project's evidence counted by status and by expiry, and its newest records.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Status counts, and accepted evidence by expiry at `asOf` (expired, expiring before `soon`, no expiry). */
export async function countEvidence(
  db: Kysely<Database>,
  orgId: string,
  projectId: string,
  asOf: string,
  soon: string,
) {
  const counts = await sql<
    Record<string, number>
  >`${evidenceCountsQuery(orgId, projectId, asOf, soon)}`.execute(db);
  return counts.rows[0] ?? {};
}

/** The columns of countEvidence's single-row select. */
export const EVIDENCE_COUNTS = [
  'total',
  'accepted',
  'pending',
  'rejected',
  'expired',
  'soon',
  'no_expiry',
] as const;

/** countEvidence's single-row select (EVIDENCE_COUNTS). */
export function evidenceCountsQuery(orgId: string, projectId: string, asOf: string, soon: string) {
  const accepted = sql`status = 'accepted'`;
  return sql`select count(*) as total,
      sum(case when ${accepted} then 1 else 0 end) as accepted,
      sum(case when status = 'pending' then 1 else 0 end) as pending,
      sum(case when status = 'rejected' then 1 else 0 end) as rejected,
      sum(case when ${accepted} and expires_at < ${asOf} then 1 else 0 end) as expired,
      sum(case when ${accepted} and expires_at >= ${asOf} and expires_at < ${soon} then 1 else 0 end) as soon,
      sum(case when ${accepted} and expires_at is null then 1 else 0 end) as no_expiry
    from gov_evidence where org_id = ${orgId} and project_id = ${projectId}`;
}

/** The project's newest `limit` evidence records (by collection time) with the collector's name. */
export async function listEvidence(db: Kysely<Database>, orgId: string, projectId: string, limit: number) {
  const rows = await sql<{
    id: string;
    control_id: string;
    title: string;
    collected_at: string;
    expires_at: string | null;
    status: string;
    collector_name: string | null;
  }>`
    select e.id, e.control_id, e.title, e.collected_at, e.expires_at, e.status, c.display_name as collector_name
    from gov_evidence e left join gov_identities c on c.id = e.collector_id and c.org_id = e.org_id
    where e.org_id = ${orgId} and e.project_id = ${projectId}
    order by e.collected_at desc, e.id desc limit ${limit}`.execute(db);
  return rows.rows;
}
