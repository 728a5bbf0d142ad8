import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { num, pct, resolveAsOf, type AsOf } from '../common.ts';

export const CAMPAIGNS_CAP = 50;
export const OPEN_ITEMS_CAP = 50;

/** A revoke/modify decision whose remediation is not done and whose due time has passed. */
export const overdueRemediation = (asOf: string) =>
  sql`ri.decision in ('revoke', 'modify') and ri.remediation_status <> 'done' and ri.remediation_due_at < ${asOf}`;

const itemCounts = (asOf: string) => sql`count(ri.id) as items,
  sum(case when ri.decision = 'pending' then 1 else 0 end) as pending,
  sum(case when ri.decision = 'approve' then 1 else 0 end) as approve,
  sum(case when ri.decision = 'revoke' then 1 else 0 end) as revoke,
  sum(case when ri.decision = 'modify' then 1 else 0 end) as modify,
  sum(case when ${overdueRemediation(asOf)} then 1 else 0 end) as overdue,
  sum(case when ri.reviewer_id is not null and ri.reviewer_id = ri.subject_id then 1 else 0 end) as self_reviews`;

type Counts = Record<
  'items' | 'pending' | 'approve' | 'revoke' | 'modify' | 'overdue' | 'self_reviews',
  number
>;

const summarise = (c: Partial<Counts>) => {
  const items = num(c.items);
  const decided = items - num(c.pending);
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
  };
};

/**
 * access_reviews_list. Campaigns, newest start first (capped), each with its items' decisions, completion
 * rate (decided / items), overdue remediations and self-reviews (reviewer = the identity reviewed).
 */
export async function reviewsList(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const total = await sql<{
    n: number;
  }>`select count(*) as n from gov_review_campaigns where org_id = ${orgId}`.execute(db);
  const rows = await sql<
    Partial<Counts> & {
      id: string;
      name: string;
      status: string;
      started_at: string;
      due_at: string;
      completed_at: string | null;
      owner_name: string | null;
    }
  >`
    select c.id, c.name, c.status, c.started_at, c.due_at, c.completed_at,
      (select o.display_name from gov_identities o where o.id = c.owner_id and o.org_id = c.org_id) as owner_name, ${itemCounts(asOf)}
    from gov_review_campaigns c left join gov_review_items ri on ri.campaign_id = c.id and ri.org_id = c.org_id
    where c.org_id = ${orgId} group by c.id, c.name, c.status, c.started_at, c.due_at, c.completed_at, c.owner_id, c.org_id
    order by c.started_at desc, c.id desc limit ${CAMPAIGNS_CAP}`.execute(db);
  const items = rows.rows.map((r) => ({
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
  const n = num(total.rows[0]?.n);
  return { asOf, items, total: n, truncated: n > items.length };
}

/**
 * uar_status. Over active campaigns: items, decisions, completion, self-reviews; overdue remediations over
 * all campaigns (remediation outlives its campaign); open items = pending decisions in active campaigns,
 * earliest campaign due date first (capped).
 */
export async function uarStatus(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const active = await sql<
    Partial<Counts> & { campaigns: number }
  >`select count(distinct c.id) as campaigns, ${itemCounts(asOf)}
    from gov_review_campaigns c left join gov_review_items ri on ri.campaign_id = c.id and ri.org_id = c.org_id
    where c.org_id = ${orgId} and c.status = 'active'`.execute(db);
  const overdue = await sql<{ n: number }>`select count(*) as n from gov_review_items ri
    where ri.org_id = ${orgId} and ${overdueRemediation(asOf)}`.execute(db);
  const open = await sql<{
    id: string;
    campaign_id: string;
    campaign_name: string;
    due_at: string;
    privileged: number;
    reviewer_name: string | null;
    holder_name: string | null;
    entitlement_name: string | null;
  }>`
    select ri.id, c.id as campaign_id, c.name as campaign_name, c.due_at, ri.privileged,
      r.display_name as reviewer_name, s.display_name as holder_name, e.name as entitlement_name
    from gov_review_items ri join gov_review_campaigns c on c.id = ri.campaign_id and c.org_id = ri.org_id
    left join gov_identities r on r.id = ri.reviewer_id and r.org_id = ri.org_id
    left join gov_identities s on s.id = ri.subject_id and s.org_id = ri.org_id
    left join gov_entitlements e on e.id = ri.entitlement_id and e.org_id = ri.org_id
    where ri.org_id = ${orgId} and c.status = 'active' and ri.decision = 'pending'
    order by c.due_at asc, ri.privileged desc, ri.id asc limit ${OPEN_ITEMS_CAP}`.execute(db);
  const a: Partial<Counts> & { campaigns?: number } = active.rows[0] ?? {};
  const summary = summarise(a);
  const items = open.rows.map((r) => ({
    itemId: r.id,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    dueAt: r.due_at,
    overdue: r.due_at < asOf,
    privileged: num(r.privileged) === 1,
    reviewerName: r.reviewer_name,
    holderName: r.holder_name,
    entitlementName: r.entitlement_name,
  }));
  return {
    asOf,
    activeCampaigns: num(a.campaigns),
    ...summary,
    overdueRemediation: num(overdue.rows[0]?.n),
    // items: the open (pending) items; total counts all of them.
    items,
    total: summary.pending,
    truncated: summary.pending > items.length,
  };
}

/** uar_status as the tool answers it: the status plus the active campaigns of access_reviews_list. */
export async function uarStatusWithCampaigns(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const status = await uarStatus(db, orgId, options);
  const campaigns = (await reviewsList(db, orgId, { asOf: status.asOf })).items.filter(
    (c) => c.status === 'active',
  );
  return { ...status, campaigns };
}
