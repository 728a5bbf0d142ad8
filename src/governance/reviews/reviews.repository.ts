// SQL over access review campaigns and items (access_reviews_list, uar_status), and the import-time flag
// of reviewers inside the reviewed identity's manager chain.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A revoke/modify decision whose remediation is not done and whose due time has passed. */
export const overdueRemediation = (asOf: string) =>
  sql`ri.decision in ('revoke', 'modify') and ri.remediation_status <> 'done' and ri.remediation_due_at < ${asOf}`;

/** A decision made by the identity whose access was reviewed: recorded, but it does not count as decided. */
const SELF = sql`ri.reviewer_id is not null and ri.reviewer_id = ri.subject_id`;

/** Item counts that do not depend on the reference time (stored per campaign by imports: gov_campaign_counts). */
const STATIC_COUNTS = sql`count(ri.id) as items,
  sum(case when ri.decision = 'pending' then 1 else 0 end) as pending,
  sum(case when ri.decision = 'approve' then 1 else 0 end) as approve,
  sum(case when ri.decision = 'revoke' then 1 else 0 end) as revoke,
  sum(case when ri.decision = 'modify' then 1 else 0 end) as modify,
  sum(case when ${SELF} then 1 else 0 end) as self_reviews,
  sum(case when ${SELF} and ri.decision <> 'pending' then 1 else 0 end) as self_decided,
  sum(case when ri.reviewer_in_chain = 1 then 1 else 0 end) as chain,
  sum(case when ri.decision <> 'pending' and not (${SELF}) and ri.evidence_note is null and ri.evidence_url is null
    then 1 else 0 end) as without_evidence`;

const STORED_COUNTS = [
  'items',
  'pending',
  'approve',
  'revoke',
  'modify',
  'self_reviews',
  'self_decided',
  'chain',
  'without_evidence',
] as const;

/** Stores every campaign's time-independent item counts in gov_campaign_counts; called with the posture snapshot. */
export async function refreshCampaignCounts(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_campaign_counts').where('org_id', '=', orgId).execute();
  await sql`insert into gov_campaign_counts (org_id, campaign_id, ${sql.join(STORED_COUNTS.map((k) => sql.ref(k)))})
    select ${orgId}, x.* from (select c.id, ${STATIC_COUNTS}
      from gov_review_campaigns c left join gov_review_items ri on ri.campaign_id = c.id and ri.org_id = c.org_id
      where c.org_id = ${orgId} group by c.id) x`.execute(db);
}

/**
 * Overdue remediations per campaign at `asOf` (campaigns without any absent): a range of the partial index of
 * remediations not done. Their sum is the overdue remediations over every campaign.
 */
export async function overdueByCampaign(db: Kysely<Database>, orgId: string, asOf: string) {
  const rows = await sql<{ campaign_id: string; n: number }>`select ri.campaign_id, count(*) as n
    from gov_review_items ri where ri.org_id = ${orgId} and ${overdueRemediation(asOf)} group by ri.campaign_id`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [r.campaign_id, Number(r.n)]));
}

export type ItemCounts = Partial<
  Record<
    | 'items'
    | 'pending'
    | 'approve'
    | 'revoke'
    | 'modify'
    | 'overdue'
    | 'self_reviews'
    | 'self_decided'
    | 'chain'
    | 'without_evidence',
    number
  >
>;

export async function countCampaigns(db: Kysely<Database>, orgId: string): Promise<number> {
  const total = await sql<{
    n: number;
  }>`select count(*) as n from gov_review_campaigns where org_id = ${orgId}`.execute(db);
  return Number(total.rows[0]?.n ?? 0);
}

/**
 * The newest `limit` campaigns (by start) with their stored item counts (the overdue remediations at a time are
 * overdueByCampaign's).
 */
export async function listCampaigns(db: Kysely<Database>, orgId: string, limit: number) {
  type Row = ItemCounts & {
    id: string;
    name: string;
    status: string;
    started_at: string;
    due_at: string;
    completed_at: string | null;
    owner_name: string | null;
  };
  const owner = sql`(select o.display_name from gov_identities o where o.id = c.owner_id and o.org_id = c.org_id) as owner_name`;
  const rows = await sql<Row>`
    select c.id, c.name, c.status, c.started_at, c.due_at, c.completed_at, ${owner},
      ${sql.join(STORED_COUNTS.map((k) => sql.ref(`k.${k}`)))}
    from gov_review_campaigns c left join gov_campaign_counts k on k.campaign_id = c.id and k.org_id = c.org_id
    where c.org_id = ${orgId} order by c.started_at desc, c.id desc limit ${limit}`.execute(db);
  return rows.rows;
}

/**
 * The stored item counts summed over the active campaigns (planned and completed ones are not included). The
 * overdue remediations uar_status shows are over every campaign (overdueRemediationCount, overdueByCampaign).
 */
export async function countActiveItems(
  db: Kysely<Database>,
  orgId: string,
): Promise<ItemCounts & { campaigns?: number }> {
  const sums = STORED_COUNTS.map((k) => sql`sum(${sql.ref(`k.${k}`)}) as ${sql.ref(k)}`);
  const active = await sql<ItemCounts & { campaigns: number }>`select count(*) as campaigns, ${sql.join(sums)}
    from gov_review_campaigns c left join gov_campaign_counts k on k.campaign_id = c.id and k.org_id = c.org_id
    where c.org_id = ${orgId} and c.status = 'active'`.execute(db);
  return active.rows[0] ?? {};
}

/** Overdue remediations over every campaign (a remediation outlives its campaign), as a single-row select. */
export const overdueRemediationCount = (orgId: string, asOf: string) =>
  sql`select count(*) as n from gov_review_items ri where ri.org_id = ${orgId} and ${overdueRemediation(asOf)}`;

/** The first `limit` pending items of active campaigns: earliest due date first, privileged first. */
export async function listPendingItems(db: Kysely<Database>, orgId: string, limit: number) {
  const open = await sql<{
    id: string;
    campaign_id: string;
    campaign_name: string;
    due_at: string;
    privileged: number;
    reviewer_in_chain: number;
    reviewer_name: string | null;
    holder_name: string | null;
    entitlement_name: string | null;
  }>`
    select p.id, p.campaign_id, p.campaign_name, p.due_at, p.privileged, p.reviewer_in_chain,
      r.display_name as reviewer_name, s.display_name as holder_name, e.name as entitlement_name
    from (select ri.id, c.id as campaign_id, c.name as campaign_name, c.due_at, ri.privileged, ri.reviewer_in_chain,
        ri.reviewer_id, ri.subject_id, ri.entitlement_id
      from gov_review_items ri join gov_review_campaigns c on c.id = ri.campaign_id and c.org_id = ri.org_id
      where ri.org_id = ${orgId} and c.status = 'active' and ri.decision = 'pending'
      order by c.due_at asc, ri.privileged desc, ri.id asc limit ${limit}) p
    -- Names are joined to the chosen items only.
    left join gov_identities r on r.id = p.reviewer_id and r.org_id = ${orgId}
    left join gov_identities s on s.id = p.subject_id and s.org_id = ${orgId}
    left join gov_entitlements e on e.id = p.entitlement_id and e.org_id = ${orgId}
    order by p.due_at asc, p.privileged desc, p.id asc`.execute(db);
  return open.rows;
}

/**
 * Sets reviewer_in_chain on every review item of the organisation: 1 when the reviewer is the subject's
 * manager, that manager's manager, and so on (a cycle in the reporting lines stops at 50 levels).
 * Run by refreshDerived (derived/refresh.ts) after every write that changes identities or review items.
 */
export async function refreshReviewerChain(db: Kysely<Database>, orgId: string): Promise<void> {
  await sql`update gov_review_items set reviewer_in_chain = case when id in (
      with recursive chain(item_id, reviewer_id, manager_id, depth) as (
        select ri.id, ri.reviewer_id, s.manager_id, 1 from gov_review_items ri
        join gov_identities s on s.id = ri.subject_id and s.org_id = ri.org_id
        where ri.org_id = ${orgId} and ri.reviewer_id is not null and s.manager_id is not null
        union all
        select c.item_id, c.reviewer_id, m.manager_id, c.depth + 1 from chain c
        join gov_identities m on m.id = c.manager_id and m.org_id = ${orgId}
        where c.manager_id <> c.reviewer_id and m.manager_id is not null and c.depth < 50)
      select item_id from chain where manager_id = reviewer_id) then 1 else 0 end
    where org_id = ${orgId}`.execute(db);
}
