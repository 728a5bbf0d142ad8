import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { DAY, minusMs, num, resolveAsOf, type AsOf } from '../common.ts';

export const DELTA_WINDOW_DAYS = 30;
export const DELTA_ITEMS_CAP = 25;
export const LIFECYCLE_ITEMS_CAP = 25;
/** Joiners were hired, movers changed department, within this many days. */
export const LIFECYCLE_RECENT_DAYS = 90;

interface DeltaRow {
  id: string;
  at: string;
  entitlement_name: string;
  system_name: string;
  identity_id: string | null;
  display_name: string | null;
}

async function deltaSide(
  db: Kysely<Database>,
  orgId: string,
  column: 'granted_at' | 'revoked_at',
  from: string,
  to: string,
) {
  const col = sql.ref(`g.${column}`);
  const where = sql`g.org_id = ${orgId} and g.privileged = 1 and ${col} > ${from} and ${col} <= ${to}`;
  const count = await sql<{ n: number }>`select count(*) as n from gov_grants g where ${where}`.execute(db);
  const rows =
    await sql<DeltaRow>`select g.id, ${col} as at, e.name as entitlement_name, s.name as system_name,
      g.identity_id, i.display_name
    from gov_grants g join gov_entitlements e on e.id = g.entitlement_id and e.org_id = g.org_id
    join gov_systems s on s.id = e.system_id and s.org_id = g.org_id
    left join gov_identities i on i.id = g.identity_id and i.org_id = g.org_id
    where ${where} order by ${col} desc, g.id desc limit ${DELTA_ITEMS_CAP}`.execute(db);
  const items = rows.rows.map((r) => ({
    grantId: r.id,
    at: r.at,
    entitlementName: r.entitlement_name,
    systemName: r.system_name,
    identityId: r.identity_id,
    displayName: r.display_name,
  }));
  const total = num(count.rows[0]?.n);
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

const HIGH_RISK = sql`g.revoked_at is null and (g.privileged = 1 or g.risk_level in ('high', 'critical'))`;

/**
 * access_high_risk_lifecycle. Active grants that are privileged or of risk level high/critical, counted by the
 * holder's lifecycle stage (unowned: no identity; leaver: terminated; joiner: hired within 90 days; mover:
 * department changed within 90 days; steady), by age since granted, by last use and by last review.
 */
export async function highRiskLifecycle(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const [d30, d90, d365, recent] = [30, 90, 365, LIFECYCLE_RECENT_DAYS].map((d) =>
    minusMs(asOf, d * DAY),
  ) as [string, string, string, string];
  const stage = sql`case when i.id is null then 'unowned' when i.status = 'terminated' then 'leaver'
    when i.hire_date > ${recent} then 'joiner' when i.department_changed_at > ${recent} then 'mover' else 'steady' end`;
  const result = await sql<Record<string, number | string>>`select ${stage} as stage, count(*) as n,
      sum(case when g.granted_at > ${d30} then 1 else 0 end) as age_lt30,
      sum(case when g.granted_at <= ${d30} and g.granted_at > ${d90} then 1 else 0 end) as age_30_89,
      sum(case when g.granted_at <= ${d90} and g.granted_at > ${d365} then 1 else 0 end) as age_90_364,
      sum(case when g.granted_at <= ${d365} then 1 else 0 end) as age_365,
      sum(case when g.last_used_at > ${d30} then 1 else 0 end) as use_lt30,
      sum(case when g.last_used_at <= ${d30} and g.last_used_at > ${d90} then 1 else 0 end) as use_30_89,
      sum(case when g.last_used_at <= ${d90} then 1 else 0 end) as use_90,
      sum(case when g.last_used_at is null then 1 else 0 end) as use_never,
      sum(case when g.last_reviewed_at > ${d90} then 1 else 0 end) as rev_lt90,
      sum(case when g.last_reviewed_at <= ${d90} and g.last_reviewed_at > ${d365} then 1 else 0 end) as rev_90_364,
      sum(case when g.last_reviewed_at is null or g.last_reviewed_at <= ${d365} then 1 else 0 end) as rev_365_never,
      sum(case when g.last_used_at is null or g.last_used_at <= ${d90} then 1 else 0 end) as unused
    from gov_grants g left join gov_identities i on i.id = g.identity_id and i.org_id = g.org_id
    where g.org_id = ${orgId} and ${HIGH_RISK} group by 1`.execute(db);
  const byStage: Record<string, number> = { steady: 0, joiner: 0, mover: 0, leaver: 0, unowned: 0 };
  const keys = [
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
  ];
  const sums: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  let total = 0;
  for (const row of result.rows) {
    byStage[String(row.stage)] = num(row.n);
    total += num(row.n);
    for (const k of keys) sums[k]! += num(row[k]);
  }
  const attention = await unusedHighRisk(db, orgId, d90, asOf, sums.unused!);
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
    // items: high-risk grants unused for 90+ days or never used (total counts all of them).
    ...attention,
  };
}

/** High-risk grants unused for 90+ days or never used: the first candidates for revocation, oldest grant first. */
async function unusedHighRisk(db: Kysely<Database>, orgId: string, d90: string, asOf: string, total: number) {
  const where = sql`g.org_id = ${orgId} and ${HIGH_RISK} and (g.last_used_at is null or g.last_used_at <= ${d90})`;
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
    where ${where} order by g.granted_at asc, g.id asc limit ${LIFECYCLE_ITEMS_CAP}`.execute(db);
  const items = rows.rows.map((r) => ({
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
