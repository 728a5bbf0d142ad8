import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { epochSeconds } from '../../db/helpers.ts';
import { DAY, getSettings, HOUR, minusMs, num, resolveAsOf, type AsOf } from '../common.ts';
import { overdueRemediation } from '../reviews/reviews.service.ts';
import { sodPairs } from './peers.repository.ts';

/** Weight of each component in a department's score; the score is per 100 active identities. */
export const DEPARTMENT_WEIGHTS = {
  offboardingViolations: 5,
  sodViolations: 4,
  overdueRemediations: 3,
  staleAccounts: 2,
  privilegedGrants: 1,
} as const;
type Component = keyof typeof DEPARTMENT_WEIGHTS;

async function byDepartment(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<Map<string, number>> {
  const result = await sql<{ d: string; n: number }>`${query}`.execute(db);
  return new Map(result.rows.map((r) => [r.d, num(r.n)]));
}

/**
 * access_department_risk. Per department (of the identity concerned; accounts without an identity are not
 * attributed; privileged grants: those of active identities): the counts behind five components, score = 100 × Σ weight × count / active identities
 * (1 decimal; null when the department has no active identity). Highest score first.
 */
export async function departmentRisk(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  const settings = await getSettings(db, orgId);
  const staleCut = minusMs(asOf, settings.staleAccountDays * DAY);
  const deadline = minusMs(asOf, settings.offboardingSlaHours * HOUR);
  const dept = sql`coalesce(i.department, '')`;
  // Active identities and their privileged grants come from the import-maintained summaries.
  const identities = await byDepartment(
    db,
    sql`select department as d, sum(size) as n from gov_peer_groups
    where org_id = ${orgId} group by department`,
  );
  const accountJoin = sql`from gov_accounts a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
    where a.org_id = ${orgId} and a.status = 'active'`;
  const components: Record<Component, Map<string, number>> = {
    offboardingViolations: await byDepartment(
      db,
      sql`select ${dept} as d, count(*) as n ${accountJoin}
      and i.status = 'terminated' and i.termination_date <= ${deadline} group by 1`,
    ),
    sodViolations: await byDepartment(
      db,
      sql`select ${dept} as d, count(*) as n from (${sodPairs(orgId)}) v
      join gov_identities i on i.id = v.identity_id and i.org_id = ${orgId} group by 1`,
    ),
    overdueRemediations: await byDepartment(
      db,
      sql`select ${dept} as d, count(*) as n from gov_review_items ri
      join gov_identities i on i.id = ri.subject_id and i.org_id = ri.org_id
      where ri.org_id = ${orgId} and ${overdueRemediation(asOf)} group by 1`,
    ),
    // The two halves of "stale" as separate index ranges, joined to identities only for the stale accounts.
    staleAccounts: await byDepartment(
      db,
      sql`select ${dept} as d, count(*) as n from (
        select a.identity_id from gov_accounts a where a.org_id = ${orgId} and a.status = 'active' and a.last_login_at <= ${staleCut}
        union all
        select a.identity_id from gov_accounts a where a.org_id = ${orgId} and a.status = 'active' and a.last_login_at is null and a.created_at <= ${staleCut}) s
      join gov_identities i on i.id = s.identity_id and i.org_id = ${orgId} group by 1`,
    ),
    privilegedGrants: await byDepartment(
      db,
      sql`select department as d, sum(privileged) as n from gov_identity_access
      where org_id = ${orgId} and privileged > 0 group by department`,
    ),
  };
  const names = new Set<string>(identities.keys());
  for (const map of Object.values(components)) for (const k of map.keys()) names.add(k);
  const items = [...names].map((name) => {
    const counts = Object.fromEntries(
      Object.keys(DEPARTMENT_WEIGHTS).map((k) => [k, components[k as Component].get(name) ?? 0]),
    ) as Record<Component, number>;
    const weighted = Object.entries(counts).reduce(
      (s, [k, n]) => s + DEPARTMENT_WEIGHTS[k as Component] * n,
      0,
    );
    const active = identities.get(name) ?? 0;
    return {
      department: name === '' ? null : name,
      activeIdentities: active,
      components: counts,
      weightedTotal: weighted,
      scorePer100: active === 0 ? null : Math.round((1000 * weighted) / active) / 10,
    };
  });
  items.sort(
    (a, b) =>
      (b.scorePer100 ?? -1) - (a.scorePer100 ?? -1) ||
      String(a.department).localeCompare(String(b.department)),
  );
  return {
    asOf,
    weights: DEPARTMENT_WEIGHTS,
    items: items.slice(0, 100),
    total: items.length,
    truncated: items.length > 100,
  };
}

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

interface DebtKind {
  /** Table and join, ending in WHERE conditions for this organisation. */
  from: RawBuilder<unknown>;
  /** The column compared with the (shifted) period bounds to decide when the issue opened. */
  openedCol: RawBuilder<unknown>;
  /** Hours to add to openedCol to get the opening time (the SLA for offboarding). */
  shiftHours: number;
  closedCol: RawBuilder<unknown>;
  severity: RawBuilder<unknown>;
}

function debtKinds(db: Kysely<Database>, orgId: string, slaHours: number): DebtKind[] {
  return [
    {
      // Offboarding miss: opens at termination + SLA while an account is enabled; closes when it is disabled.
      from: sql`gov_accounts a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
        where a.org_id = ${orgId} and i.status = 'terminated' and i.termination_date is not null
        and (a.disabled_at is null or ${epochSeconds(db, sql.ref('a.disabled_at'))} - ${epochSeconds(db, sql.ref('i.termination_date'))} > ${slaHours * 3600})`,
      openedCol: sql.ref('i.termination_date'),
      shiftHours: slaHours,
      closedCol: sql.ref('a.disabled_at'),
      severity: sql`'high'`,
    },
    {
      // Overdue review remediation: opens at its due time; closes when remediated.
      from: sql`gov_review_items ri where ri.org_id = ${orgId} and ri.decision in ('revoke', 'modify')
        and ri.remediation_due_at is not null and (ri.remediated_at is null or ri.remediated_at > ri.remediation_due_at)`,
      openedCol: sql.ref('ri.remediation_due_at'),
      shiftHours: 0,
      closedCol: sql.ref('ri.remediated_at'),
      severity: sql`case when ri.privileged = 1 then 'high' else 'medium' end`,
    },
    {
      // Expired access: a grant past its expiry that is still not revoked.
      from: sql`gov_grants g where g.org_id = ${orgId} and g.expires_at is not null
        and (g.revoked_at is null or g.revoked_at > g.expires_at)`,
      openedCol: sql.ref('g.expires_at'),
      shiftHours: 0,
      closedCol: sql.ref('g.revoked_at'),
      severity: sql`case when g.privileged = 1 then 'critical' else 'low' end`,
    },
  ];
}

/** Month starts (UTC) of the last `months` months, the current one last, plus the period ends (asOf for the current). */
function periods(asOf: string, months: number): { label: string; start: string; end: string }[] {
  const now = new Date(asOf);
  const out = [];
  for (let k = months - 1; k >= 0; k--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1));
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k + 1, 1));
    out.push({
      label: start.toISOString().slice(0, 7),
      start: start.toISOString(),
      end: k === 0 ? asOf : next.toISOString(),
    });
  }
  return out;
}

/**
 * access_security_debt_trend. Issues derived from stored history (offboarding misses, overdue review
 * remediations, expired but unrevoked grants), each open from its opening time until closed. For each of the
 * last `months` months: issues open at the month end (the current month: at asOf) by severity, and issues
 * opened and closed within the month. open(end of m) = open(end of m−1) + opened(m) − closed(m).
 */
export async function securityDebtTrend(
  db: Kysely<Database>,
  orgId: string,
  options: AsOf & { months?: number } = {},
) {
  const asOf = resolveAsOf(options);
  const months = Math.min(Math.max(Math.trunc(options.months ?? 6), 1), 24);
  const { offboardingSlaHours } = await getSettings(db, orgId);
  const ps = periods(asOf, months);
  const series = ps.map((p) => ({
    month: p.label,
    end: p.end,
    open: Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<string, number>,
    openTotal: 0,
    opened: 0,
    closed: 0,
  }));
  for (const kind of debtKinds(db, orgId, offboardingSlaHours)) {
    const shift = (iso: string) => minusMs(iso, kind.shiftHours * HOUR);
    const columns = ps.flatMap((p, i) => [
      sql`sum(case when ${kind.openedCol} < ${shift(p.end)} and (${kind.closedCol} is null or ${kind.closedCol} >= ${p.end}) then 1 else 0 end) as ${sql.ref(`o${i}`)}`,
      sql`sum(case when ${kind.openedCol} >= ${shift(p.start)} and ${kind.openedCol} < ${shift(p.end)} then 1 else 0 end) as ${sql.ref(`n${i}`)}`,
      sql`sum(case when ${kind.closedCol} >= ${p.start} and ${kind.closedCol} < ${p.end} then 1 else 0 end) as ${sql.ref(`c${i}`)}`,
    ]);
    const result = await sql<
      Record<string, number | string>
    >`select ${kind.severity} as severity, ${sql.join(columns)} from ${kind.from} group by 1`.execute(db);
    for (const row of result.rows) {
      series.forEach((entry, i) => {
        const open = num(row[`o${i}`]);
        entry.open[String(row.severity)]! += open;
        entry.openTotal += open;
        entry.opened += num(row[`n${i}`]);
        entry.closed += num(row[`c${i}`]);
      });
    }
  }
  return {
    asOf,
    months,
    sources: ['offboarding_miss', 'overdue_review_remediation', 'expired_grant'],
    items: series,
    total: series.length,
  };
}
