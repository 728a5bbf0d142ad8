import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { num } from '../common.ts';
import { ANNEX_A } from '../iso/annex-a.ts';
import { resolveProject } from '../iso/iso.service.ts';

/** At most this many controls are returned: above the 93 Annex A controls, so one project is complete. */
export const MATURITY_CAP = 100;

const ORDER = new Map(ANNEX_A.map((c, i) => [c.id, i]));

/**
 * maturity_scores. For the first active ISO project: each control's latest assessment (latest assessed_at,
 * ties by id) with the assessment before it, in catalog order, capped at MATURITY_CAP; mean of latest scores.
 */
export async function maturityScores(
  db: Kysely<Database>,
  orgId: string,
  options: { projectId?: string } = {},
) {
  const project = await resolveProject(db, orgId, options.projectId);
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
      select m.*, row_number() over (partition by m.control_id order by m.assessed_at desc, m.id desc) as rn,
        lead(m.score) over (partition by m.control_id order by m.assessed_at desc, m.id desc) as previous,
        count(*) over (partition by m.control_id) as history
      from gov_maturity_assessments m where m.org_id = ${orgId} and m.project_id = ${project.id}) r
    left join gov_identities a on a.id = r.assessor_id and a.org_id = ${orgId}
    where r.rn = 1`.execute(db);
  const sorted = rows.rows.sort(
    (x, y) =>
      (ORDER.get(x.control_id) ?? 999) - (ORDER.get(y.control_id) ?? 999) ||
      x.control_id.localeCompare(y.control_id),
  );
  const items = sorted.slice(0, MATURITY_CAP).map((r) => ({
    controlId: r.control_id,
    score: num(r.score),
    target: r.target === null ? null : num(r.target),
    previousScore: r.previous === null ? null : num(r.previous),
    assessments: num(r.history),
    assessedAt: r.assessed_at,
    actorName: r.assessor_name,
  }));
  const mean =
    items.length === 0
      ? null
      : Math.round((100 * items.reduce((s, i) => s + i.score, 0)) / items.length) / 100;
  return {
    projectId: project.id,
    project,
    cap: MATURITY_CAP,
    averageScore: mean,
    belowTarget: items.filter((i) => i.target !== null && i.score < i.target).length,
    items,
    total: sorted.length,
    truncated: sorted.length > items.length,
  };
}
