// SQL for maturity_scores: each control's latest assessment in a project, with the one before and the count.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Latest assessment per control: latest assessed_at; assessments at the same time are ordered by the source's
 * external id (the greater one is the later), never by our random internal id.
 */
export async function latestAssessments(db: Kysely<Database>, orgId: string, projectId: string) {
  const rows = await sql<{
    control_id: string;
    score: number;
    target: number | null;
    assessed_at: string;
    previous: number | null;
    assessor_name: string | null;
    history: number;
  }>`
    select r.control_id, r.score, r.target, r.assessed_at, r.previous, r.history, a.display_name as assessor_name from (
      select m.*, row_number() over (partition by m.control_id order by m.assessed_at desc, m.external_id desc) as rn,
        lead(m.score) over (partition by m.control_id order by m.assessed_at desc, m.external_id desc) as previous,
        count(*) over (partition by m.control_id) as history
      from gov_maturity_assessments m where m.org_id = ${orgId} and m.project_id = ${projectId}) r
    left join gov_identities a on a.id = r.assessor_id and a.org_id = ${orgId}
    where r.rn = 1`.execute(db);
  return rows.rows;
}

/** Each control's latest score and target only (posture_summary's figures): one window, no join. */
export async function latestScores(db: Kysely<Database>, orgId: string, projectId: string) {
  const rows = await sql<{ control_id: string; score: number; target: number | null }>`
    select control_id, score, target from (
      select control_id, score, target,
        row_number() over (partition by control_id order by assessed_at desc, external_id desc) as rn
      from gov_maturity_assessments where org_id = ${orgId} and project_id = ${projectId}) r
    where rn = 1`.execute(db);
  return rows.rows;
}
