import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { capped, DAY, getSettings, HOUR, minusMs, num, pct, resolveAsOf, type AsOf } from '../common.ts';

export const STALE_ITEMS_CAP = 50;
export const OFFBOARDING_ITEMS_CAP = 50;
export const SYSTEMS_CAP = 100;
/** A system whose last successful sync is older than this (or that never synced) has a stale sync. */
export const STALE_SYNC_HOURS = 48;

/**
 * access_stale_accounts. Over active accounts: days since last login in buckets 30–59, 60–89, 90+; never
 * logged in; stale = last login at least `staleAccountDays` ago, or never logged in and created at least that
 * long ago. Items: the stale accounts, never-logged-in first then oldest login, capped.
 */
export async function staleAccounts(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const { staleAccountDays } = await getSettings(db, orgId);
  const [c30, c60, c90, cut] = [30, 60, 90, staleAccountDays].map((d) => minusMs(asOf, d * DAY));
  const staleWhere = sql<boolean>`(a.last_login_at <= ${cut} or (a.last_login_at is null and a.created_at <= ${cut}))`;
  // Each figure is a range count on the (org, status, last_login_at) index, so no account row is read
  // except the never-logged-in ones (for their creation time).
  const active = sql`from gov_accounts a where a.org_id = ${orgId} and a.status = 'active'`;
  const counts = await sql<Record<string, number>>`select
      (select count(*) ${active}) as active,
      (select count(*) ${active} and a.last_login_at <= ${c30} and a.last_login_at > ${c60}) as b30,
      (select count(*) ${active} and a.last_login_at <= ${c60} and a.last_login_at > ${c90}) as b60,
      (select count(*) ${active} and a.last_login_at <= ${c90}) as b90,
      (select count(*) ${active} and a.last_login_at is null) as never,
      (select count(*) ${active} and a.last_login_at is null and a.created_at <= ${cut}) as never_stale,
      (select count(*) ${active} and a.last_login_at <= ${cut}) as stale_login`.execute(db);
  const first: Record<string, number> = counts.rows[0] ?? {};
  const c: Record<string, number> = { ...first, stale: num(first.stale_login) + num(first.never_stale) };
  const rows = await sql<{
    id: string;
    type: string;
    last_login_at: string | null;
    system_name: string;
    identity_id: string | null;
    display_name: string | null;
    department: string | null;
  }>`
    select a.id, a.type, a.last_login_at, s.name as system_name, a.identity_id, i.display_name, i.department
    from gov_accounts a
    join gov_systems s on s.id = a.system_id and s.org_id = a.org_id
    left join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
    where a.org_id = ${orgId} and a.status = 'active' and ${staleWhere}
    order by coalesce(a.last_login_at, '') asc, a.id asc limit ${STALE_ITEMS_CAP}`.execute(db);
  const items = rows.rows.map((r) => ({
    accountId: r.id,
    accountType: r.type,
    systemName: r.system_name,
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department,
    lastLoginAt: r.last_login_at,
    daysSinceLogin: r.last_login_at
      ? Math.floor((Date.parse(asOf) - Date.parse(r.last_login_at)) / DAY)
      : null,
  }));
  return {
    asOf,
    thresholdDays: staleAccountDays,
    activeAccounts: num(c.active),
    staleAccounts: num(c.stale),
    buckets: { '30-59': num(c.b30), '60-89': num(c.b60), '90+': num(c.b90) },
    neverLoggedIn: { total: num(c.never), stale: num(c.never_stale) },
    ...capped(items, num(c.stale)),
  };
}

/**
 * access_offboarding_violations. An active account correlated to a terminated identity whose termination is
 * more than `offboardingSlaHours` ago. hoursOverdue = whole hours past termination + SLA. Accounts holding an
 * active privileged grant come first, then the most overdue.
 */
export async function offboardingViolations(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const { offboardingSlaHours } = await getSettings(db, orgId);
  const deadline = minusMs(asOf, offboardingSlaHours * HOUR);
  // `+g.privileged` keeps the planner on the account index (a privileged-first index scan is far slower here).
  const privileged = sql<number>`case when exists (select 1 from gov_grants g where g.org_id = a.org_id
    and g.account_id = a.id and g.revoked_at is null and +g.privileged = 1) then 1 else 0 end`;
  const from = sql`from gov_accounts a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
    where a.org_id = ${orgId} and a.status = 'active' and i.status = 'terminated' and i.termination_date <= ${deadline}`;
  const counts = await sql<
    Record<string, number>
  >`select count(*) as accounts, count(distinct i.id) as identities,
    sum(${privileged}) as privileged ${from}`.execute(db);
  const rows = await sql<{
    id: string;
    identity_id: string;
    display_name: string;
    department: string | null;
    termination_date: string;
    system_name: string;
    privileged: number;
  }>`
    select a.id, i.id as identity_id, i.display_name, i.department, i.termination_date,
      (select s.name from gov_systems s where s.id = a.system_id and s.org_id = a.org_id) as system_name, ${privileged} as privileged
    ${from} order by 7 desc, i.termination_date asc, a.id asc limit ${OFFBOARDING_ITEMS_CAP}`.execute(db);
  const c = counts.rows[0] ?? {};
  const items = rows.rows.map((r) => ({
    accountId: r.id,
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department,
    systemName: r.system_name,
    terminatedAt: r.termination_date,
    hoursOverdue:
      Math.floor((Date.parse(asOf) - Date.parse(r.termination_date)) / HOUR) - offboardingSlaHours,
    privileged: num(r.privileged) === 1,
  }));
  return {
    asOf,
    slaHours: offboardingSlaHours,
    violatingAccounts: num(c.accounts),
    identities: num(c.identities),
    privilegedAccounts: num(c.privileged),
    ...capped(items, num(c.accounts)),
  };
}

/**
 * access_normalization_health. Per system over active accounts: correlation rate = human accounts with an
 * identity / human accounts; uncorrelated = human accounts without one; orphaned = service, shared or
 * break-glass accounts without an owning identity. Plus active identities missing department, title or
 * manager, and systems whose last sync is older than STALE_SYNC_HOURS.
 */
export async function normalizationHealth(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const syncCut = minusMs(asOf, STALE_SYNC_HOURS * HOUR);
  const systems = await sql<{
    id: string;
    name: string;
    criticality: string;
    last_sync_at: string | null;
    accounts: number;
    human: number;
    correlated: number;
    orphaned: number;
  }>`
    select s.id, s.name, s.criticality, s.last_sync_at, coalesce(c.accounts, 0) as accounts, c.human, c.correlated, c.orphaned
    from gov_systems s left join (
      -- Aggregated first, over the covering (org, system, status, type, identity) index.
      select system_id, count(*) as accounts, sum(case when type = 'human' then 1 else 0 end) as human,
        sum(case when type = 'human' and identity_id is not null then 1 else 0 end) as correlated,
        sum(case when type <> 'human' and identity_id is null then 1 else 0 end) as orphaned
      from gov_accounts where org_id = ${orgId} and status = 'active' group by system_id) c on c.system_id = s.id
    where s.org_id = ${orgId} order by s.name, s.id`.execute(db);
  const missing = await sql<Record<string, number>>`select count(*) as identities,
      sum(case when department is null or department = '' then 1 else 0 end) as department,
      sum(case when title is null or title = '' then 1 else 0 end) as title,
      sum(case when manager_id is null then 1 else 0 end) as manager,
      sum(case when department is null or department = '' or title is null or title = '' or manager_id is null then 1 else 0 end) as any_missing
    from gov_identities where org_id = ${orgId} and status <> 'terminated'`.execute(db);
  const totals = {
    accounts: 0,
    humanAccounts: 0,
    correlated: 0,
    uncorrelated: 0,
    orphaned: 0,
    correlationRate: 0,
  };
  let staleSyncs = 0;
  const items = systems.rows.map((s) => {
    const human = num(s.human);
    const correlated = num(s.correlated);
    const syncStale = s.last_sync_at === null || s.last_sync_at < syncCut;
    if (syncStale) staleSyncs += 1;
    totals.accounts += num(s.accounts);
    totals.humanAccounts += human;
    totals.correlated += correlated;
    totals.uncorrelated += human - correlated;
    totals.orphaned += num(s.orphaned);
    return {
      systemId: s.id,
      name: s.name,
      criticality: s.criticality,
      lastSyncAt: s.last_sync_at,
      syncStale,
      activeAccounts: num(s.accounts),
      humanAccounts: human,
      correlationRate: pct(correlated, human),
      uncorrelated: human - correlated,
      orphaned: num(s.orphaned),
    };
  });
  totals.correlationRate = pct(totals.correlated, totals.humanAccounts);
  const m = missing.rows[0] ?? {};
  return {
    asOf,
    staleSyncHours: STALE_SYNC_HOURS,
    totalAccounts: totals.accounts,
    correlatedAccounts: totals.correlated,
    uncorrelatedAccounts: totals.uncorrelated,
    correlationRate: totals.correlationRate,
    totals,
    staleSyncs,
    identitiesMissingAttributes: {
      activeIdentities: num(m.identities),
      department: num(m.department),
      title: num(m.title),
      manager: num(m.manager),
      any: num(m.any_missing),
    },
    systems: items.slice(0, SYSTEMS_CAP),
    systemsTotal: items.length,
    systemsTruncated: items.length > SYSTEMS_CAP,
  };
}
