// SQL for the ISO 27001 tools: projects, statement-of-applicability entries and evidence per control.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The given project of the organisation, or (no id) its first active project, oldest first. */
export async function findProject(db: Kysely<Database>, orgId: string, projectId?: string) {
  let query = db.selectFrom('gov_iso_projects').selectAll().where('org_id', '=', orgId);
  query =
    projectId !== undefined
      ? query.where('id', '=', projectId)
      : query.where('status', '=', 'active').orderBy('created_at').orderBy('id');
  return query.limit(1).executeTakeFirst();
}

/** The project's SoA entries with the owner's name. */
export async function soaRows(db: Kysely<Database>, orgId: string, projectId: string) {
  const rows = await sql<{
    control_id: string;
    applicable: number;
    justification: string | null;
    implementation_status: string;
    result: string;
    maturity_current: number | null;
    maturity_target: number | null;
    risk_ids: string | null;
    owner_name: string | null;
  }>`
    select s.control_id, s.applicable, s.justification, s.implementation_status, s.result, s.maturity_current,
      s.maturity_target, s.risk_ids, o.display_name as owner_name
    from gov_soa_entries s left join gov_identities o on o.id = s.owner_id and o.org_id = s.org_id
    where s.org_id = ${orgId} and s.project_id = ${projectId}`.execute(db);
  return rows.rows;
}

/**
 * Per control of the project with evidence: accepted evidence current at `asOf` (no expiry, or expiring at
 * or after it) and evidence that is expired-accepted or pending (rejected evidence is no evidence).
 */
export async function evidenceByControl(
  db: Kysely<Database>,
  orgId: string,
  projectId: string,
  asOf: string,
) {
  const rows = await sql<{ control_id: string; current: number; other: number }>`select control_id,
      sum(case when status = 'accepted' and (expires_at is null or expires_at >= ${asOf}) then 1 else 0 end) as current,
      sum(case when status = 'pending' or (status = 'accepted' and expires_at < ${asOf}) then 1 else 0 end) as other
    from gov_evidence where org_id = ${orgId} and project_id = ${projectId} group by control_id`.execute(db);
  return rows.rows;
}
