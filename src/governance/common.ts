/** Helpers shared by the governance services: reference times, capped lists, percentages, the organisation's settings. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { nowIso } from '../shared/time.ts';
import { StampedMemo } from './derived/stamped-memo.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Every governance tool takes an optional reference time so its answer can be reproduced (tests fix it). */
export interface AsOf {
  asOf?: string;
}

export const resolveAsOf = (options: AsOf): string => options.asOf ?? nowIso();
export const minusMs = (iso: string, ms: number): string => new Date(Date.parse(iso) - ms).toISOString();
export const plusMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

/** A bounded list: the first `items.length` of `total`, `truncated` when some were left off. */
export interface Capped<T> {
  items: T[];
  total: number;
  truncated: boolean;
  [key: string]: unknown;
}

export const capped = <T>(items: T[], total: number): Capped<T> => ({
  items,
  total,
  truncated: total > items.length,
});

/** Percentage with one decimal; 0 when the denominator is 0. */
export const pct = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;

export const num = (value: unknown): number => (value == null ? 0 : Number(value));

export interface GovernanceSettings {
  staleAccountDays: number;
  offboardingSlaHours: number;
  reviewRemediationSlaDays: number;
  privilegedRemediationSlaDays: number;
  /** IANA time zone for date-only times (a termination date is midnight there); default UTC. */
  timeZone: string;
}

export const DEFAULT_SETTINGS: GovernanceSettings = {
  staleAccountDays: 90,
  offboardingSlaHours: 24,
  reviewRemediationSlaDays: 7,
  privilegedRemediationSlaDays: 3,
  timeZone: 'UTC',
};

export async function getSettings(db: Kysely<Database>, orgId: string): Promise<GovernanceSettings> {
  const row = await db.selectFrom('gov_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return {
    staleAccountDays: row.stale_account_days,
    offboardingSlaHours: row.offboarding_sla_hours,
    reviewRemediationSlaDays: row.review_remediation_sla_days,
    privilegedRemediationSlaDays: row.privileged_remediation_sla_days,
    timeZone: row.timezone,
  };
}

const settingsMemo = new StampedMemo(getSettings);

/**
 * The settings under `stamp`, the posture snapshot's, read by the caller first: only the import writes them, and
 * an import that changes them moves the stamp (derived/stamped-memo.ts).
 */
export const settingsUnder = (
  db: Kysely<Database>,
  orgId: string,
  stamp: string | null,
): Promise<GovernanceSettings> => settingsMemo.get(db, orgId, stamp);

/**
 * The UTC day (YYYY-MM-DD) of a stored ISO timestamp, and that day's first instant. Counts "before t" over the
 * stored per-day tables (derived tables, derived/refresh.ts) sum the days before t's day and count t's own day row by row.
 */
export const dayOf = (iso: string) => iso.slice(0, 10);
export const dayStart = (iso: string) => `${dayOf(iso)}T00:00:00.000Z`;

/**
 * Keeps the stored-days part of a count (sums over a per-day derived table up to a day), by a key naming what it
 * depends on besides those tables: derived/stored-days.ts keeps it under the posture snapshot's stamp.
 */
export type StoredDays = <T>(key: string, read: () => Promise<T>) => Promise<T>;
