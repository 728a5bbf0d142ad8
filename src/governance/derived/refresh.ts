/**
 * The one owner of governance's derived tables (docs/governance-tools.md, "Derived tables"): the access
 * summaries (gov_sod_violations, gov_peer_groups, gov_identity_access), reviewer_in_chain on review items, and
 * the posture set (gov_posture_snapshot, gov_debt_items and gov_debt_days, gov_offboarding_accounts,
 * gov_high_risk_holders, gov_system_counts, gov_activity_days, gov_disabled_accounts, gov_leave_logins,
 * gov_high_risk_days, gov_campaign_counts). Every write to a base table those read calls refreshDerived in its
 * own transaction, so the tools read one query path, over these tables, and never count from the base tables.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { analyzeTables } from '../../db/helpers.ts';
import { ANALYZE_AFTER_ROWS } from '../../db/statistics.ts';
import { refreshPostureSnapshot } from '../access/posture-snapshot.ts';
import { refreshAccessSnapshot } from '../access/snapshot.ts';
import { refreshReviewerChain } from '../reviews/reviews.repository.ts';

/** Every derived table (plus reviewer_in_chain, a column of gov_review_items), each rebuilt per organisation. */
export const DERIVED_TABLES = [
  'gov_sod_violations',
  'gov_peer_groups',
  'gov_identity_access',
  'gov_posture_snapshot',
  'gov_debt_items',
  'gov_debt_days',
  'gov_offboarding_accounts',
  'gov_high_risk_holders',
  'gov_system_counts',
  'gov_activity_days',
  'gov_disabled_accounts',
  'gov_leave_logins',
  'gov_high_risk_days',
  'gov_campaign_counts',
] as const;

/** Which base data a write changed; each part refreshes only the derived tables that read it. */
export interface DerivedChanges {
  /** Identities, accounts, entitlements, grants or separation-of-duty rules (who holds what). */
  access: boolean;
  /** Reporting lines or review items (who reviews whom). */
  reviewers: boolean;
  /** Anything a posture figure reads, settings included. */
  posture: boolean;
  /** Rows just created in the access tables: from ANALYZE_AFTER_ROWS on, statistics are refreshed first. */
  createdAccessRows?: number;
}

/** Every part: an organisation's derived tables rebuilt from its base tables alone. */
export const ALL_CHANGED: DerivedChanges = { access: true, reviewers: true, posture: true };

const ACCESS_TABLES = ['gov_identities', 'gov_accounts', 'gov_entitlements', 'gov_grants'];

/**
 * Rebuilds the organisation's derived tables that `changes` touch, in the caller's transaction (`db`). Order
 * matters: the posture set reads the access summaries (SoD pairs, concentration flags) and reviewer_in_chain.
 */
export async function refreshDerived(
  db: Kysely<Database>,
  orgId: string,
  changes: DerivedChanges = ALL_CHANGED,
): Promise<void> {
  if (changes.access) {
    // Statistics first: without them PostgreSQL plans the summary query for empty tables (minutes, not seconds).
    if ((changes.createdAccessRows ?? 0) >= ANALYZE_AFTER_ROWS) await analyzeTables(db, ACCESS_TABLES);
    await refreshAccessSnapshot(db, orgId);
  }
  if (changes.reviewers) await refreshReviewerChain(db, orgId);
  if (changes.posture) await refreshPostureSnapshot(db, orgId);
}
