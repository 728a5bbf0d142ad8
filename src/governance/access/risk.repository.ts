// SQL for access_department_risk (per-department component counts) and access_security_debt_trend (the
// debt kinds, each an open/close interval derived from stored history, counted per month).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { epochSeconds } from '../../db/helpers.ts';
import { dayOf, dayStart, type StoredDays } from '../common.ts';
import { overdueRemediation } from '../reviews/reviews.repository.ts';

/**
 * (department, count) queries read in one statement, each part's rows tagged with its name (a UNION ALL): one
 * round trip on PostgreSQL instead of one per part (access_department_risk: BENCHMARKS.md, "Tool server"). Each
 * part's answer is a map ('' for identities without a department).
 */
export async function byDepartments<K extends string>(
  db: Kysely<Database>,
  parts: Record<K, RawBuilder<unknown>>,
): Promise<Record<K, Map<string, number>>> {
  const names = Object.keys(parts) as K[];
  const union = sql.join(
    names.map(
      (name, i) => sql`select ${sql.lit(name)} as part, d, n from (${parts[name]}) as ${sql.ref(`p${i}`)}`,
    ),
    sql` union all `,
  );
  const result = await sql<{ part: K; d: string; n: number }>`${union}`.execute(db);
  const out = Object.fromEntries(names.map((name) => [name, new Map<string, number>()])) as Record<
    K,
    Map<string, number>
  >;
  for (const r of result.rows) out[r.part].set(r.d, Number(r.n ?? 0));
  return out;
}

const dept = sql`coalesce(i.department, '')`;

/** Active (not terminated) identities per department, from the stored peer groups (a derived table). */
export const activeIdentitiesByDepartment = (orgId: string) =>
  sql`select department as d, sum(size) as n from gov_peer_groups where org_id = ${orgId} group by department`;

/**
 * Active accounts of identities terminated at or before `deadline`, by the leaver's department: from the stored
 * offboarding candidates.
 */
export const offboardingByDepartment = (orgId: string, deadline: string) =>
  sql`select department as d, count(*) as n from gov_offboarding_accounts
      where org_id = ${orgId} and termination_date <= ${deadline} group by department`;

/** Stored SoD (rule, identity) pairs by the identity's department (stored with each pair). */
export const sodByDepartment = (orgId: string) =>
  sql`select department as d, count(*) as n from gov_sod_violations where org_id = ${orgId} group by department`;

/** Overdue review remediations by the reviewed identity's department. */
export const overdueRemediationByDepartment = (orgId: string, asOf: string) =>
  sql`select ${dept} as d, count(*) as n from gov_review_items ri
      join gov_identities i on i.id = ri.subject_id and i.org_id = ri.org_id
      where ri.org_id = ${orgId} and ${overdueRemediation(asOf)} group by 1`;

/**
 * Stale active accounts of identities, by department, in two parts the caller adds: the whole days before the
 * cut's from the stored activity days (the same all day long, kept under the posture snapshot's stamp), and the
 * cut's own day from the accounts.
 */
export const staleStoredByDepartment = (orgId: string, cut: string) =>
  sql`select department as d, sum(accounts) as n from gov_activity_days
      where org_id = ${orgId} and day < ${dayOf(cut)} and attributed = 1 group by department`;

export function staleOwnDayByDepartment(orgId: string, cut: string) {
  const from = dayStart(cut);
  return sql`select coalesce(i.department, '') as d, count(*) as n from (
    select a.identity_id from gov_accounts a where a.org_id = ${orgId} and a.status = 'active' and a.last_login_at >= ${from} and a.last_login_at <= ${cut}
    union all
    select a.identity_id from gov_accounts a where a.org_id = ${orgId} and a.status = 'active' and a.last_login_at is null and a.created_at >= ${from} and a.created_at <= ${cut}) s
    join gov_identities i on i.id = s.identity_id and i.org_id = ${orgId} group by 1`;
}

/** Active privileged grants of active identities by department, from the stored access summary (a derived table). */
export const privilegedByDepartment = (orgId: string) =>
  sql`select department as d, sum(privileged) as n from gov_identity_access
      where org_id = ${orgId} and privileged > 0 group by department`;

export interface DebtKind {
  name: string;
  /** Table and join, ending in WHERE conditions for this organisation. */
  from: RawBuilder<unknown>;
  /** The column compared with the (shifted) period bounds to decide when the issue opened. */
  openedCol: RawBuilder<unknown>;
  /** Hours to add to openedCol to get the opening time (an SLA or a threshold). */
  shiftHours: number;
  closedCol: RawBuilder<unknown>;
  severity: RawBuilder<unknown>;
}

/** Days after its last review (or, never reviewed, its grant) that a privileged grant counts as unreviewed. */
export const REVIEW_DUE_DAYS = 365;

/**
 * The debt kinds (docs/governance-tools.md, access_security_debt_trend). Each row is one item; the WHERE
 * conditions keep only items that were open for a while (closed after they opened), so every month balances.
 */
export function debtKinds(
  db: Kysely<Database>,
  orgId: string,
  s: { offboardingSlaHours: number; staleAccountDays: number },
): DebtKind[] {
  const epoch = (col: string) => epochSeconds(db, sql.ref(col));
  const lastActivity = sql`coalesce(a.last_login_at, a.created_at)`;
  return [
    {
      name: 'offboarding_miss',
      from: sql`gov_accounts a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
        where a.org_id = ${orgId} and i.status = 'terminated' and i.termination_date is not null
        and (a.disabled_at is null or ${epoch('a.disabled_at')} - ${epoch('i.termination_date')} > ${s.offboardingSlaHours * 3600})`,
      openedCol: sql.ref('i.termination_date'),
      shiftHours: s.offboardingSlaHours,
      closedCol: sql.ref('a.disabled_at'),
      severity: sql`'high'`,
    },
    {
      name: 'overdue_review_remediation',
      from: sql`gov_review_items ri where ri.org_id = ${orgId} and ri.decision in ('revoke', 'modify')
        and ri.remediation_due_at is not null and (ri.remediated_at is null or ri.remediated_at > ri.remediation_due_at)`,
      openedCol: sql.ref('ri.remediation_due_at'),
      shiftHours: 0,
      closedCol: sql.ref('ri.remediated_at'),
      severity: sql`case when ri.privileged = 1 then 'high' else 'medium' end`,
    },
    {
      name: 'expired_grant',
      from: sql`gov_grants g where g.org_id = ${orgId} and g.expires_at is not null
        and (g.revoked_at is null or g.revoked_at > g.expires_at)`,
      openedCol: sql.ref('g.expires_at'),
      shiftHours: 0,
      closedCol: sql.ref('g.revoked_at'),
      severity: sql`case when g.privileged = 1 then 'critical' else 'low' end`,
    },
    {
      // One item per stored (rule, identity) violation: open since the later of the two entitlements was
      // first granted (active grants). A conflict that has ended is no longer stored, so it is not in the
      // history; each side is one probe of the (org, entitlement, revoked_at, identity) index.
      name: 'sod_conflict',
      from: sql`(select r.severity, case when x0.a > x0.b then x0.a else x0.b end as opened, x0.closed from (
          select v.rule_id, cast(null as text) as closed,
            (select min(g.granted_at) from gov_grants g join gov_sod_rules r2 on r2.id = v.rule_id and r2.org_id = g.org_id
              where g.org_id = v.org_id and g.entitlement_id = r2.entitlement_a_id and g.revoked_at is null
                and g.identity_id = v.identity_id) as a,
            (select min(g.granted_at) from gov_grants g join gov_sod_rules r2 on r2.id = v.rule_id and r2.org_id = g.org_id
              where g.org_id = v.org_id and g.entitlement_id = r2.entitlement_b_id and g.revoked_at is null
                and g.identity_id = v.identity_id) as b
          from gov_sod_violations v where v.org_id = ${orgId}) x0
        join gov_sod_rules r on r.id = x0.rule_id and r.org_id = ${orgId}) x where 1 = 1`,
      openedCol: sql.ref('x.opened'),
      shiftHours: 0,
      closedCol: sql.ref('x.closed'),
      severity: sql.ref('x.severity'),
    },
    {
      // An account holding a privileged grant (active, or revoked no earlier than the account was disabled):
      // stale from last login (else creation) + stale-account days until disabled.
      name: 'stale_privileged_account',
      from: sql`gov_accounts a where a.org_id = ${orgId}
        and a.id in (select p.account_id from gov_grants p where p.org_id = ${orgId} and p.privileged = 1)
        and exists (select 1 from gov_grants g where g.org_id = a.org_id and g.account_id = a.id
          and g.privileged = 1 and (g.revoked_at is null or g.revoked_at >= a.disabled_at))
        and (a.disabled_at is null or ${epochSeconds(db, sql.ref('a.disabled_at'))} - ${epochSeconds(db, lastActivity)} > ${s.staleAccountDays * 86400})`,
      openedCol: lastActivity,
      shiftHours: s.staleAccountDays * 24,
      closedCol: sql.ref('a.disabled_at'),
      severity: sql`'high'`,
    },
    {
      // A privileged grant whose last review (else its grant) is REVIEW_DUE_DAYS old, until revoked. Only the
      // latest review is stored, so a gap before it is not seen.
      name: 'unreviewed_privileged_grant',
      from: sql`gov_grants g where g.org_id = ${orgId} and g.privileged = 1
        and (g.revoked_at is null or ${epoch('g.revoked_at')} - ${epochSeconds(db, sql`coalesce(g.last_reviewed_at, g.granted_at)`)} > ${REVIEW_DUE_DAYS * 86400})`,
      openedCol: sql`coalesce(g.last_reviewed_at, g.granted_at)`,
      shiftHours: REVIEW_DUE_DAYS * 24,
      closedCol: sql.ref('g.revoked_at'),
      severity: sql`'medium'`,
    },
  ];
}

/** A row of the bounds' own days: items of `kind` and `severity` counted into column `col`. */
export interface OwnDebtDayRow {
  col: string;
  kind: string;
  severity: string;
  n: number | string;
}

/**
 * One kind's open, opened and closed counts per period and severity (columns o0, n0, c0, …), from the stored
 * items and days. Every item closes after it opens (debtKinds keeps no other), so with
 * opened(t) = items opened (shifted) before t and closed(t) = items closed before t:
 * open at the end E = opened(E) − closed(E), opened within [S, E) = opened(E) − opened(S), closed likewise.
 * Each "before t" sums the stored days before t's day and counts t's own day from gov_debt_items. In parts: the
 * stored days' sums (the bulk of the work, the same all day long) through `storedDays`; the bounds' own days item
 * by item on every call, as selects the caller reads with every other kind's in one statement (readOwnDebtDays);
 * and `rows`, which adds those per severity to the stored severities' rows.
 */
export function debtCountParts(
  db: Kysely<Database>,
  orgId: string,
  kind: string,
  periods: { start: string; end: string }[],
  shift: (iso: string) => string,
  storedDays: StoredDays,
): {
  stored: Promise<Record<string, number | string>[]>;
  ownDays: RawBuilder<unknown>[];
  rows: (
    stored: Record<string, number | string>[],
    own: OwnDebtDayRow[],
  ) => Record<string, number | string>[];
} {
  const bounds = [periods[0]!.start, ...periods.map((p) => p.end)];
  const columns = bounds.flatMap((t, b) => [
    { alias: `fo${b}`, which: 'opened' as const, t: shift(t) },
    { alias: `fc${b}`, which: 'closed' as const, t },
  ]);
  const days = (which: 'opened' | 'closed', t: string) =>
    sql`sum(case when h.which = ${which} and h.day < ${dayOf(t)} then h.items else 0 end)`;
  const timeOf = (which: 'opened' | 'closed') => sql.ref(which === 'opened' ? 'x.opened_at' : 'x.closed_at');
  const key = JSON.stringify(['debtCounts', kind, columns.map((c) => dayOf(c.t))]);
  const stored = storedDays(key, async () => {
    const result = await sql<Record<string, number | string>>`select h.severity, ${sql.join(
      columns.map((c) => sql`${days(c.which, c.t)} as ${sql.ref(c.alias)}`),
    )}
      from gov_debt_days h where h.org_id = ${orgId} and h.kind = ${kind} group by h.severity`.execute(db);
    return result.rows;
  });
  // A month start (shifted by whole days) is its day's first instant: nothing of its own day is before it.
  const ownDays = columns
    .filter((c) => c.t !== dayStart(c.t))
    .map((c) => {
      const col = timeOf(c.which);
      return sql`select ${sql.lit(c.alias)} as col, x.kind, x.severity, count(*) as n from gov_debt_items x
        where x.org_id = ${orgId} and x.kind = ${kind} and x.opened_at is not null
          and ${col} >= ${dayStart(c.t)} and ${col} < ${c.t} group by x.kind, x.severity`;
    });
  const rows = (storedRows: Record<string, number | string>[], own: OwnDebtDayRow[]) =>
    storedRows.map((r) => {
      const sums = { ...r };
      for (const o of own)
        if (o.kind === kind && o.severity === r.severity) sums[o.col] = Number(sums[o.col]) + Number(o.n);
      const fo = (b: number) => Number(sums[`fo${b}`]);
      const fc = (b: number) => Number(sums[`fc${b}`]);
      const row: Record<string, number | string> = { severity: String(r.severity) };
      periods.forEach((_, i) => {
        row[`o${i}`] = fo(i + 1) - fc(i + 1);
        row[`n${i}`] = fo(i + 1) - fo(i);
        row[`c${i}`] = fc(i + 1) - fc(i);
      });
      return row;
    });
  return { stored, ownDays, rows };
}

/** The own-day selects of every kind (debtCountParts) in one statement; none, no statement. */
export async function readOwnDebtDays(
  db: Kysely<Database>,
  selects: RawBuilder<unknown>[],
): Promise<OwnDebtDayRow[]> {
  if (selects.length === 0) return [];
  const result = await sql<OwnDebtDayRow>`${sql.join(selects, sql` union all `)}`.execute(db);
  return result.rows;
}

/**
 * Debt items open at `at` over the given stored kinds (posture_summary's securityDebtOpen): per kind, items opened
 * before its shifted `openedBefore` minus items closed before `at`, counted as debtCounts counts a period's end
 * (stored days before the bound's day, the bound's own day item by item). Two parts, added by the caller: the
 * stored days' sum (the bulk of the work, and the same all day long) read through `storedDays`, and the bounds'
 * own days as a single-row select (own), which posture_summary reads with its other counts.
 */
export function openDebtParts(
  db: Kysely<Database>,
  orgId: string,
  kinds: readonly { name: string; openedBefore: string }[],
  at: string,
  storedDays: StoredDays,
): { stored: Promise<number>; own: RawBuilder<unknown> } {
  const names = kinds.map((k) => k.name);
  const ownDay = (col: 'opened_at' | 'closed_at', kind: string | readonly string[], t: string) =>
    t === dayStart(t)
      ? sql`0`
      : sql`(select count(*) from gov_debt_items x where x.org_id = ${orgId}
          and x.kind in (${sql.join(typeof kind === 'string' ? [kind] : kind)})
          and x.opened_at is not null and ${sql.ref(`x.${col}`)} >= ${dayStart(t)} and ${sql.ref(`x.${col}`)} < ${t})`;
  // Per kind, opened minus closed in one pass over its range of gov_debt_days_idx (an OR of the kinds, or a
  // subquery per side, read more of it).
  const days = (k: { name: string; openedBefore: string }) =>
    sql`(select coalesce(sum(case when h.which = 'opened' and h.day < ${dayOf(k.openedBefore)} then h.items
        when h.which = 'closed' and h.day < ${dayOf(at)} then -h.items else 0 end), 0)
      from gov_debt_days h where h.org_id = ${orgId} and h.kind = ${k.name})`;
  const daysSum = sql`${sql.join(kinds.map(days), sql` + `)}`;
  const own = sql`${sql.join(
    kinds.map((k) => ownDay('opened_at', k.name, k.openedBefore)),
    sql` + `,
  )} - ${ownDay('closed_at', names, at)}`;
  const key = JSON.stringify(['openDebt', dayOf(at), ...kinds.map((k) => [k.name, dayOf(k.openedBefore)])]);
  return {
    stored: storedDays(key, async () => {
      const result = await sql<{ days: number | string }>`select ${daysSum} as days`.execute(db);
      return Number(result.rows[0]!.days);
    }),
    own: sql`select ${own} as own`,
  };
}

/**
 * Rewrites the organisation's stored debt items (gov_debt_items) from the debt kinds: every kind's conditions
 * are independent of the reference time, so an import that changed their inputs (access data, review items,
 * settings) stores the items once and access_security_debt_trend only buckets their times per call.
 */
export async function refreshDebtItems(
  db: Kysely<Database>,
  orgId: string,
  s: { offboardingSlaHours: number; staleAccountDays: number },
): Promise<void> {
  await db.deleteFrom('gov_debt_items').where('org_id', '=', orgId).execute();
  for (const k of debtKinds(db, orgId, s))
    await sql`insert into gov_debt_items (org_id, kind, severity, opened_at, closed_at)
      select ${orgId}, ${k.name}, ${k.severity}, ${k.openedCol}, ${k.closedCol} from ${k.from}`.execute(db);
  await db.deleteFrom('gov_debt_days').where('org_id', '=', orgId).execute();
  // Items never opened (a conflict whose grant times are unknown) are in no count: they are left out here too.
  for (const [which, col] of [
    ['opened', 'opened_at'],
    ['closed', 'closed_at'],
  ] as const)
    await sql`insert into gov_debt_days (org_id, kind, severity, which, day, items)
      select ${orgId}, kind, severity, ${which}, substr(${sql.ref(col)}, 1, 10), count(*) from gov_debt_items
      where org_id = ${orgId} and opened_at is not null and ${sql.ref(col)} is not null
      group by kind, severity, substr(${sql.ref(col)}, 1, 10)`.execute(db);
}
