// The grant tools: access_privileged_delta and access_high_risk_lifecycle.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as repo from './grants.repository.ts';
import { readStampedPostureSnapshot, type PostureSnapshot } from './posture-snapshot.ts';
import { storedDaysUnder } from '../derived/stored-days.ts';
import { StampedMemo } from '../derived/stamped-memo.ts';
import { DAY, minusMs, num, resolveAsOf, type AsOf } from '../common.ts';

/** A literal type (`as const`), so results keep the `windowDays: 30` the tool's output schema promises. */
export const DELTA_WINDOW_DAYS = 30 as const;
export const DELTA_ITEMS_CAP = 25;
export const LIFECYCLE_ITEMS_CAP = 25;
/** Joiners were hired, movers changed department, within this many days. */
export const LIFECYCLE_RECENT_DAYS = 90;

async function deltaSide(
  db: Kysely<Database>,
  orgId: string,
  column: 'granted_at' | 'revoked_at',
  from: string,
  to: string,
) {
  const total = await repo.countPrivilegedChanges(db, orgId, column, from, to);
  const rows = await repo.listPrivilegedChanges(db, orgId, column, from, to, DELTA_ITEMS_CAP);
  const items = rows.map((r) => ({
    grantId: r.id,
    at: r.at,
    entitlementName: r.entitlement_name,
    systemName: r.system_name,
    identityId: r.identity_id,
    displayName: r.display_name,
  }));
  return { total, items, truncated: total > items.length };
}

/**
 * access_privileged_delta. Grants of privileged entitlements granted (added) or revoked (removed) in the
 * window (asOf − 30 days, asOf]; newest first, each side capped.
 */
export async function privilegedDelta(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const from = minusMs(asOf, DELTA_WINDOW_DAYS * DAY);
  const [added, removed] = [
    await deltaSide(db, orgId, 'granted_at', from, asOf),
    await deltaSide(db, orgId, 'revoked_at', from, asOf),
  ];
  // One list of changes (newest first) for the tool's items; each side is capped at DELTA_ITEMS_CAP.
  const items = [
    ...added.items.map((i) => ({ change: 'granted', ...i })),
    ...removed.items.map((i) => ({ change: 'revoked', ...i })),
  ].sort((a, b) => b.at.localeCompare(a.at) || b.grantId.localeCompare(a.grantId));
  const total = added.total + removed.total;
  return {
    asOf,
    windowDays: DELTA_WINDOW_DAYS,
    from,
    to: asOf,
    added: added.total,
    removed: removed.total,
    net: added.total - removed.total,
    items,
    total,
    truncated: added.truncated || removed.truncated,
  };
}

/**
 * access_high_risk_lifecycle. Active grants on enabled accounts that are privileged or of risk level
 * high/critical, counted by the holder's lifecycle stage (unowned: no identity; leaver: terminated; leave: on
 * leave; joiner: hired within 90 days; mover: department changed within 90 days; steady), by age since
 * granted, by last use and by last review. Disabled accounts still carrying grants and logins during leave
 * are reported on their own.
 */
export async function highRiskLifecycle(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const [d30, d90, d365, recent] = [30, 90, 365, LIFECYCLE_RECENT_DAYS].map((d) =>
    minusMs(asOf, d * DAY),
  ) as [string, string, string, string];
  const cuts = { d30, d90, d365, recent };
  const { snapshot, stamp } = await readStampedPostureSnapshot(db, orgId);
  // Buckets over grants on enabled accounts (those on disabled accounts are reported apart): from the days stored
  // with the posture snapshot, their sums kept under its stamp.
  const buckets = await repo.highRiskBuckets(db, orgId, cuts, await storedDaysUnder(db, orgId, stamp));
  const sums = Object.fromEntries(BUCKETS.map((k) => [k, num(buckets[k])]));
  // Stages from the holders stored with the posture snapshot (an identity's stage is the same for all its grants).
  const stages = await repo.highRiskStages(db, orgId, recent);
  const total = num(buckets.n);
  const byStage: Record<string, number> = Object.fromEntries(STAGES.map((k) => [k, num(stages[k])]));
  byStage.steady = total - STAGES.reduce((n, k) => (k === 'steady' ? n : n + byStage[k]!), 0);
  const [attention, lists] = await Promise.all([
    unusedHighRisk(db, orgId, d90, asOf, sums.unused!),
    stampBoundLists.get(db, orgId, stamp),
  ]);
  return {
    asOf,
    highRiskGrants: total,
    byStage,
    byAge: {
      '<30d': sums.age_lt30,
      '30-89d': sums.age_30_89,
      '90-364d': sums.age_90_364,
      '365d+': sums.age_365,
    },
    byLastUse: {
      '<30d': sums.use_lt30,
      '30-89d': sums.use_30_89,
      '90d+': sums.use_90,
      never: sums.use_never,
    },
    byLastReview: { '<90d': sums.rev_lt90, '90-364d': sums.rev_90_364, '365d+OrNever': sums.rev_365_never },
    disabledAccounts: disabledAccountsWithGrants(snapshot, lists.disabled),
    leave: leaveLogins(snapshot, lists.leave),
    // items: high-risk grants unused for 90+ days or never used (total counts all of them).
    ...attention,
  };
}

const STAGES = ['steady', 'joiner', 'mover', 'leave', 'leaver', 'unowned'] as const;
const BUCKETS = [
  'age_lt30',
  'age_30_89',
  'age_90_364',
  'age_365',
  'use_lt30',
  'use_30_89',
  'use_90',
  'use_never',
  'rev_lt90',
  'rev_90_364',
  'rev_365_never',
  'unused',
] as const;

/**
 * The lifecycle's two lists that do not depend on the reference time, read from tables only the import writes: kept
 * under the posture snapshot's stamp (derived/stamped-memo.ts), like their counts in the snapshot itself.
 */
const stampBoundLists = new StampedMemo(async (db, orgId) => {
  const [disabled, leave] = await Promise.all([
    repo.listDisabledWithGrants(db, orgId, LIFECYCLE_ITEMS_CAP),
    repo.listLeaveLogins(db, orgId, LIFECYCLE_ITEMS_CAP),
  ]);
  return { disabled, leave };
});

/** A disabled account that still carries active grants, flagged on its own (its grants are not high-risk counts). */
function disabledAccountsWithGrants(
  s: PostureSnapshot,
  rows: Awaited<ReturnType<typeof repo.listDisabledWithGrants>>,
) {
  // The counts are time-independent: the posture snapshot has them.
  const c = { accounts: s.disabledAccounts, grants: s.disabledGrants };
  const highRiskGrants = s.disabledHighRiskGrants;
  const items = rows.map((r) => ({
    accountId: r.id,
    systemName: r.system_name,
    identityId: r.identity_id,
    displayName: r.display_name,
    disabledAt: r.disabled_at,
    activeGrants: num(r.grants),
  }));
  return {
    accounts: num(c.accounts),
    grants: num(c.grants),
    highRiskGrants,
    items,
    truncated: num(c.accounts) > items.length,
  };
}

/** Identities on leave, and accounts of theirs used after the leave began (latest login first). */
function leaveLogins(s: PostureSnapshot, rows: Awaited<ReturnType<typeof repo.listLeaveLogins>>) {
  const c = { identities: s.leaveIdentities, accounts: s.leaveLoginAccounts, used: s.leaveLoginIdentities };
  const items = rows.map((r) => ({
    accountId: r.id,
    identityId: r.identity_id,
    displayName: r.display_name,
    systemName: r.system_name,
    leaveStartedAt: r.leave_started_at,
    lastLoginAt: r.last_login_at,
  }));
  return {
    identitiesOnLeave: num(c.identities),
    loginsDuringLeave: {
      accounts: num(c.accounts),
      identities: num(c.used),
      items,
      truncated: num(c.accounts) > items.length,
    },
  };
}

/** High-risk grants unused for 90+ days or never used: the first candidates for revocation, oldest grant first. */
async function unusedHighRisk(db: Kysely<Database>, orgId: string, d90: string, asOf: string, total: number) {
  const rows = await repo.listUnusedHighRisk(db, orgId, d90, LIFECYCLE_ITEMS_CAP);
  const items = rows.map((r) => ({
    grantId: r.id,
    entitlementName: r.entitlement_name,
    identityId: r.identity_id,
    holderName: r.display_name,
    grantedAt: r.granted_at,
    lastUsedAt: r.last_used_at,
    ageDays: Math.floor((Date.parse(asOf) - Date.parse(r.granted_at)) / DAY),
  }));
  return { items, total, truncated: total > items.length };
}
