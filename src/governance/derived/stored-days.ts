/**
 * Sums over the stored per-day tables (gov_debt_days, gov_activity_days, gov_high_risk_days) up to a day: the
 * same all day long, and rewritten only with the posture snapshot (refresh.ts), so kept under its stamp
 * (stamped-memo.ts) by a key naming the days they are summed to. The reference time's own day is counted by the
 * caller on every call.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StoredDays } from '../common.ts';
import { StampedMemo } from './stamped-memo.ts';

/**
 * Keys kept per memo: the reference time's day moves forward, so only the last few are asked again, but the tools
 * sharing storedDaysUnder's memo ask for about ten keys a day together (six for the debt trend's kinds alone);
 * with 8 they evicted each other's in turn.
 */
const MAX_DAY_KEYS = 32;

/** A fresh memo of stored-day sums by key (the caller keeps it under a stamp). */
export function dayMemo(): StoredDays {
  const sums = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const kept = sums.get(key);
    if (kept) return kept as Promise<T>;
    const sum = read();
    sums.set(key, sum);
    if (sums.size > MAX_DAY_KEYS) sums.delete(sums.keys().next().value!);
    sum.catch(() => {
      if (sums.get(key) === sum) sums.delete(key);
    });
    return sum;
  };
}

const memo = new StampedMemo(async () => dayMemo());

/**
 * The stored-day sums of `orgId` under `stamp`, the posture snapshot's, read by the caller first (null: none
 * stored, nothing kept).
 */
export const storedDaysUnder = (
  db: Kysely<Database>,
  orgId: string,
  stamp: string | null,
): Promise<StoredDays> => memo.get(db, orgId, stamp);
