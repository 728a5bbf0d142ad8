// The review tools: access_reviews_list and uar_status (docs/governance-tools.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { num, pct, resolveAsOf, type AsOf } from '../common.ts';
import * as repo from './reviews.repository.ts';

export { overdueRemediation } from './reviews.repository.ts';

export const CAMPAIGNS_CAP = 50;
export const OPEN_ITEMS_CAP = 50;

/**
 * Items, decisions and completion. A self-review (reviewer = the identity reviewed) keeps its recorded
 * decision but is not decided: decided = items − pending − selfReviewedDecisions.
 */
const summarise = (c: repo.ItemCounts) => {
  const items = num(c.items);
  const selfDecided = num(c.self_decided);
  const decided = items - num(c.pending) - selfDecided;
  return {
    items,
    decided,
    pending: num(c.pending),
    completionRate: pct(decided, items),
    decisions: {
      approve: num(c.approve),
      revoke: num(c.revoke),
      modify: num(c.modify),
      pending: num(c.pending),
    },
    overdueRemediation: num(c.overdue),
    selfReviews: num(c.self_reviews),
    selfReviewedDecisions: selfDecided,
    reviewerInManagerChain: num(c.chain),
    decidedWithoutEvidence: num(c.without_evidence),
  };
};

/**
 * access_reviews_list. Campaigns, newest start first (capped), each with its items' decisions, completion
 * rate, overdue remediations, self-reviews, reviewers in the manager chain and decisions without evidence.
 */
export async function reviewsList(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const n = await repo.countCampaigns(db, orgId);
  // Item counts stored per campaign with the posture snapshot (derived/refresh.ts).
  const rows = await repo.listCampaigns(db, orgId, asOf, CAMPAIGNS_CAP);
  const items = rows.map((r) => ({
    campaignId: r.id,
    name: r.name,
    status: r.status,
    startedAt: r.started_at,
    dueAt: r.due_at,
    completedAt: r.completed_at,
    ownerName: r.owner_name,
    overdue: r.status !== 'completed' && r.due_at < asOf,
    ...summarise(r),
  }));
  return { asOf, items, total: n, truncated: n > items.length };
}

/** uar_status's figures without its lists (posture_summary reads these). */
export async function uarCounts(db: Kysely<Database>, orgId: string, asOf: string) {
  const a = await repo.countActiveItems(db, orgId, asOf);
  const overdue = await repo.countOverdueRemediation(db, orgId, asOf);
  return { activeCampaigns: num(a.campaigns), ...summarise(a), overdueRemediation: overdue };
}

/**
 * uar_status. Over active campaigns (planned ones are not counted): items, decisions, completion,
 * self-reviews; overdue remediations over all campaigns (remediation outlives its campaign); open items =
 * pending decisions in active campaigns, earliest campaign due date first (capped); the active campaigns as
 * access_reviews_list shows them.
 */
export async function uarStatus(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const summary = await uarCounts(db, orgId, asOf);
  const open = await repo.listPendingItems(db, orgId, OPEN_ITEMS_CAP);
  const items = open.map((r) => ({
    itemId: r.id,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    dueAt: r.due_at,
    overdue: r.due_at < asOf,
    privileged: num(r.privileged) === 1,
    reviewerInManagerChain: num(r.reviewer_in_chain) === 1,
    reviewerName: r.reviewer_name,
    holderName: r.holder_name,
    entitlementName: r.entitlement_name,
  }));
  const campaigns = (await reviewsList(db, orgId, { asOf })).items.filter((c) => c.status === 'active');
  return {
    asOf,
    ...summary,
    // items: the open (pending) items; total counts all of them.
    items,
    total: summary.pending,
    truncated: summary.pending > items.length,
    campaigns,
  };
}
