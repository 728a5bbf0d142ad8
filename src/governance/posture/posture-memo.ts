/**
 * posture_summary's figures that depend neither on the reference time nor on any data but the governance
 * import's: the settings, the active ISO project, its statement of applicability (the gap tally and the
 * applicable controls), its maturity figures, and sums over stored per-day tables up to a given day. Only the
 * import writes those tables, and every import that changed anything rewrites the posture snapshot with a later
 * stamp (derived/refresh.ts, posture-snapshot.ts). So they are kept per store and organisation under the stamp
 * read with the snapshot, in the same call: the first call after a change reads another stamp and computes them
 * again, on every instance, and nothing stale is served.
 * Evidence (written by the collectors too), the time-dependent counts and the other domains' figures are read on
 * every call. Masking is the tool server's, applied to every answer after this.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
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

/** Organisations memoised per store; past this the least recently computed one is dropped. */
export const MAX_MEMOS = 1_000;

const memos = new WeakMap<Kysely<Database>, Map<string, { stamp: string; memo: Promise<PostureMemo> }>>();

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

/** Keys kept per memo: the reference time's day moves forward, so only the last few are asked again. */
const MAX_DAY_KEYS = 8;

function dayMemo(): StoredDays {
  const sums = new Map<string, Promise<number>>();
  return (key, read) => {
    const kept = sums.get(key);
    if (kept) return kept;
    const sum = read();
    sums.set(key, sum);
    if (sums.size > MAX_DAY_KEYS) sums.delete(sums.keys().next().value!);
    sum.catch(() => {
      if (sums.get(key) === sum) sums.delete(key);
    });
    return sum;
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

/**
 * The memo of `orgId` under `stamp` (the posture snapshot's, read by the caller first), computed when absent or
 * kept under another stamp. Without a snapshot (stamp null: nothing written yet) it is computed and not kept.
 */
export function postureMemo(db: Kysely<Database>, orgId: string, stamp: string | null): Promise<PostureMemo> {
  if (stamp === null) return compute(db, orgId);
  let byOrg = memos.get(db);
  if (!byOrg) memos.set(db, (byOrg = new Map()));
  const kept = byOrg.get(orgId);
  if (kept?.stamp === stamp) return kept.memo;
  const memo = compute(db, orgId);
  byOrg.delete(orgId);
  byOrg.set(orgId, { stamp, memo });
  if (byOrg.size > MAX_MEMOS) byOrg.delete(byOrg.keys().next().value!);
  // A failed read is not kept: the next call tries again.
  memo.catch(() => {
    if (byOrg.get(orgId)?.memo === memo) byOrg.delete(orgId);
  });
  return memo;
}
