/**
 * posture_summary's figures that depend neither on the reference time nor on any data but the governance
 * import's: the settings, the active ISO project, its statement of applicability (the gap tally and the
 * applicable controls), its maturity figures, and sums over stored per-day tables up to a given day. Kept under the
 * posture snapshot's stamp (derived/stamped-memo.ts). Evidence (written by the collectors too), the
 * time-dependent counts and the other domains' figures are read on every call. Masking is the tool server's,
 * applied to every answer after this.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { StampedMemo } from '../derived/stamped-memo.ts';
import { dayMemo } from '../derived/stored-days.ts';
import { AppError } from '../../errors.ts';
import { getSettings, type GovernanceSettings, type StoredDays } from '../common.ts';
import { entries, gapTally, resolveProject, type Entry, type IsoProject } from '../iso/iso.service.ts';
import { maturitySummary } from '../maturity/maturity.service.ts';

export interface PostureMemo {
  settings: GovernanceSettings;
  /** null when the organisation has no active ISO project. */
  iso: {
    project: IsoProject;
    overall: ReturnType<typeof gapTally>;
    /** The controls the evidence coverage is counted over (iso_gap_status's). */
    applicable: Entry[];
    maturity: Awaited<ReturnType<typeof maturitySummary>>;
  } | null;
  /**
   * Sums over the stored per-day tables (gov_debt_days, gov_activity_days), which the same refresh rewrites, by a key naming the days
   * they are summed to: they change when the reference time's day does, not between calls.
   */
  storedDays: StoredDays;
}

async function compute(db: Kysely<Database>, orgId: string): Promise<PostureMemo> {
  const [settings, project] = await Promise.all([getSettings(db, orgId), activeProject(db, orgId)]);
  const storedDays = dayMemo();
  if (!project) return { settings, iso: null, storedDays };
  const [all, maturity] = await Promise.all([
    entries(db, orgId, project.id),
    maturitySummary(db, orgId, project),
  ]);
  return {
    settings,
    iso: { project, overall: gapTally(all), applicable: all.filter((e) => e.applicable !== false), maturity },
    storedDays,
  };
}

/** The first active ISO project, or null when there is none. */
async function activeProject(db: Kysely<Database>, orgId: string): Promise<IsoProject | null> {
  try {
    return await resolveProject(db, orgId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

const memo = new StampedMemo(compute);

/** The memo of `orgId` under `stamp`, the posture snapshot's, read by the caller first (null: none stored). */
export const postureMemo = (
  db: Kysely<Database>,
  orgId: string,
  stamp: string | null,
): Promise<PostureMemo> => memo.get(db, orgId, stamp);
