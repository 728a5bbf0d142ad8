// The review tools: access_reviews_list and uar_status (docs/governance-tools.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { num, pct, resolveAsOf, type AsOf } from '../common.ts';
import { readPostureStamp } from '../access/posture-snapshot.ts';
import { StampedMemo } from '../derived/stamped-memo.ts';
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
 * What the review tools read that only the governance import writes (campaigns, their stored item counts, review
 * items, names), kept under the posture snapshot's stamp (derived/stamped-memo.ts: every import that changes
 * anything moves it). A call reads the stamp and the overdue remediations at its time, and nothing else (on the
 * tool-server bench uar_status ran 6 statements a call, 2.4 ms of server CPU). Callers do not change it.
 */
export interface StoredReviews {
  /** Every campaign. */
  campaigns: number;
  /** The newest CAMPAIGNS_CAP campaigns with their stored item counts. */
  newest: Awaited<ReturnType<typeof repo.listCampaigns>>;
  /** The stored item counts summed over the active campaigns. */
  active: repo.ItemCounts & { campaigns?: number };
  /** The first OPEN_ITEMS_CAP pending items of active campaigns. */
  pending: Awaited<ReturnType<typeof repo.listPendingItems>>;
}

const stored = new StampedMemo(async (db: Kysely<Database>, orgId: string): Promise<StoredReviews> => ({
  campaigns: await repo.countCampaigns(db, orgId),
  newest: await repo.listCampaigns(db, orgId, CAMPAIGNS_CAP),
  active: await repo.countActiveItems(db, orgId),
  pending: await repo.listPendingItems(db, orgId, OPEN_ITEMS_CAP),
}));

/** The review figures of `orgId` under `stamp`, the posture snapshot's, read by the caller first. */
export const storedReviews = (db: Kysely<Database>, orgId: string, stamp: string | null) =>
  stored.get(db, orgId, stamp);

/** The campaigns as access_reviews_list shows them at `asOf`, given the overdue remediations per campaign. */
function campaignItems(s: StoredReviews, asOf: string, overdue: Map<string, number>) {
  return s.newest.map((r) => ({
    campaignId: r.id,
    name: r.name,
    status: r.status,
    startedAt: r.started_at,
    dueAt: r.due_at,
    completedAt: r.completed_at,
    ownerName: r.owner_name,
    overdue: r.status !== 'completed' && r.due_at < asOf,
    ...summarise({ ...r, overdue: overdue.get(r.id) ?? 0 }),
  }));
}

/**
 * access_reviews_list. Campaigns, newest start first (capped), each with its items' decisions, completion
 * rate, overdue remediations, self-reviews, reviewers in the manager chain and decisions without evidence.
 */
export async function reviewsList(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  // Item counts stored per campaign with the posture snapshot (derived/refresh.ts).
  const s = await storedReviews(db, orgId, await readPostureStamp(db, orgId));
  const items = campaignItems(s, asOf, await repo.overdueByCampaign(db, orgId, asOf));
  return { asOf, items, total: s.campaigns, truncated: s.campaigns > items.length };
}

/**
 * uar_status's figures without its lists (posture_summary shows these): the active campaigns' stored counts, with
 * `overdue`, the overdue remediations over every campaign at the caller's time.
 */
export function uarCounts(s: StoredReviews, overdue: number) {
  return { activeCampaigns: num(s.active.campaigns), ...summarise({ ...s.active, overdue }) };
}

/**
 * uar_status. Over active campaigns (planned ones are not counted): items, decisions, completion,
 * self-reviews; overdue remediations over all campaigns (remediation outlives its campaign); open items =
 * pending decisions in active campaigns, earliest campaign due date first (capped); the active campaigns as
 * access_reviews_list shows them.
 */
export async function uarStatus(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const s = await storedReviews(db, orgId, await readPostureStamp(db, orgId));
  // One statement at asOf: per campaign, summed for every campaign.
  const overdue = await repo.overdueByCampaign(db, orgId, asOf);
  const summary = uarCounts(
    s,
    [...overdue.values()].reduce((n, v) => n + v, 0),
  );
  const items = s.pending.map((r) => ({
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
  const campaigns = campaignItems(s, asOf, overdue).filter((c) => c.status === 'active');
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
