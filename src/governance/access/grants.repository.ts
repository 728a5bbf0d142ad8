// SQL over grants for access_privileged_delta and access_high_risk_lifecycle.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

const changedIn = (orgId: string, column: 'granted_at' | 'revoked_at', from: string, to: string) => {
  const col = sql.ref(`g.${column}`);
  return {
    col,
    where: sql`g.org_id = ${orgId} and g.privileged = 1 and ${col} > ${from} and ${col} <= ${to}`,
  };
};

/** Privileged grants granted (or revoked) in (from, to]. */
export async function countPrivilegedChanges(
  db: Kysely<Database>,
  orgId: string,
  column: 'granted_at' | 'revoked_at',
  from: string,
  to: string,
): Promise<number> {
  const { where } = changedIn(orgId, column, from, to);
  const count = await sql<{ n: number }>`select count(*) as n from gov_grants g where ${where}`.execute(db);
  return Number(count.rows[0]?.n ?? 0);
}

/** The newest `limit` of them with entitlement, system and holder. */
export async function listPrivilegedChanges(
  db: Kysely<Database>,
  orgId: string,
  column: 'granted_at' | 'revoked_at',
  from: string,
  to: string,
  limit: number,
) {
  const { col, where } = changedIn(orgId, column, from, to);
  const rows = await sql<{
    id: string;
    at: string;
    entitlement_name: string;
    system_name: string;
    identity_id: string | null;
    display_name: string | null;
  }>`select g.id, ${col} as at, e.name as entitlement_name, s.name as system_name, g.identity_id, i.display_name
    from gov_grants g join gov_entitlements e on e.id = g.entitlement_id and e.org_id = g.org_id
    join gov_systems s on s.id = e.system_id and s.org_id = g.org_id
    left join gov_identities i on i.id = g.identity_id and i.org_id = g.org_id
    where ${where} order by ${col} desc, g.id desc limit ${limit}`.execute(db);
  return rows.rows;
}

/** High-risk grant: active, and privileged or of risk level high/critical. */
const HIGH_RISK = sql`g.revoked_at is null and (g.privileged = 1 or g.risk_level in ('high', 'critical'))`;

export interface LifecycleCuts {
  d30: string;
  d90: string;
  d365: string;
  /** Joiners were hired, movers changed department, after this time. */
  recent: string;
}

/** High-risk grants per holder stage, with the age, last-use and last-review buckets summed per stage. */
export async function highRiskByStage(db: Kysely<Database>, orgId: string, c: LifecycleCuts) {
  const stage = sql`case when i.id is null then 'unowned' when i.status = 'terminated' then 'leaver'
    when i.hire_date > ${c.recent} then 'joiner' when i.department_changed_at > ${c.recent} then 'mover' else 'steady' end`;
  const result = await sql<Record<string, number | string>>`select ${stage} as stage, count(*) as n,
      sum(case when g.granted_at > ${c.d30} then 1 else 0 end) as age_lt30,
      sum(case when g.granted_at <= ${c.d30} and g.granted_at > ${c.d90} then 1 else 0 end) as age_30_89,
      sum(case when g.granted_at <= ${c.d90} and g.granted_at > ${c.d365} then 1 else 0 end) as age_90_364,
      sum(case when g.granted_at <= ${c.d365} then 1 else 0 end) as age_365,
      sum(case when g.last_used_at > ${c.d30} then 1 else 0 end) as use_lt30,
      sum(case when g.last_used_at <= ${c.d30} and g.last_used_at > ${c.d90} then 1 else 0 end) as use_30_89,
      sum(case when g.last_used_at <= ${c.d90} then 1 else 0 end) as use_90,
      sum(case when g.last_used_at is null then 1 else 0 end) as use_never,
      sum(case when g.last_reviewed_at > ${c.d90} then 1 else 0 end) as rev_lt90,
      sum(case when g.last_reviewed_at <= ${c.d90} and g.last_reviewed_at > ${c.d365} then 1 else 0 end) as rev_90_364,
      sum(case when g.last_reviewed_at is null or g.last_reviewed_at <= ${c.d365} then 1 else 0 end) as rev_365_never,
      sum(case when g.last_used_at is null or g.last_used_at <= ${c.d90} then 1 else 0 end) as unused
    from gov_grants g left join gov_identities i on i.id = g.identity_id and i.org_id = g.org_id
    where g.org_id = ${orgId} and ${HIGH_RISK} group by 1`.execute(db);
  return result.rows;
}

/** The oldest `limit` high-risk grants unused since `d90` or never used. */
export async function listUnusedHighRisk(db: Kysely<Database>, orgId: string, d90: string, limit: number) {
  const rows = await sql<{
    id: string;
    granted_at: string;
    last_used_at: string | null;
    identity_id: string | null;
    display_name: string | null;
    entitlement_name: string;
  }>`
    select g.id, g.granted_at, g.last_used_at, g.identity_id, i.display_name, e.name as entitlement_name
    from gov_grants g join gov_entitlements e on e.id = g.entitlement_id and e.org_id = g.org_id
    left join gov_identities i on i.id = g.identity_id and i.org_id = g.org_id
    where g.org_id = ${orgId} and ${HIGH_RISK} and (g.last_used_at is null or g.last_used_at <= ${d90})
    order by g.granted_at asc, g.id asc limit ${limit}`.execute(db);
  return rows.rows;
}
