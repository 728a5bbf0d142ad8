/**
 * The posture snapshot: the figures of posture_summary and of the access tools that do not depend on the
 * reference time, plus the stored security-debt items, per-system account counts, account activity days,
 * high-risk grant days, disabled accounts with grants, logins during leave and review campaigns' item counts,
 * rewritten by refreshDerived (derived/refresh.ts) after every write that changed anything. posture_summary
 * reads it and computes only the time-dependent figures per call.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../shared/time.ts';
import { getSettings, num, plusMs } from '../common.ts';
import {
  countMissingAttributes,
  refreshActivityDays,
  refreshOffboardingAccounts,
  refreshSystemCounts,
  systemAccountCounts,
} from './accounts.repository.ts';
import {
  countDisabledWithGrants,
  countHighRiskOnDisabledAccounts,
  countHighRiskOnEnabledAccounts,
  countLeave,
  refreshDisabledAccounts,
  refreshHighRiskDays,
  refreshHighRiskHolders,
  refreshLeaveLogins,
} from './grants.repository.ts';
import { countConcentration, countRareHolders } from './peers.repository.ts';
import { refreshDebtItems } from './risk.repository.ts';
import { refreshCampaignCounts } from '../reviews/reviews.repository.ts';

export interface PostureSnapshot {
  /** access_normalization_health totals: human accounts, correlated ones, orphaned non-human ones. */
  humanAccounts: number;
  correlatedAccounts: number;
  orphanedAccounts: number;
  /** access_high_risk_lifecycle: highRiskGrants, disabledAccounts.accounts, leave.loginsDuringLeave.accounts. */
  highRiskGrants: number;
  disabledAccounts: number;
  leaveLoginAccounts: number;
  /** access_concentration's total (flags stored by the access snapshot). */
  concentrationOutliers: number;
  /** The rest of access_high_risk_lifecycle's time-independent counts (disabled accounts, leave). */
  disabledGrants: number;
  leaveIdentities: number;
  leaveLoginIdentities: number;
  /** access_normalization_health: active identities, those missing each attribute, department heads. */
  activeIdentities: number;
  missingDepartment: number;
  missingTitle: number;
  missingManager: number;
  missingAny: number;
  departmentHeads: number;
  /** access_concentration: identities with grants, privileged outliers. */
  accessHolders: number;
  privilegedOutliers: number;
  /** access_anomaly_discovery: identities holding a rare entitlement, and their rare assignments. */
  rareOutliers: number;
  rareAssignments: number;
  /** access_high_risk_lifecycle: high-risk grants on disabled accounts. */
  disabledHighRiskGrants: number;
}

/**
 * The snapshot's figures computed from the current data (the per-system counts were just stored, so they are
 * summed from there).
 */
async function computePostureSnapshot(db: Kysely<Database>, orgId: string): Promise<PostureSnapshot> {
  const systems = await systemAccountCounts(db, orgId);
  const sum = (k: 'human' | 'correlated' | 'orphaned') => systems.reduce((n, s) => n + num(s[k]), 0);
  const disabled = await countDisabledWithGrants(db, orgId);
  const leave = await countLeave(db, orgId);
  const missing = await countMissingAttributes(db, orgId);
  const concentration = await countConcentration(db, orgId);
  const rare = await countRareHolders(db, orgId);
  return {
    humanAccounts: sum('human'),
    correlatedAccounts: sum('correlated'),
    orphanedAccounts: sum('orphaned'),
    highRiskGrants: await countHighRiskOnEnabledAccounts(db, orgId),
    disabledAccounts: num(disabled.accounts),
    leaveLoginAccounts: num(leave.accounts),
    concentrationOutliers: num(concentration.outliers),
    disabledGrants: num(disabled.grants),
    leaveIdentities: num(leave.identities),
    leaveLoginIdentities: num(leave.used),
    activeIdentities: num(missing.identities),
    missingDepartment: num(missing.department),
    missingTitle: num(missing.title),
    missingManager: num(missing.manager),
    missingAny: num(missing.any_missing),
    departmentHeads: num(missing.heads),
    accessHolders: num(concentration.holders),
    privilegedOutliers: num(concentration.priv_outliers),
    rareOutliers: num(rare.outliers),
    rareAssignments: num(rare.assignments),
    disabledHighRiskGrants: await countHighRiskOnDisabledAccounts(db, orgId),
  };
}

/** Rewrites the organisation's snapshot and debt items; called by refreshDerived in the writer's transaction. */
export async function refreshPostureSnapshot(db: Kysely<Database>, orgId: string): Promise<void> {
  await refreshDebtItems(db, orgId, await getSettings(db, orgId));
  await refreshOffboardingAccounts(db, orgId);
  await refreshHighRiskHolders(db, orgId);
  await refreshSystemCounts(db, orgId);
  await refreshActivityDays(db, orgId);
  await refreshDisabledAccounts(db, orgId);
  await refreshLeaveLogins(db, orgId);
  await refreshHighRiskDays(db, orgId);
  await refreshCampaignCounts(db, orgId);
  const s = await computePostureSnapshot(db, orgId);
  const previous = await db
    .deleteFrom('gov_posture_snapshot')
    .where('org_id', '=', orgId)
    .returning('refreshed_at')
    .executeTakeFirst();
  await db
    .insertInto('gov_posture_snapshot')
    .values({
      org_id: orgId,
      human_accounts: s.humanAccounts,
      correlated_accounts: s.correlatedAccounts,
      orphaned_accounts: s.orphanedAccounts,
      high_risk_grants: s.highRiskGrants,
      disabled_accounts: s.disabledAccounts,
      leave_login_accounts: s.leaveLoginAccounts,
      concentration_outliers: s.concentrationOutliers,
      disabled_grants: s.disabledGrants,
      leave_identities: s.leaveIdentities,
      leave_login_identities: s.leaveLoginIdentities,
      active_identities: s.activeIdentities,
      missing_department: s.missingDepartment,
      missing_title: s.missingTitle,
      missing_manager: s.missingManager,
      missing_any: s.missingAny,
      department_heads: s.departmentHeads,
      access_holders: s.accessHolders,
      priv_outliers: s.privilegedOutliers,
      rare_outliers: s.rareOutliers,
      rare_assignments: s.rareAssignments,
      disabled_high_risk_grants: s.disabledHighRiskGrants,
      refreshed_at: nextStamp(previous?.refreshed_at),
    })
    .execute();
}

/**
 * refreshed_at is also the stamp posture_summary's memo is kept under (posture/posture-memo.ts), so every refresh
 * writes a later one than the row it replaces, even within the same millisecond. The previous value comes from the
 * DELETE itself: on PostgreSQL a concurrent refresh that committed first is the row this one deletes.
 */
function nextStamp(previous: string | undefined): string {
  const now = nowIso();
  return previous !== undefined && now <= previous ? plusMs(previous, 1) : now;
}

/** Every figure 0: the snapshot of an organisation without governance data (nothing written yet). */
const EMPTY: PostureSnapshot = {
  humanAccounts: 0,
  correlatedAccounts: 0,
  orphanedAccounts: 0,
  highRiskGrants: 0,
  disabledAccounts: 0,
  leaveLoginAccounts: 0,
  concentrationOutliers: 0,
  disabledGrants: 0,
  leaveIdentities: 0,
  leaveLoginIdentities: 0,
  activeIdentities: 0,
  missingDepartment: 0,
  missingTitle: 0,
  missingManager: 0,
  missingAny: 0,
  departmentHeads: 0,
  accessHolders: 0,
  privilegedOutliers: 0,
  rareOutliers: 0,
  rareAssignments: 0,
  disabledHighRiskGrants: 0,
};

/**
 * The stored snapshot. None is stored only for an organisation no write has touched (every governance write
 * refreshes it; the 2026-11-26-97 migration stored it for data written before), so its figures are all 0.
 */
export async function readPostureSnapshot(db: Kysely<Database>, orgId: string): Promise<PostureSnapshot> {
  return (await readStampedPostureSnapshot(db, orgId)).snapshot;
}

/**
 * The stored snapshot's stamp alone (refreshed_at; null when none is stored): what a tool whose figures are kept
 * under it (derived/stamped-memo.ts) reads on every call.
 */
export async function readPostureStamp(db: Kysely<Database>, orgId: string): Promise<string | null> {
  const row = await db
    .selectFrom('gov_posture_snapshot')
    .select('refreshed_at')
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return row?.refreshed_at ?? null;
}

/** The stored snapshot with its stamp (refreshed_at; null when none is stored). */
export async function readStampedPostureSnapshot(
  db: Kysely<Database>,
  orgId: string,
): Promise<{ snapshot: PostureSnapshot; stamp: string | null }> {
  const row = await db
    .selectFrom('gov_posture_snapshot')
    .selectAll()
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) return { snapshot: EMPTY, stamp: null };
  return {
    stamp: row.refreshed_at,
    snapshot: {
      humanAccounts: num(row.human_accounts),
      correlatedAccounts: num(row.correlated_accounts),
      orphanedAccounts: num(row.orphaned_accounts),
      highRiskGrants: num(row.high_risk_grants),
      disabledAccounts: num(row.disabled_accounts),
      leaveLoginAccounts: num(row.leave_login_accounts),
      concentrationOutliers: num(row.concentration_outliers),
      disabledGrants: num(row.disabled_grants),
      leaveIdentities: num(row.leave_identities),
      leaveLoginIdentities: num(row.leave_login_identities),
      activeIdentities: num(row.active_identities),
      missingDepartment: num(row.missing_department),
      missingTitle: num(row.missing_title),
      missingManager: num(row.missing_manager),
      missingAny: num(row.missing_any),
      departmentHeads: num(row.department_heads),
      accessHolders: num(row.access_holders),
      privilegedOutliers: num(row.priv_outliers),
      rareOutliers: num(row.rare_outliers),
      rareAssignments: num(row.rare_assignments),
      disabledHighRiskGrants: num(row.disabled_high_risk_grants),
    },
  };
}
