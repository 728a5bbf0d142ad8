import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../connect.ts';

// Frozen: the governance tools read their figures from the derived tables alone (docs/governance-tools.md,
// "Derived tables"); they no longer count from the base tables when an organisation has no posture snapshot.
// Organisations with governance data but no snapshot (their snapshot was dropped by 2026-11-24-10 and nothing
// was imported since) get every derived table rebuilt here, by the queries refreshDerived ran on this day, so
// they answer as they did. The domain's refresh cannot be called from a migration (db/ sits below governance/),
// and a migration must keep doing what it did when written, so the queries are copied.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const MIN_PEER_GROUP = 5;
const RARE_DIVISOR = 5;
const CONCENTRATION_FACTOR = 2;
const REVIEW_DUE_DAYS = 365;
const HIGH_RISK = sql`g.revoked_at is null and (g.privileged = 1 or g.risk_level in ('high', 'critical'))`;

const epochSeconds = (db: Db, value: RawBuilder<unknown>) =>
  dialectOf(db) === 'postgres'
    ? sql`extract(epoch from cast(${value} as timestamptz))`
    : sql`((julianday(${value}) - 2440587.5) * 86400.0)`;

const enabledHighRiskGrants = (db: Db, index = 'gov_grants_high_risk_enabled_idx') =>
  dialectOf(db) === 'sqlite' ? sql`gov_grants g indexed by ${sql.raw(index)}` : sql`gov_grants g`;

async function accessSummaries(db: Db, orgId: string) {
  await db.deleteFrom('gov_sod_violations').where('org_id', '=', orgId).execute();
  await sql`insert into gov_sod_violations (org_id, rule_id, identity_id)
    select ${orgId}, v.rule_id, v.identity_id from (select distinct r.id as rule_id, ga.identity_id
      from gov_sod_rules r
      join gov_grants ga on ga.org_id = r.org_id and ga.entitlement_id = r.entitlement_a_id and ga.revoked_at is null
      join gov_grants gb on gb.org_id = r.org_id and gb.entitlement_id = r.entitlement_b_id and gb.revoked_at is null
        and gb.identity_id = ga.identity_id
      where r.org_id = ${orgId} and ga.identity_id is not null) v`.execute(db);
  await sql`update gov_sod_violations set via_owned_account = 1 where org_id = ${orgId} and exists (
      select 1 from gov_sod_rules r join gov_grants g on g.org_id = r.org_id and g.revoked_at is null
        and g.identity_id = gov_sod_violations.identity_id and g.entitlement_id in (r.entitlement_a_id, r.entitlement_b_id)
      join gov_accounts a on a.id = g.account_id and a.org_id = g.org_id and a.type <> 'human'
      where r.org_id = ${orgId} and r.id = gov_sod_violations.rule_id)`.execute(db);
  await sql`update gov_sod_violations set department = coalesce((select i.department from gov_identities i
      where i.id = gov_sod_violations.identity_id and i.org_id = ${orgId}), '')
    where org_id = ${orgId}`.execute(db);
  await db.deleteFrom('gov_identity_access').where('org_id', '=', orgId).execute();
  await db.deleteFrom('gov_peer_groups').where('org_id', '=', orgId).execute();
  await sql`insert into gov_peer_groups (org_id, department, title, size)
    select ${orgId}, coalesce(department, ''), coalesce(title, ''), count(*) from gov_identities
    where org_id = ${orgId} and status <> 'terminated' group by coalesce(department, ''), coalesce(title, '')`.execute(
    db,
  );
  await sql`with c as (select identity_id, count(*) as n, sum(privileged) as p from gov_grants
      where org_id = ${orgId} and revoked_at is null and identity_id is not null group by identity_id),
    h as (select distinct g.identity_id, g.entitlement_id, i.department, i.title
      from gov_grants g join gov_identities i on i.id = g.identity_id and i.org_id = g.org_id
      where g.org_id = ${orgId} and g.revoked_at is null and i.status <> 'terminated'
        and i.department is not null and i.department <> '' and i.title is not null and i.title <> ''),
    ec as (select department, title, entitlement_id, count(*) as holders from h group by department, title, entitlement_id),
    rare as (select h.identity_id, count(*) as n from h
      join gov_peer_groups gs on gs.org_id = ${orgId} and gs.department = h.department and gs.title = h.title
      join ec on ec.department = h.department and ec.title = h.title and ec.entitlement_id = h.entitlement_id
      where gs.size >= ${MIN_PEER_GROUP} and ec.holders * ${RARE_DIVISOR} <= gs.size group by h.identity_id)
    insert into gov_identity_access (org_id, identity_id, department, title, grants, privileged, rare)
    select ${orgId}, c.identity_id, coalesce(i.department, ''), coalesce(i.title, ''), c.n, c.p, coalesce(rare.n, 0)
    from c join gov_identities i on i.id = c.identity_id and i.org_id = ${orgId}
    left join rare on rare.identity_id = c.identity_id
    where i.status <> 'terminated'`.execute(db);
  await sql`update gov_identity_access set mean_grants = d.mean_n, mean_privileged = d.mean_p, members = d.members,
      outlier = case when d.members >= ${MIN_PEER_GROUP}
        and gov_identity_access.grants >= ${CONCENTRATION_FACTOR} * d.mean_n then 1 else 0 end,
      priv_outlier = case when d.members >= ${MIN_PEER_GROUP} and gov_identity_access.privileged > 0
        and gov_identity_access.privileged >= ${CONCENTRATION_FACTOR} * d.mean_p then 1 else 0 end
    from (select department, avg(grants * 1.0) as mean_n, avg(privileged * 1.0) as mean_p, count(*) as members
      from gov_identity_access where org_id = ${orgId} group by department) d
    where gov_identity_access.org_id = ${orgId} and gov_identity_access.department = d.department`.execute(
    db,
  );
}

async function reviewerChain(db: Db, orgId: string) {
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

/** The debt kinds as they were: [name, from … where, opened, closed, severity]. */
function debtKinds(db: Db, orgId: string, slaHours: number, staleDays: number) {
  const epoch = (col: string) => epochSeconds(db, sql.ref(col));
  const lastActivity = sql`coalesce(a.last_login_at, a.created_at)`;
  return [
    [
      'offboarding_miss',
      sql`gov_accounts a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
        where a.org_id = ${orgId} and i.status = 'terminated' and i.termination_date is not null
        and (a.disabled_at is null or ${epoch('a.disabled_at')} - ${epoch('i.termination_date')} > ${slaHours * 3600})`,
      sql.ref('i.termination_date'),
      sql.ref('a.disabled_at'),
      sql`'high'`,
    ],
    [
      'overdue_review_remediation',
      sql`gov_review_items ri where ri.org_id = ${orgId} and ri.decision in ('revoke', 'modify')
        and ri.remediation_due_at is not null and (ri.remediated_at is null or ri.remediated_at > ri.remediation_due_at)`,
      sql.ref('ri.remediation_due_at'),
      sql.ref('ri.remediated_at'),
      sql`case when ri.privileged = 1 then 'high' else 'medium' end`,
    ],
    [
      'expired_grant',
      sql`gov_grants g where g.org_id = ${orgId} and g.expires_at is not null
        and (g.revoked_at is null or g.revoked_at > g.expires_at)`,
      sql.ref('g.expires_at'),
      sql.ref('g.revoked_at'),
      sql`case when g.privileged = 1 then 'critical' else 'low' end`,
    ],
    [
      'sod_conflict',
      sql`(select r.severity, case when x0.a > x0.b then x0.a else x0.b end as opened, x0.closed from (
          select v.rule_id, cast(null as text) as closed,
            (select min(g.granted_at) from gov_grants g join gov_sod_rules r2 on r2.id = v.rule_id and r2.org_id = g.org_id
              where g.org_id = v.org_id and g.entitlement_id = r2.entitlement_a_id and g.revoked_at is null
                and g.identity_id = v.identity_id) as a,
            (select min(g.granted_at) from gov_grants g join gov_sod_rules r2 on r2.id = v.rule_id and r2.org_id = g.org_id
              where g.org_id = v.org_id and g.entitlement_id = r2.entitlement_b_id and g.revoked_at is null
                and g.identity_id = v.identity_id) as b
          from gov_sod_violations v where v.org_id = ${orgId}) x0
        join gov_sod_rules r on r.id = x0.rule_id and r.org_id = ${orgId}) x where 1 = 1`,
      sql.ref('x.opened'),
      sql.ref('x.closed'),
      sql.ref('x.severity'),
    ],
    [
      'stale_privileged_account',
      sql`gov_accounts a where a.org_id = ${orgId}
        and a.id in (select p.account_id from gov_grants p where p.org_id = ${orgId} and p.privileged = 1)
        and exists (select 1 from gov_grants g where g.org_id = a.org_id and g.account_id = a.id
          and g.privileged = 1 and (g.revoked_at is null or g.revoked_at >= a.disabled_at))
        and (a.disabled_at is null or ${epoch('a.disabled_at')} - ${epochSeconds(db, lastActivity)} > ${staleDays * 86400})`,
      lastActivity,
      sql.ref('a.disabled_at'),
      sql`'high'`,
    ],
    [
      'unreviewed_privileged_grant',
      sql`gov_grants g where g.org_id = ${orgId} and g.privileged = 1
        and (g.revoked_at is null or ${epoch('g.revoked_at')} - ${epochSeconds(db, sql`coalesce(g.last_reviewed_at, g.granted_at)`)} > ${REVIEW_DUE_DAYS * 86400})`,
      sql`coalesce(g.last_reviewed_at, g.granted_at)`,
      sql.ref('g.revoked_at'),
      sql`'medium'`,
    ],
  ] as const;
}

async function debt(db: Db, orgId: string) {
  const settings = await db
    .selectFrom('gov_settings')
    .select(['stale_account_days', 'offboarding_sla_hours'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  const kinds = debtKinds(
    db,
    orgId,
    settings?.offboarding_sla_hours ?? 24,
    settings?.stale_account_days ?? 90,
  );
  await db.deleteFrom('gov_debt_items').where('org_id', '=', orgId).execute();
  for (const [name, from, opened, closed, severity] of kinds)
    await sql`insert into gov_debt_items (org_id, kind, severity, opened_at, closed_at)
      select ${orgId}, ${name}, ${severity}, ${opened}, ${closed} from ${from}`.execute(db);
  await db.deleteFrom('gov_debt_days').where('org_id', '=', orgId).execute();
  for (const [which, col] of [
    ['opened', 'opened_at'],
    ['closed', 'closed_at'],
  ] as const)
    await sql`insert into gov_debt_days (org_id, kind, severity, which, day, items)
      select ${orgId}, kind, severity, ${which}, substr(${sql.ref(col)}, 1, 10), count(*) from gov_debt_items
      where org_id = ${orgId} and opened_at is not null and ${sql.ref(col)} is not null
      group by kind, severity, substr(${sql.ref(col)}, 1, 10)`.execute(db);
}

async function postureTables(db: Db, orgId: string) {
  const holdsPrivileged = sql`case when exists (select 1 from gov_grants g where g.org_id = a.org_id
      and g.account_id = a.id and g.revoked_at is null and +g.privileged = 1) then 1 else 0 end`;
  const steps = [
    sql`insert into gov_offboarding_accounts (org_id, account_id, identity_id, termination_date, privileged, department)
      select ${orgId}, a.id, i.id, i.termination_date, ${holdsPrivileged}, coalesce(i.department, '')
      from gov_accounts a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
      where a.org_id = ${orgId} and a.status = 'active' and i.status = 'terminated'
        and i.termination_date is not null`,
    sql`insert into gov_high_risk_holders (org_id, identity_id, status, hire_date, department_changed_at, grants)
      select ${orgId}, i.id, i.status, i.hire_date, i.department_changed_at, c.n
      from (select g.identity_id, count(*) as n from gov_grants g
        where g.org_id = ${orgId} and ${HIGH_RISK} and g.account_disabled = 0 group by g.identity_id) c
      left join gov_identities i on i.id = c.identity_id and i.org_id = ${orgId}`,
    sql`insert into gov_system_counts (org_id, system_id, accounts, human, correlated, orphaned)
      select ${orgId}, system_id, count(*),
        sum(case when type = 'human' then 1 else 0 end),
        sum(case when type = 'human' and identity_id is not null then 1 else 0 end),
        sum(case when type <> 'human' and identity_id is null then 1 else 0 end)
      from gov_accounts where org_id = ${orgId} and status = 'active' group by system_id`,
    sql`insert into gov_activity_days (org_id, kind, day, department, attributed, accounts)
      select ${orgId}, kind, day, department, attributed, count(*) from (
        select case when a.last_login_at is null then 'created' else 'login' end as kind,
          substr(coalesce(a.last_login_at, a.created_at), 1, 10) as day, coalesce(i.department, '') as department,
          case when a.identity_id is null then 0 else 1 end as attributed
        from gov_accounts a left join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
        where a.org_id = ${orgId} and a.status = 'active') x
      group by kind, day, department, attributed`,
    sql`insert into gov_disabled_accounts (org_id, account_id, grants, identity_id, disabled_at)
      select ${orgId}, g.account_id, g.grants,
        (select a.identity_id from gov_accounts a where a.id = g.account_id and a.org_id = ${orgId}),
        (select a.disabled_at from gov_accounts a where a.id = g.account_id and a.org_id = ${orgId})
      from (select account_id, count(*) as grants from gov_grants where org_id = ${orgId} and revoked_at is null
        and account_disabled = 1 group by account_id) g`,
    sql`insert into gov_leave_logins (org_id, account_id, identity_id, leave_started_at, last_login_at)
      select ${orgId}, a.id, i.id, i.leave_started_at, a.last_login_at
      from gov_identities i join gov_accounts a on a.org_id = i.org_id and a.identity_id = i.id
      where i.org_id = ${orgId} and i.status = 'leave' and i.leave_started_at is not null
        and a.last_login_at > i.leave_started_at`,
  ];
  for (const table of [
    'gov_offboarding_accounts',
    'gov_high_risk_holders',
    'gov_system_counts',
    'gov_activity_days',
    'gov_disabled_accounts',
    'gov_leave_logins',
    'gov_high_risk_days',
    'gov_campaign_counts',
  ])
    await db.deleteFrom(table).where('org_id', '=', orgId).execute();
  for (const step of steps) await step.execute(db);
  for (const [field, column] of [
    ['granted', 'granted_at'],
    ['used', 'last_used_at'],
    ['reviewed', 'last_reviewed_at'],
  ] as const) {
    const col = sql.ref(`g.${column}`);
    await sql`insert into gov_high_risk_days (org_id, field, day, grants)
      select ${orgId}, ${field}, substr(${col}, 1, 10), count(*) from ${enabledHighRiskGrants(db)}
      where g.org_id = ${orgId} and ${HIGH_RISK} and g.account_disabled = 0 and ${col} is not null
      group by substr(${col}, 1, 10)`.execute(db);
  }
  const self = sql`ri.reviewer_id is not null and ri.reviewer_id = ri.subject_id`;
  await sql`insert into gov_campaign_counts (org_id, campaign_id, items, pending, approve, revoke, modify,
      self_reviews, self_decided, chain, without_evidence)
    select ${orgId}, c.id, count(ri.id),
      sum(case when ri.decision = 'pending' then 1 else 0 end),
      sum(case when ri.decision = 'approve' then 1 else 0 end),
      sum(case when ri.decision = 'revoke' then 1 else 0 end),
      sum(case when ri.decision = 'modify' then 1 else 0 end),
      sum(case when ${self} then 1 else 0 end),
      sum(case when ${self} and ri.decision <> 'pending' then 1 else 0 end),
      sum(case when ri.reviewer_in_chain = 1 then 1 else 0 end),
      sum(case when ri.decision <> 'pending' and not (${self}) and ri.evidence_note is null and ri.evidence_url is null
        then 1 else 0 end)
    from gov_review_campaigns c left join gov_review_items ri on ri.campaign_id = c.id and ri.org_id = c.org_id
    where c.org_id = ${orgId} group by c.id`.execute(db);
}

/** One row of counts (0 for an empty sum). */
async function counts(db: Db, query: RawBuilder<unknown>): Promise<Record<string, number>> {
  const row = (await sql<Record<string, unknown>>`${query}`.execute(db)).rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v == null ? 0 : Number(v)]));
}

async function snapshot(db: Db, orgId: string) {
  const systems = await counts(
    db,
    sql`select sum(human) as human, sum(correlated) as correlated, sum(orphaned) as orphaned
      from gov_system_counts where org_id = ${orgId}`,
  );
  const disabled = await counts(
    db,
    sql`select count(distinct g.account_id) as accounts, count(*) as grants
      from gov_grants g where g.org_id = ${orgId} and g.revoked_at is null and g.account_disabled = 1`,
  );
  const leave = await counts(
    db,
    sql`select (select count(*) from gov_identities where org_id = ${orgId} and status = 'leave') as identities,
        count(a.id) as accounts, count(distinct i.id) as used
      from gov_identities i join gov_accounts a on a.org_id = i.org_id and a.identity_id = i.id
      where i.org_id = ${orgId} and i.status = 'leave' and i.leave_started_at is not null
        and a.last_login_at > i.leave_started_at`,
  );
  const noManager = sql`(manager_id is null and department_head = 0)`;
  const missing = await counts(
    db,
    sql`select count(*) as identities,
        sum(case when department is null or department = '' then 1 else 0 end) as department,
        sum(case when title is null or title = '' then 1 else 0 end) as title,
        sum(case when ${noManager} then 1 else 0 end) as manager,
        sum(case when department is null or department = '' or title is null or title = '' or ${noManager} then 1 else 0 end) as any_missing,
        sum(department_head) as heads
      from gov_identities where org_id = ${orgId} and status <> 'terminated'`,
  );
  const concentration = await counts(
    db,
    sql`select count(*) as holders, sum(outlier) as outliers, sum(priv_outlier) as priv_outliers
      from gov_identity_access where org_id = ${orgId}`,
  );
  const rare = await counts(
    db,
    sql`select count(*) as outliers, sum(rare) as assignments from gov_identity_access
      where org_id = ${orgId} and rare > 0`,
  );
  const highRisk = await counts(
    db,
    sql`select (select count(*) from gov_grants g where g.org_id = ${orgId} and ${HIGH_RISK} and g.account_disabled = 0) as enabled,
      (select count(*) from gov_grants g where g.org_id = ${orgId} and g.account_disabled = 1 and ${HIGH_RISK}) as disabled`,
  );
  await db.deleteFrom('gov_posture_snapshot').where('org_id', '=', orgId).execute();
  await db
    .insertInto('gov_posture_snapshot')
    .values({
      org_id: orgId,
      human_accounts: systems.human,
      correlated_accounts: systems.correlated,
      orphaned_accounts: systems.orphaned,
      high_risk_grants: highRisk.enabled,
      disabled_accounts: disabled.accounts,
      leave_login_accounts: leave.accounts,
      concentration_outliers: concentration.outliers,
      disabled_grants: disabled.grants,
      leave_identities: leave.identities,
      leave_login_identities: leave.used,
      active_identities: missing.identities,
      missing_department: missing.department,
      missing_title: missing.title,
      missing_manager: missing.manager,
      missing_any: missing.any_missing,
      department_heads: missing.heads,
      access_holders: concentration.holders,
      priv_outliers: concentration.priv_outliers,
      rare_outliers: rare.outliers,
      rare_assignments: rare.assignments,
      disabled_high_risk_grants: highRisk.disabled,
      refreshed_at: new Date().toISOString(),
    })
    .execute();
}

export async function up(db: Db): Promise<void> {
  const orgs = await sql<{ id: string }>`select o.id from organizations o
    where not exists (select 1 from gov_posture_snapshot s where s.org_id = o.id)
      and (exists (select 1 from gov_identities x where x.org_id = o.id)
        or exists (select 1 from gov_accounts x where x.org_id = o.id)
        or exists (select 1 from gov_systems x where x.org_id = o.id)
        or exists (select 1 from gov_review_campaigns x where x.org_id = o.id))
    order by o.id`.execute(db);
  for (const { id } of orgs.rows) {
    // The order refreshDerived keeps: access summaries and reviewer_in_chain before the posture set reads them.
    await accessSummaries(db, id);
    await reviewerChain(db, id);
    await debt(db, id);
    await postureTables(db, id);
    await snapshot(db, id);
  }
}

/** Nothing to undo: the rows are derived and the next write rewrites them. */
export async function down(): Promise<void> {}
