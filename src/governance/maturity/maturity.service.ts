// maturity_scores: latest maturity per control of an ISO project (docs/governance-tools.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { num } from '../common.ts';
import { readPostureStamp } from '../access/posture-snapshot.ts';
import { StampedMemo } from '../derived/stamped-memo.ts';
import { ANNEX_A } from '../iso/annex-a.ts';
import { resolveProject, type IsoProject } from '../iso/iso.service.ts';
import * as repo from './maturity.repository.ts';

/** At most this many controls are returned: above the 93 Annex A controls, so one project is complete. */
export const MATURITY_CAP = 100;

const ORDER = new Map(ANNEX_A.map((c, i) => [c.id, i]));

/**
 * maturity_scores. For the first active ISO project: each control's latest assessment (latest assessed_at,
 * ties by the source's external id) with the assessment before it, in catalog order, capped at MATURITY_CAP; mean of latest scores.
 * Only the governance import writes what it reads (projects, assessments, assessors' names), and every import that
 * changes anything moves the posture snapshot's stamp: the first active project's answer is kept under that stamp
 * (derived/stamped-memo.ts), so a call reads the stamp alone (on the tool-server bench the window over every
 * assessment was 1.35 ms of its 2.5 ms of server CPU a call on SQLite). Callers do not change the answer.
 */
export async function maturityScores(
  db: Kysely<Database>,
  orgId: string,
  options: { projectId?: string } = {},
) {
  if (options.projectId !== undefined) return computeMaturityScores(db, orgId, options.projectId);
  return firstProjectScores.get(db, orgId, await readPostureStamp(db, orgId));
}

async function computeMaturityScores(db: Kysely<Database>, orgId: string, projectId?: string) {
  const project = await resolveProject(db, orgId, projectId);
  const sorted = inCatalogOrder(await repo.latestAssessments(db, orgId, project.id));
  const items = sorted.slice(0, MATURITY_CAP).map((r) => ({
    controlId: r.control_id,
    score: num(r.score),
    target: r.target === null ? null : num(r.target),
    previousScore: r.previous === null ? null : num(r.previous),
    assessments: num(r.history),
    assessedAt: r.assessed_at,
    actorName: r.assessor_name,
  }));
  return {
    projectId: project.id,
    project,
    cap: MATURITY_CAP,
    ...scoreStats(items),
    items,
    total: sorted.length,
    truncated: sorted.length > items.length,
  };
}

const firstProjectScores = new StampedMemo((db, orgId) => computeMaturityScores(db, orgId));

/**
 * maturity_scores' figures without its list (posture_summary): the same controls and rounding, from a query that
 * reads only each control's latest score and target (a third of maturity_scores' time at 10,000 identities).
 * `known`: the project when the caller has already resolved it.
 */
export async function maturitySummary(db: Kysely<Database>, orgId: string, known?: IsoProject) {
  const project = known ?? (await resolveProject(db, orgId));
  const sorted = inCatalogOrder(await repo.latestScores(db, orgId, project.id));
  const items = sorted.slice(0, MATURITY_CAP).map((r) => ({
    score: num(r.score),
    target: r.target === null ? null : num(r.target),
  }));
  return { projectId: project.id, total: sorted.length, ...scoreStats(items) };
}

const inCatalogOrder = <T extends { control_id: string }>(rows: T[]): T[] =>
  rows.sort(
    (x, y) =>
      (ORDER.get(x.control_id) ?? 999) - (ORDER.get(y.control_id) ?? 999) ||
      x.control_id.localeCompare(y.control_id),
  );

/** Mean of the listed controls' latest scores (two decimals) and how many are below their target. */
function scoreStats(items: { score: number; target: number | null }[]) {
  return {
    averageScore:
      items.length === 0
        ? null
        : Math.round((100 * items.reduce((s, i) => s + i.score, 0)) / items.length) / 100,
    belowTarget: items.filter((i) => i.target !== null && i.score < i.target).length,
  };
}
