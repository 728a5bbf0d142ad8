// SQL over accounts and identities for the account tools (stale accounts, offboarding, normalization health).
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { dayOf, dayStart, type StoredDays } from '../common.ts';

export interface StaleCuts {
  c30: string;
  c60: string;
  c90: string;
  /** Stale: last login (or, never logged in, creation) at or before this time. */
  cut: string;
}

/**
 * Stores the organisation's active accounts per day of last login (never logged in: per day of creation), owning
 * identity's department and whether one owns them, in gov_activity_days; called with the posture snapshot.
 */
export async function refreshActivityDays(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_activity_days').where('org_id', '=', orgId).execute();
  await sql`insert into gov_activity_days (org_id, kind, day, department, attributed, accounts)
    select ${orgId}, kind, day, department, attributed, count(*) from (
      select case when a.last_login_at is null then 'created' else 'login' end as kind,
        substr(coalesce(a.last_login_at, a.created_at), 1, 10) as day, coalesce(i.department, '') as department,
        case when a.identity_id is null then 0 else 1 end as attributed
      from gov_accounts a left join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
      where a.org_id = ${orgId} and a.status = 'active') x
    group by kind, day, department, attributed`.execute(db);
}

/**
 * Active accounts whose last login (`login`), or never logged in, whose creation (`created`), is at or before
 * `t`: the whole days before t's from the stored days (storedDaysUpTo), t's own day from the (org, status,
 * last_login_at) index (ownDayUpTo).
 */
const storedDaysUpTo = (orgId: string, kind: 'login' | 'created', t: string) =>
  sql`(select coalesce(sum(d.accounts), 0) from gov_activity_days d
      where d.org_id = ${orgId} and d.kind = ${kind} and d.day < ${dayOf(t)})`;

const ownDayUpTo = (orgId: string, kind: 'login' | 'created', t: string) => {
  const lastDay =
    kind === 'login'
      ? sql`a.last_login_at >= ${dayStart(t)} and a.last_login_at <= ${t}`
      : sql`a.last_login_at is null and a.created_at >= ${dayStart(t)} and a.created_at <= ${t}`;
  return sql`(select count(*) from gov_accounts a where a.org_id = ${orgId} and a.status = 'active' and ${lastDay})`;
};

/**
 * Active accounts by days since last login: differences of "at or before" counts over the stored activity days
 * (the whole days before each cut's, the same all day long and rewritten only with the posture snapshot, so read
 * through `storedDays`, kept under its stamp) and the cuts' own days from the (org, status, last_login_at) index,
 * counted on every call. The stored sums were most of the tool's cost (BENCHMARKS.md, "Tool server").
 */
export async function countLoginBuckets(
  db: Kysely<Database>,
  orgId: string,
  c: StaleCuts,
  storedDays: StoredDays,
): Promise<Record<string, number>> {
  const key = JSON.stringify(['loginBuckets', ...[c.c30, c.c60, c.c90, c.cut].map(dayOf)]);
  const [d, o] = await Promise.all([
    storedDays(key, () => storedLoginSums(db, orgId, c)),
    numbers(
      sql<Record<string, number | string>>`select ${ownDayUpTo(orgId, 'login', c.c30)} as o30,
        ${ownDayUpTo(orgId, 'login', c.c60)} as o60, ${ownDayUpTo(orgId, 'login', c.c90)} as o90,
        ${ownDayUpTo(orgId, 'login', c.cut)} as o_login, ${ownDayUpTo(orgId, 'created', c.cut)} as o_created`.execute(
        db,
      ),
    ),
  ]);
  const [f30, f60, f90] = [d.d30! + o.o30!, d.d60! + o.o60!, d.d90! + o.o90!];
  return {
    active: d.logged_in! + d.never!,
    b30: f30 - f60,
    b60: f60 - f90,
    b90: f90,
    never: d.never!,
    never_stale: d.d_created! + o.o_created!,
    stale_login: d.d_login! + o.o_login!,
  };
}

/** The single row of a statement as numbers (PostgreSQL answers sums as strings). */
async function numbers(rows: Promise<{ rows: Record<string, number | string>[] }>) {
  const row = (await rows).rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
}

/** countLoginBuckets' sums over the stored days, each up to (not including) a cut's day. */
function storedLoginSums(db: Kysely<Database>, orgId: string, c: StaleCuts) {
  // PostgreSQL: one pass over the organisation's days, conditional sums. SQLite: a range of the covering
  // (org, kind, day, …) index per sum, which costs it less than the pass (0.64–0.73 against 0.81–0.95 ms a call).
  const onePass = dialectOf(db) === 'postgres';
  const sum = (kind: 'login' | 'created', before?: string) => {
    const day = before === undefined ? sql`` : sql` and day < ${dayOf(before)}`;
    return onePass
      ? sql`coalesce(sum(case when kind = ${kind}${day} then accounts else 0 end), 0)`
      : sql`(select coalesce(sum(accounts), 0) from gov_activity_days where org_id = ${orgId} and kind = ${kind}${day})`;
  };
  return numbers(
    sql<Record<string, number | string>>`select ${sum('login')} as logged_in, ${sum('created')} as never,
      ${sum('login', c.c30)} as d30, ${sum('login', c.c60)} as d60, ${sum('login', c.c90)} as d90,
      ${sum('login', c.cut)} as d_login, ${sum('created', c.cut)} as d_created${
        onePass ? sql` from gov_activity_days where org_id = ${orgId}` : sql``
      }`.execute(db),
  );
}

/**
 * Stale active accounts (access_stale_accounts' staleAccounts: stale_login + never_stale above) are these two
 * parts' sum (posture_summary's figure). The whole days before the cut's, summed from the stored activity days
 * (the same all day long) through `storedDays`:
 */
export const staleStoredDays = (db: Kysely<Database>, orgId: string, cut: string, storedDays: StoredDays) =>
  storedDays(JSON.stringify(['staleStoredDays', dayOf(cut)]), async () => {
    const result = await sql<{
      n: number;
    }>`select ${storedDaysUpTo(orgId, 'login', cut)} + ${storedDaysUpTo(orgId, 'created', cut)} as n`.execute(
      db,
    );
    return Number(result.rows[0]?.n ?? 0);
  });

/** And the cut's own day, account by account: a single-row select (n). */
export const staleOwnDay = (orgId: string, cut: string) =>
  sql`select ${ownDayUpTo(orgId, 'login', cut)} + ${ownDayUpTo(orgId, 'created', cut)} as n`;

/**
 * The first `limit` stale active accounts, never-logged-in first (by id), then oldest login: each part is taken
 * from its own index range before systems and identities are joined.
 */
export async function listStaleAccounts(db: Kysely<Database>, orgId: string, cut: string, limit: number) {
  const result = await sql<{
    id: string;
    type: string;
    last_login_at: string | null;
    system_name: string;
    identity_id: string | null;
    display_name: string | null;
    department: string | null;
  }>`
    select a.id, a.type, a.last_login_at, s.name as system_name, a.identity_id, i.display_name, i.department
    from (select * from (select a.id from gov_accounts a where a.org_id = ${orgId} and a.status = 'active'
          and a.last_login_at is null and a.created_at <= ${cut} order by a.id limit ${limit}) never
        union all
        select * from (select a.id from gov_accounts a where a.org_id = ${orgId} and a.status = 'active'
          and a.last_login_at <= ${cut} order by a.last_login_at, a.id limit ${limit}) logged) picked
    join gov_accounts a on a.id = picked.id and a.org_id = ${orgId}
    join gov_systems s on s.id = a.system_id and s.org_id = a.org_id
    left join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
    order by coalesce(a.last_login_at, '') asc, a.id asc limit ${limit}`.execute(db);
  return result.rows;
}

// `+g.privileged` keeps the planner on the account index (a privileged-first index scan is far slower here).
const holdsPrivileged = sql<number>`case when exists (select 1 from gov_grants g where g.org_id = a.org_id
    and g.account_id = a.id and g.revoked_at is null and +g.privileged = 1) then 1 else 0 end`;
/**
 * Stores the organisation's offboarding candidates (active accounts of terminated identities, with the
 * termination time, privileged flag and the leaver's department) in gov_offboarding_accounts; called with the posture snapshot, so a
 * call only takes the range terminated at or before its deadline.
 */
export async function refreshOffboardingAccounts(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_offboarding_accounts').where('org_id', '=', orgId).execute();
  await sql`insert into gov_offboarding_accounts (org_id, account_id, identity_id, termination_date, privileged, department)
    select ${orgId}, a.id, i.id, i.termination_date, ${holdsPrivileged}, coalesce(i.department, '')
    from gov_accounts a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
    where a.org_id = ${orgId} and a.status = 'active' and i.status = 'terminated'
      and i.termination_date is not null`.execute(db);
}

/**
 * Active accounts of identities terminated at or before `deadline`: accounts, identities, privileged accounts,
 * from the stored candidates.
 */
export async function countOffboarding(db: Kysely<Database>, orgId: string, deadline: string) {
  const counts = await sql<Record<string, number>>`${offboardingCounts(orgId, deadline)}`.execute(db);
  return counts.rows[0] ?? {};
}

/** countOffboarding's single-row select (accounts, identities, privileged). */
export const offboardingCounts = (orgId: string, deadline: string) => sql`select count(*) as accounts,
    count(distinct identity_id) as identities, sum(privileged) as privileged from gov_offboarding_accounts
    where org_id = ${orgId} and termination_date <= ${deadline}`;

/**
 * The first `limit` of them, privileged first, then earliest termination: picked from the stored candidates
 * alone, then joined to their accounts.
 */
export async function listOffboarding(db: Kysely<Database>, orgId: string, deadline: string, limit: number) {
  const result = await sql<{
    id: string;
    identity_id: string;
    display_name: string;
    department: string | null;
    termination_date: string;
    system_name: string;
    privileged: number;
  }>`
    select a.id, i.id as identity_id, i.display_name, i.department, i.termination_date,
      (select s.name from gov_systems s where s.id = a.system_id and s.org_id = a.org_id) as system_name,
      o.privileged as privileged
    from (select account_id, identity_id, privileged from gov_offboarding_accounts
        where org_id = ${orgId} and termination_date <= ${deadline}
        order by privileged desc, termination_date asc, account_id asc limit ${limit}) o
      join gov_accounts a on a.id = o.account_id and a.org_id = ${orgId}
      join gov_identities i on i.id = o.identity_id and i.org_id = ${orgId}
    order by 7 desc, i.termination_date asc, a.id asc limit ${limit}`.execute(db);
  return result.rows;
}

/** Per system over its active accounts: all, human ones, correlated human ones, non-human ones without an owner. */
const systemCountsQuery = (orgId: string) => sql`select system_id, count(*) as accounts,
    sum(case when type = 'human' then 1 else 0 end) as human,
    sum(case when type = 'human' and identity_id is not null then 1 else 0 end) as correlated,
    sum(case when type <> 'human' and identity_id is null then 1 else 0 end) as orphaned
  from gov_accounts where org_id = ${orgId} and status = 'active' group by system_id`;

/** Stores the per-system counts in gov_system_counts; called with the posture snapshot. */
export async function refreshSystemCounts(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_system_counts').where('org_id', '=', orgId).execute();
  await sql`insert into gov_system_counts (org_id, system_id, accounts, human, correlated, orphaned)
    select ${orgId}, c.* from (${systemCountsQuery(orgId)}) c`.execute(db);
}

/**
 * Every system with its active accounts, human ones, correlated human ones, and non-human ones without an owner,
 * from the stored counts (a system without active accounts has none stored: zeros).
 */
export async function systemAccountCounts(db: Kysely<Database>, orgId: string) {
  const counts = sql`select system_id, accounts, human, correlated, orphaned from gov_system_counts where org_id = ${orgId}`;
  const result = await sql<{
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
    from gov_systems s left join (${counts}) c on c.system_id = s.id
    where s.org_id = ${orgId} order by s.name, s.id`.execute(db);
  return result.rows;
}

/**
 * Active (not terminated) identities and how many miss a department, a title or a manager; a department
 * head has no manager by design and is not counted as missing one.
 */
export async function countMissingAttributes(db: Kysely<Database>, orgId: string) {
  const noManager = sql`(manager_id is null and department_head = 0)`;
  const missing = await sql<Record<string, number>>`select count(*) as identities,
      sum(case when department is null or department = '' then 1 else 0 end) as department,
      sum(case when title is null or title = '' then 1 else 0 end) as title,
      sum(case when ${noManager} then 1 else 0 end) as manager,
      sum(case when department is null or department = '' or title is null or title = '' or ${noManager} then 1 else 0 end) as any_missing,
      sum(department_head) as heads
    from gov_identities where org_id = ${orgId} and status <> 'terminated'`.execute(db);
  return missing.rows[0] ?? {};
}
