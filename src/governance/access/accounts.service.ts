// The account tools: access_stale_accounts, access_offboarding_violations, access_normalization_health.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as repo from './accounts.repository.ts';
import { readPostureSnapshot, readPostureStamp } from './posture-snapshot.ts';
import { storedDaysUnder } from '../derived/stored-days.ts';
import {
  capped,
  DAY,
  getSettings,
  HOUR,
  minusMs,
  num,
  pct,
  resolveAsOf,
  settingsUnder,
  type AsOf,
} from '../common.ts';

export const STALE_ITEMS_CAP = 50;
export const OFFBOARDING_ITEMS_CAP = 50;
export const SYSTEMS_CAP = 100;
/** A system whose last successful sync is older than this (or that never synced) has a stale sync. */
export const STALE_SYNC_HOURS = 48;

/**
 * access_stale_accounts. Over active accounts: days since last login in buckets 30–59, 60–89, 90+; never
 * logged in; stale = last login at least `staleAccountDays` ago, or never logged in and created at least that
 * long ago. Items: the stale accounts, never-logged-in first then oldest login, capped.
 */
export async function staleAccounts(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  // The settings and the stored days' sums are kept under the posture snapshot's stamp (derived/stamped-memo.ts).
  const stamp = await readPostureStamp(db, orgId);
  const [{ staleAccountDays }, storedDays] = await Promise.all([
    settingsUnder(db, orgId, stamp),
    storedDaysUnder(db, orgId, stamp),
  ]);
  const [c30, c60, c90, cut] = [30, 60, 90, staleAccountDays].map((d) => minusMs(asOf, d * DAY)) as [
    string,
    string,
    string,
    string,
  ];
  const first = await repo.countLoginBuckets(db, orgId, { c30, c60, c90, cut }, storedDays);
  const c: Record<string, number> = { ...first, stale: num(first.stale_login) + num(first.never_stale) };
  const rows = await repo.listStaleAccounts(db, orgId, cut, STALE_ITEMS_CAP);
  const items = rows.map((r) => ({
    accountId: r.id,
    accountType: r.type,
    systemName: r.system_name,
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department,
    lastLoginAt: r.last_login_at,
    daysSinceLogin: r.last_login_at
      ? Math.floor((Date.parse(asOf) - Date.parse(r.last_login_at)) / DAY)
      : null,
  }));
  return {
    asOf,
    thresholdDays: staleAccountDays,
    activeAccounts: num(c.active),
    staleAccounts: num(c.stale),
    buckets: { '30-59': num(c.b30), '60-89': num(c.b60), '90+': num(c.b90) },
    neverLoggedIn: { total: num(c.never), stale: num(c.never_stale) },
    ...capped(items, num(c.stale)),
  };
}

/**
 * access_offboarding_violations. An active account correlated to a terminated identity whose termination is
 * more than `offboardingSlaHours` ago. hoursOverdue = whole hours past termination + SLA. Accounts holding an
 * active privileged grant come first, then the most overdue.
 */
export async function offboardingViolations(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const { offboardingSlaHours } = await getSettings(db, orgId);
  const deadline = minusMs(asOf, offboardingSlaHours * HOUR);
  // The candidates stored with the posture snapshot (derived/refresh.ts).
  const c = await repo.countOffboarding(db, orgId, deadline);
  const rows = await repo.listOffboarding(db, orgId, deadline, OFFBOARDING_ITEMS_CAP);
  const items = rows.map((r) => ({
    accountId: r.id,
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department,
    systemName: r.system_name,
    terminatedAt: r.termination_date,
    hoursOverdue:
      Math.floor((Date.parse(asOf) - Date.parse(r.termination_date)) / HOUR) - offboardingSlaHours,
    privileged: num(r.privileged) === 1,
  }));
  return {
    asOf,
    slaHours: offboardingSlaHours,
    violatingAccounts: num(c.accounts),
    identities: num(c.identities),
    privilegedAccounts: num(c.privileged),
    ...capped(items, num(c.accounts)),
  };
}

/**
 * access_normalization_health. Per system over active accounts: correlation rate = human accounts with an
 * identity / human accounts; uncorrelated = human accounts without one; orphaned = service, shared or
 * break-glass accounts without an owning identity. Plus active identities missing department, title or
 * manager, and systems whose last sync is older than STALE_SYNC_HOURS.
 */
export async function normalizationHealth(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const syncCut = minusMs(asOf, STALE_SYNC_HOURS * HOUR);
  // Counts stored with the posture snapshot by every write (derived/refresh.ts).
  const snapshot = await readPostureSnapshot(db, orgId);
  const systems = await repo.systemAccountCounts(db, orgId);
  const m = {
    identities: snapshot.activeIdentities,
    department: snapshot.missingDepartment,
    title: snapshot.missingTitle,
    manager: snapshot.missingManager,
    any_missing: snapshot.missingAny,
    heads: snapshot.departmentHeads,
  };
  const totals = {
    accounts: 0,
    humanAccounts: 0,
    correlated: 0,
    uncorrelated: 0,
    orphaned: 0,
    correlationRate: 0,
  };
  let staleSyncs = 0;
  const items = systems.map((s) => {
    const human = num(s.human);
    const correlated = num(s.correlated);
    const syncStale = s.last_sync_at === null || s.last_sync_at < syncCut;
    if (syncStale) staleSyncs += 1;
    totals.accounts += num(s.accounts);
    totals.humanAccounts += human;
    totals.correlated += correlated;
    totals.uncorrelated += human - correlated;
    totals.orphaned += num(s.orphaned);
    return {
      systemId: s.id,
      name: s.name,
      criticality: s.criticality,
      lastSyncAt: s.last_sync_at,
      syncStale,
      activeAccounts: num(s.accounts),
      humanAccounts: human,
      correlationRate: pct(correlated, human),
      uncorrelated: human - correlated,
      orphaned: num(s.orphaned),
    };
  });
  totals.correlationRate = pct(totals.correlated, totals.humanAccounts);
  return {
    asOf,
    staleSyncHours: STALE_SYNC_HOURS,
    totalAccounts: totals.accounts,
    correlatedAccounts: totals.correlated,
    uncorrelatedAccounts: totals.uncorrelated,
    correlationRate: totals.correlationRate,
    totals,
    staleSyncs,
    identitiesMissingAttributes: {
      activeIdentities: num(m.identities),
      department: num(m.department),
      title: num(m.title),
      manager: num(m.manager),
      any: num(m.any_missing),
      departmentHeads: num(m.heads),
    },
    systems: items.slice(0, SYSTEMS_CAP),
    systemsTotal: items.length,
    systemsTruncated: items.length > SYSTEMS_CAP,
  };
}
