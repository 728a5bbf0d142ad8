// SQL over grants for access_privileged_delta and access_high_risk_lifecycle.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { dayOf, dayStart, type StoredDays } from '../common.ts';

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

/**
 * Privileged grants granted, and those revoked, in (from, to] (posture_summary's pair): a single-row select
 * (granted, revoked), each count countPrivilegedChanges' own query.
 */
export const privilegedGrantedAndRevoked = (orgId: string, from: string, to: string) => {
  const count = (column: 'granted_at' | 'revoked_at') =>
    sql`(select count(*) from gov_grants g where ${changedIn(orgId, column, from, to).where})`;
  return sql`select ${count('granted_at')} as granted, ${count('revoked_at')} as revoked`;
};

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
const ON_ENABLED_ACCOUNT = sql`g.account_disabled = 0`;

/**
 * `from gov_grants g` for counts over high-risk grants on enabled accounts. SQLite's planner prefers the
 * all-accounts covering index (two equality columns) and then reads every row for account_disabled: 54 ms
 * against 4.5 ms on the enabled accounts' covering partial index at 100,000 identities, so it is named there.
 */
const enabledHighRiskGrants = (db: Kysely<Database>, index = 'gov_grants_high_risk_enabled_idx') =>
  dialectOf(db) === 'sqlite' ? sql`gov_grants g indexed by ${sql.raw(index)}` : sql`gov_grants g`;

export interface LifecycleCuts {
  d30: string;
  d90: string;
  d365: string;
  /** Joiners were hired, movers changed department, after this time. */
  recent: string;
}

/**
 * Stores the holders of high-risk grants on enabled accounts with their identity's stage attributes
 * (gov_high_risk_holders); called with the posture snapshot.
 */
export async function refreshHighRiskHolders(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_high_risk_holders').where('org_id', '=', orgId).execute();
  await sql`insert into gov_high_risk_holders (org_id, identity_id, status, hire_date, department_changed_at, grants)
    select ${orgId}, i.id, i.status, i.hire_date, i.department_changed_at, c.n
    from (select g.identity_id, count(*) as n from gov_grants g
      where g.org_id = ${orgId} and ${HIGH_RISK} and g.account_disabled = 0 group by g.identity_id) c
    left join gov_identities i on i.id = c.identity_id and i.org_id = ${orgId}`.execute(db);
}

/**
 * High-risk grants on enabled accounts per holder stage, except steady (the caller's total minus the others):
 * from gov_high_risk_holders, each stage a small index range (joiners and movers are only the last 90 days).
 */
export async function highRiskStages(db: Kysely<Database>, orgId: string, recent: string) {
  const h = sql`from gov_high_risk_holders h where h.org_id = ${orgId}`;
  const counts = await sql<Record<string, number>>`select
      (select sum(grants) ${h} and h.status is null) as unowned,
      (select sum(grants) ${h} and h.status = 'terminated') as leaver,
      (select sum(grants) ${h} and h.status = 'leave') as leave,
      (select sum(grants) ${h} and h.status = 'active' and h.hire_date > ${recent}) as joiner,
      (select sum(grants) ${h} and h.status = 'active' and h.department_changed_at > ${recent}
        and (h.hire_date is null or h.hire_date <= ${recent})) as mover`.execute(db);
  const c = counts.rows[0] ?? {};
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Number(v ?? 0)]));
}

const HIGH_RISK_FIELDS = {
  granted: 'granted_at',
  used: 'last_used_at',
  reviewed: 'last_reviewed_at',
} as const;
/** The partial index ordered by each field (a bound's own day is a range of it). */
const DAY_INDEX = {
  granted: 'gov_grants_high_risk_enabled_idx',
  used: 'gov_grants_high_risk_last_used_at_idx',
  reviewed: 'gov_grants_high_risk_last_reviewed_at_idx',
} as const;

/**
 * Stores the high-risk grants on enabled accounts per UTC day of grant, last use and last review in
 * gov_high_risk_days; called with the posture snapshot.
 */
export async function refreshHighRiskDays(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_high_risk_days').where('org_id', '=', orgId).execute();
  for (const [field, column] of Object.entries(HIGH_RISK_FIELDS)) {
    const col = sql.ref(`g.${column}`);
    await sql`insert into gov_high_risk_days (org_id, field, day, grants)
      select ${orgId}, ${field}, substr(${col}, 1, 10), count(*) from ${enabledHighRiskGrants(db)}
      where g.org_id = ${orgId} and ${HIGH_RISK} and ${ON_ENABLED_ACCOUNT} and ${col} is not null
      group by substr(${col}, 1, 10)`.execute(db);
  }
}

/** The bucket bounds as (column alias, field, cut). */
const BOUNDS = [
  ['g30', 'granted', 'd30'],
  ['g90', 'granted', 'd90'],
  ['g365', 'granted', 'd365'],
  ['u30', 'used', 'd30'],
  ['u90', 'used', 'd90'],
  ['r90', 'reviewed', 'd90'],
  ['r365', 'reviewed', 'd365'],
] as const;
const TOTALS = [
  ['n', 'granted'],
  ['used', 'used'],
  ['reviewed', 'reviewed'],
] as const;

const asNumbers = (row: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));

type HighRiskField = keyof typeof HIGH_RISK_FIELDS;

/** High-risk grants on enabled accounts with a time `field`, from the stored days. */
const storedTotal = (orgId: string, field: HighRiskField) =>
  sql`(select coalesce(sum(grants), 0) from gov_high_risk_days where org_id = ${orgId} and field = ${field})`;

/** Those whose `field` is on a day before t's, from the stored days. */
const storedDaysBefore = (orgId: string, field: HighRiskField, t: string) =>
  sql`(select coalesce(sum(grants), 0) from gov_high_risk_days
      where org_id = ${orgId} and field = ${field} and day < ${dayOf(t)})`;

/** Those whose `field` is on t's own day, at or before t, counted on the field's partial index. */
const ownDayUpTo = (db: Kysely<Database>, orgId: string, field: HighRiskField, t: string) => {
  const col = sql.ref(`g.${HIGH_RISK_FIELDS[field]}`);
  return sql`(select count(*) from ${enabledHighRiskGrants(db, DAY_INDEX[field])}
        where g.org_id = ${orgId} and ${HIGH_RISK} and ${ON_ENABLED_ACCOUNT} and ${col} >= ${dayStart(t)} and ${col} <= ${t})`;
};

/**
 * High-risk grants on enabled accounts unused since `d90` or never used (access_high_risk_lifecycle's total,
 * highRiskBuckets' `unused`: never used, plus used at or before d90), in two parts added by the caller: the
 * stored days' sums through `storedDays` (the same all day long), and d90's own day as a single-row select (n),
 * which posture_summary reads with its other counts (counting the grants themselves cost it 0.22 ms a call on
 * SQLite at 10,000 identities).
 */
export function unusedHighRiskParts(
  db: Kysely<Database>,
  orgId: string,
  d90: string,
  storedDays: StoredDays,
): { stored: Promise<number>; own: RawBuilder<unknown> } {
  const stored = storedDays(JSON.stringify(['unusedHighRisk', dayOf(d90)]), async () => {
    const result = await sql<{ n: number | string }>`select ${storedTotal(orgId, 'granted')}
      - ${storedTotal(orgId, 'used')} + ${storedDaysBefore(orgId, 'used', d90)} as n`.execute(db);
    return Number(result.rows[0]!.n);
  });
  return { stored, own: sql`select ${ownDayUpTo(db, orgId, 'used', d90)} as n` };
}

/**
 * The age, last-use and last-review buckets over high-risk grants on enabled accounts, from the stored days:
 * with at(f, t) = grants whose time f is at or before t (the days before
 * t's day summed, t's own day counted on the field's partial index), every bucket is a difference of them. With
 * `storedDays` the days' sums (the bulk of the work, and the same all day long) are read through it and the own
 * days apart; without, everything in one query.
 */
export async function highRiskBuckets(
  db: Kysely<Database>,
  orgId: string,
  c: LifecycleCuts,
  storedDays?: StoredDays,
) {
  const total = (field: HighRiskField) => storedTotal(orgId, field);
  const daysBefore = (field: HighRiskField, t: string) => storedDaysBefore(orgId, field, t);
  const ownDay = (field: HighRiskField, t: string) => ownDayUpTo(db, orgId, field, t);
  const totals = TOTALS.map(([alias, field]) => sql`${total(field)} as ${sql.ref(alias)}`);
  let r: Record<string, number>;
  if (!storedDays) {
    const at = BOUNDS.map(
      ([alias, field, cut]) =>
        sql`(${daysBefore(field, c[cut])} + ${ownDay(field, c[cut])}) as ${sql.ref(alias)}`,
    );
    const result = await sql<Record<string, number | string>>`select ${sql.join([...totals, ...at])}`.execute(
      db,
    );
    r = asNumbers(result.rows[0]!);
  } else {
    const key = JSON.stringify(['highRiskBuckets', dayOf(c.d30), dayOf(c.d90), dayOf(c.d365)]);
    const [stored, own] = await Promise.all([
      storedDays(key, async () => {
        const before = BOUNDS.map(
          ([alias, field, cut]) => sql`${daysBefore(field, c[cut])} as ${sql.ref(alias)}`,
        );
        const result = await sql<
          Record<string, number | string>
        >`select ${sql.join([...totals, ...before])}`.execute(db);
        return asNumbers(result.rows[0]!);
      }),
      sql<Record<string, number | string>>`select ${sql.join(
        BOUNDS.map(([alias, field, cut]) => sql`${ownDay(field, c[cut])} as ${sql.ref(alias)}`),
      )}`.execute(db),
    ]);
    const ownDays = asNumbers(own.rows[0]!);
    r = { ...stored };
    for (const [alias] of BOUNDS) r[alias] = stored[alias]! + ownDays[alias]!;
  }
  const n = r.n!;
  const never = n - r.used!;
  return {
    n,
    age_lt30: n - r.g30!,
    age_30_89: r.g30! - r.g90!,
    age_90_364: r.g90! - r.g365!,
    age_365: r.g365!,
    use_lt30: r.used! - r.u30!,
    use_30_89: r.u30! - r.u90!,
    use_90: r.u90!,
    use_never: never,
    rev_lt90: r.reviewed! - r.r90!,
    rev_90_364: r.r90! - r.r365!,
    rev_365_never: n - r.reviewed! + r.r365!,
    unused: never + r.u90!,
  };
}

/** High-risk grants on disabled accounts (reported apart from the lifecycle counts). */
export async function countHighRiskOnDisabledAccounts(db: Kysely<Database>, orgId: string): Promise<number> {
  const count = await sql<{ n: number }>`select count(*) as n from gov_grants g
    where g.org_id = ${orgId} and g.account_disabled = 1 and ${HIGH_RISK}`.execute(db);
  return Number(count.rows[0]?.n ?? 0);
}

/** High-risk grants on enabled accounts (access_high_risk_lifecycle's highRiskGrants). */
export async function countHighRiskOnEnabledAccounts(db: Kysely<Database>, orgId: string): Promise<number> {
  const count = await sql<{ n: number }>`select count(*) as n from gov_grants g
    where g.org_id = ${orgId} and ${HIGH_RISK} and ${ON_ENABLED_ACCOUNT}`.execute(db);
  return Number(count.rows[0]?.n ?? 0);
}

/** The oldest `limit` high-risk grants on enabled accounts unused since `d90` or never used. */
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
      and ${ON_ENABLED_ACCOUNT}
    order by g.granted_at asc, g.id asc limit ${limit}`.execute(db);
  return rows.rows;
}

/** Disabled accounts still carrying active grants: accounts and grants. */
export async function countDisabledWithGrants(db: Kysely<Database>, orgId: string) {
  const counts = await sql<{
    accounts: number;
    grants: number;
  }>`select count(distinct g.account_id) as accounts,
      count(*) as grants
    from gov_grants g where g.org_id = ${orgId} and g.revoked_at is null and g.account_disabled = 1`.execute(
    db,
  );
  return counts.rows[0] ?? { accounts: 0, grants: 0 };
}

/** The first `limit` of them, earliest disabled first, with their active grant count. */
/** Disabled accounts still carrying active grants, with their grant count (a few thousand: key probes each). */
const disabledWithGrants = (orgId: string) => sql`select g.account_id, g.grants,
    (select a.identity_id from gov_accounts a where a.id = g.account_id and a.org_id = ${orgId}) as identity_id,
    (select a.disabled_at from gov_accounts a where a.id = g.account_id and a.org_id = ${orgId}) as disabled_at
  from (select account_id, count(*) as grants from gov_grants where org_id = ${orgId} and revoked_at is null
    and account_disabled = 1 group by account_id) g`;

/** Stores them in gov_disabled_accounts; called with the posture snapshot. */
export async function refreshDisabledAccounts(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_disabled_accounts').where('org_id', '=', orgId).execute();
  await sql`insert into gov_disabled_accounts (org_id, account_id, grants, identity_id, disabled_at)
    select ${orgId}, d.* from (${disabledWithGrants(orgId)}) d`.execute(db);
}

/**
 * The first `limit` of them, earliest disabled first, from the stored ones. Names are looked up for those rows
 * only.
 */
export async function listDisabledWithGrants(db: Kysely<Database>, orgId: string, limit: number) {
  const source = sql`select account_id, grants, identity_id, disabled_at from gov_disabled_accounts where org_id = ${orgId}`;
  const rows = await sql<{
    id: string;
    system_name: string;
    identity_id: string | null;
    display_name: string | null;
    disabled_at: string | null;
    grants: number;
  }>`select x.account_id as id, (select s.name from gov_accounts a join gov_systems s on s.id = a.system_id and s.org_id = a.org_id
        where a.id = x.account_id and a.org_id = ${orgId}) as system_name,
      x.identity_id, (select i.display_name from gov_identities i where i.id = x.identity_id and i.org_id = ${orgId}) as display_name,
      x.disabled_at, x.grants
    from (select * from (${source}) d order by d.disabled_at asc, d.account_id asc limit ${limit}) x
    -- Key probes per disabled account: PostgreSQL misjudges the partial index's group count and hashed every
    -- account of the organisation for a join (94 ms at 100k).
    order by x.disabled_at asc, x.account_id asc`.execute(db);
  return rows.rows;
}

/** Identities on leave, and their active accounts used after the leave began (a login during leave). */
export async function countLeave(db: Kysely<Database>, orgId: string) {
  const counts = await sql<Record<string, number>>`select
      (select count(*) from gov_identities where org_id = ${orgId} and status = 'leave') as identities,
      count(a.id) as accounts, count(distinct i.id) as used
    from gov_identities i join gov_accounts a on a.org_id = i.org_id and a.identity_id = i.id
    where i.org_id = ${orgId} and i.status = 'leave' and i.leave_started_at is not null
      and a.last_login_at > i.leave_started_at`.execute(db);
  return counts.rows[0] ?? {};
}

/** Accounts of identities on leave used after the leave began (time-independent: stored with the posture snapshot). */
const leaveLogins = (
  orgId: string,
) => sql`select a.id as account_id, i.id as identity_id, i.leave_started_at, a.last_login_at
  from gov_identities i join gov_accounts a on a.org_id = i.org_id and a.identity_id = i.id
  where i.org_id = ${orgId} and i.status = 'leave' and i.leave_started_at is not null
    and a.last_login_at > i.leave_started_at`;

/** Stores them in gov_leave_logins; called with the posture snapshot. */
export async function refreshLeaveLogins(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_leave_logins').where('org_id', '=', orgId).execute();
  await sql`insert into gov_leave_logins (org_id, account_id, identity_id, leave_started_at, last_login_at)
    select ${orgId}, l.* from (${leaveLogins(orgId)}) l`.execute(db);
}

/** The latest `limit` of them (latest login first), from the stored ones. */
export async function listLeaveLogins(db: Kysely<Database>, orgId: string, limit: number) {
  const source = sql`select account_id, identity_id, leave_started_at, last_login_at from gov_leave_logins where org_id = ${orgId}`;
  const rows = await sql<{
    id: string;
    identity_id: string;
    display_name: string;
    leave_started_at: string;
    last_login_at: string;
    system_name: string;
  }>`select a.id, l.identity_id, i.display_name, l.leave_started_at, l.last_login_at, s.name as system_name
    from (select * from (${source}) x order by x.last_login_at desc, x.account_id asc limit ${limit}) l
    join gov_accounts a on a.id = l.account_id and a.org_id = ${orgId}
    join gov_identities i on i.id = l.identity_id and i.org_id = ${orgId}
    join gov_systems s on s.id = a.system_id and s.org_id = a.org_id
    order by l.last_login_at desc, a.id asc`.execute(db);
  return rows.rows;
}
