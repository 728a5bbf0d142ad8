// evidence_log: a project's evidence, status and expiry reported separately (docs/governance-tools.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { DAY, num, plusMs, resolveAsOf, type AsOf } from '../common.ts';
import { resolveProject, type IsoProject } from '../iso/iso.service.ts';
import * as repo from './evidence.repository.ts';

export const EVIDENCE_CAP = 50;
export const EXPIRING_SOON_DAYS = 30;

/** The given project (unknown → NOT_FOUND), else the first active one, else none (an empty log, not an error). */
async function defaultOrGiven(db: Kysely<Database>, orgId: string, projectId: string | undefined) {
  try {
    return await resolveProject(db, orgId, projectId);
  } catch (error) {
    if (projectId === undefined && error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * evidence_log's figures without its items (posture_summary reads these). `known`: the project when the caller
 * has already resolved it (null: none is active).
 */
export async function evidenceCounts(
  db: Kysely<Database>,
  orgId: string,
  options: AsOf & { projectId?: string } = {},
  known?: IsoProject | null,
) {
  const asOf = resolveAsOf(options);
  const project = known !== undefined ? known : await defaultOrGiven(db, orgId, options.projectId);
  const soon = expiringBefore(asOf);
  const c = project ? await repo.countEvidence(db, orgId, project.id, asOf, soon) : {};
  return evidenceFigures(asOf, project, c);
}

/** Evidence expiring before this time, from `asOf` on, is expiring soon. */
export const expiringBefore = (asOf: string) => plusMs(asOf, EXPIRING_SOON_DAYS * DAY);

/** evidenceCounts' figures from countEvidence's row (`{}` without a project). */
export function evidenceFigures(
  asOf: string,
  project: IsoProject | null,
  c: Partial<Record<(typeof repo.EVIDENCE_COUNTS)[number], unknown>>,
) {
  const soon = expiringBefore(asOf);
  const accepted = num(c.accepted);
  const expired = num(c.expired);
  const expiringSoon = num(c.soon);
  return {
    asOf,
    soon,
    projectId: project?.id ?? null,
    byStatus: { accepted, pending: num(c.pending), rejected: num(c.rejected) },
    accepted: { current: accepted - expired, expiringSoon, expired, noExpiry: num(c.no_expiry) },
    expired,
    expiringSoon,
    total: num(c.total),
  };
}

/**
 * evidence_log. The project's (given, else the first active one, as the ISO tools) newest 50 evidence records
 * by collection time (the interface's limit, no continuation), each with its status and its expiry facts
 * (expired: expires before asOf; expiring soon: within 30 days). Counts cover all the project's evidence:
 * by status, and accepted evidence by expiry (pending and rejected evidence is not counted as expired).
 */
export async function evidenceLog(
  db: Kysely<Database>,
  orgId: string,
  options: AsOf & { projectId?: string } = {},
) {
  const { asOf, soon, projectId, byStatus, accepted, expired, expiringSoon, total } = await evidenceCounts(
    db,
    orgId,
    options,
  );
  const rows = projectId ? await repo.listEvidence(db, orgId, projectId, EVIDENCE_CAP) : [];
  const items = rows.map((r) => ({
    id: r.id,
    controlId: r.control_id,
    title: r.title,
    status: r.status,
    collectedAt: r.collected_at,
    expiresAt: r.expires_at,
    actorName: r.collector_name,
    expired: r.expires_at !== null && r.expires_at < asOf,
    expiringSoon: r.expires_at !== null && r.expires_at >= asOf && r.expires_at < soon,
  }));
  return {
    asOf,
    projectId,
    ...(projectId ? {} : { note: 'no active ISO project' }),
    expiringSoonDays: EXPIRING_SOON_DAYS,
    byStatus,
    accepted,
    expired,
    expiringSoon,
    items,
    total,
    truncated: total > items.length,
  };
}
