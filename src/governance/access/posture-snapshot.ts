/**
 * The posture snapshot: the figures of posture_summary that do not depend on the reference time, plus the
 * stored security-debt items, rewritten by every import that changed anything (imports are the only writes to
 * governance data). posture_summary reads it and computes only the time-dependent figures per call.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../shared/time.ts';
import { getSettings, num } from '../common.ts';
import { refreshOffboardingAccounts, systemAccountCounts } from './accounts.repository.ts';
import {
  countDisabledWithGrants,
  countHighRiskOnEnabledAccounts,
  countLeave,
  refreshHighRiskHolders,
} from './grants.repository.ts';
import { countConcentration } from './peers.repository.ts';
import { refreshDebtItems } from './risk.repository.ts';

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
  /** Whether an import stored it (and the debt items and offboarding candidates with it). */
  stored: boolean;
}

/** The snapshot's figures computed from the current data, by the same queries the tools use. */
async function computePostureSnapshot(
  db: Kysely<Database>,
  orgId: string,
): Promise<Omit<PostureSnapshot, 'stored'>> {
  const systems = await systemAccountCounts(db, orgId);
  const sum = (k: 'human' | 'correlated' | 'orphaned') => systems.reduce((n, s) => n + num(s[k]), 0);
  const disabled = await countDisabledWithGrants(db, orgId);
  const leave = await countLeave(db, orgId);
  return {
    humanAccounts: sum('human'),
    correlatedAccounts: sum('correlated'),
    orphanedAccounts: sum('orphaned'),
    highRiskGrants: await countHighRiskOnEnabledAccounts(db, orgId),
    disabledAccounts: num(disabled.accounts),
    leaveLoginAccounts: num(leave.accounts),
    concentrationOutliers: num((await countConcentration(db, orgId)).outliers),
    disabledGrants: num(disabled.grants),
    leaveIdentities: num(leave.identities),
    leaveLoginIdentities: num(leave.used),
  };
}

/** Rewrites the organisation's snapshot and debt items; called inside the import's transaction. */
export async function refreshPostureSnapshot(db: Kysely<Database>, orgId: string): Promise<void> {
  await refreshDebtItems(db, orgId, await getSettings(db, orgId));
  await refreshOffboardingAccounts(db, orgId);
  await refreshHighRiskHolders(db, orgId);
  const s = await computePostureSnapshot(db, orgId);
  await db.deleteFrom('gov_posture_snapshot').where('org_id', '=', orgId).execute();
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
      refreshed_at: nowIso(),
    })
    .execute();
}

const stored = (db: Kysely<Database>, orgId: string) =>
  db.selectFrom('gov_posture_snapshot').selectAll().where('org_id', '=', orgId).executeTakeFirst();

/** Whether an import has stored the snapshot (and the debt items) for this organisation. */
export const hasPostureSnapshot = async (db: Kysely<Database>, orgId: string): Promise<boolean> =>
  (await stored(db, orgId)) !== undefined;

/** The stored snapshot; computed from the data when no import has stored one yet (e.g. data older than it). */
export async function readPostureSnapshot(db: Kysely<Database>, orgId: string): Promise<PostureSnapshot> {
  const row = await stored(db, orgId);
  if (!row) return { ...(await computePostureSnapshot(db, orgId)), stored: false };
  return {
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
    stored: true,
  };
}
