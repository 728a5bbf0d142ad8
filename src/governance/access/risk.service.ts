// The risk tools: access_department_risk and access_security_debt_trend (docs/governance-tools.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  DAY,
  dayOf,
  settingsUnder,
  HOUR,
  minusMs,
  num,
  resolveAsOf,
  type AsOf,
  type GovernanceSettings,
  type StoredDays,
} from '../common.ts';
import * as repo from './risk.repository.ts';
import { readPostureStamp } from './posture-snapshot.ts';
import { storedDaysUnder } from '../derived/stored-days.ts';
import { StampedMemo } from '../derived/stamped-memo.ts';

/** Weight of each component in a department's score; the score is per 100 active identities. */
export const DEPARTMENT_WEIGHTS = {
  offboardingViolations: 5,
  sodViolations: 4,
  overdueRemediations: 3,
  staleAccounts: 2,
  privilegedGrants: 1,
} as const;
type Component = keyof typeof DEPARTMENT_WEIGHTS;

/** access_department_risk's counts from the access summaries, which change only with the posture snapshot. */
const stampBoundByDepartment = new StampedMemo((db, orgId) =>
  repo.byDepartments(db, {
    identities: repo.activeIdentitiesByDepartment(orgId),
    sodViolations: repo.sodByDepartment(orgId),
    privilegedGrants: repo.privilegedByDepartment(orgId),
  }),
);

/**
 * access_department_risk. Per department (of the identity concerned; accounts without an identity are not
 * attributed; privileged grants: those of active identities): the counts behind five components, score = 100 × Σ weight × count / active identities
 * (1 decimal; null when the department has no active identity). Highest score first.
 */
export async function departmentRisk(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  // What only the import changes (the settings, the three derived tables' counts, the stale accounts' stored days)
  // is kept under the posture snapshot's stamp; the time-dependent counts are read on every call, in one statement.
  const stamp = await readPostureStamp(db, orgId);
  const [settings, storedDays, kept] = await Promise.all([
    settingsUnder(db, orgId, stamp),
    storedDaysUnder(db, orgId, stamp),
    stampBoundByDepartment.get(db, orgId, stamp),
  ]);
  const staleCut = minusMs(asOf, settings.staleAccountDays * DAY);
  const deadline = minusMs(asOf, settings.offboardingSlaHours * HOUR);
  const [staleStored, current] = await Promise.all([
    storedDays(JSON.stringify(['departmentStale', dayOf(staleCut)]), async () => {
      const { stale } = await repo.byDepartments(db, {
        stale: repo.staleStoredByDepartment(orgId, staleCut),
      });
      return stale;
    }),
    repo.byDepartments(db, {
      offboardingViolations: repo.offboardingByDepartment(orgId, deadline),
      overdueRemediations: repo.overdueRemediationByDepartment(orgId, asOf),
      staleOwnDay: repo.staleOwnDayByDepartment(orgId, staleCut),
    }),
  ]);
  const { identities, sodViolations, privilegedGrants } = kept;
  const staleAccounts = new Map(staleStored);
  for (const [d, n] of current.staleOwnDay) staleAccounts.set(d, (staleAccounts.get(d) ?? 0) + n);
  const components: Record<Component, Map<string, number>> = {
    offboardingViolations: current.offboardingViolations,
    sodViolations,
    overdueRemediations: current.overdueRemediations,
    staleAccounts,
    privilegedGrants,
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
 * remediations, expired but unrevoked grants, SoD conflicts, stale privileged accounts, unreviewed
 * privileged grants), each open from its opening time until closed. For each of the
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
  // The settings and the stored days' sums are kept under the posture snapshot's stamp: a call reads the stamp
  // and every kind's bounds' own days, in one statement each (8 statements a call before).
  const stamp = await readPostureStamp(db, orgId);
  const [settings, storedDays] = await Promise.all([
    settingsUnder(db, orgId, stamp),
    storedDaysUnder(db, orgId, stamp),
  ]);
  const ps = periods(asOf, months);
  const series = ps.map((p) => ({
    month: p.label,
    end: p.end,
    open: Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<string, number>,
    openTotal: 0,
    opened: 0,
    closed: 0,
    // Open at the month end per kind of debt (their sum is openTotal).
    openByKind: {} as Record<string, number>,
  }));
  const kinds = repo.debtKinds(db, orgId, settings);
  // The items stored with the posture snapshot (derived/refresh.ts), bucketed per call; the stored days' sums kept
  // under its stamp.
  const parts = kinds.map((kind) => {
    const shift = (iso: string) => minusMs(iso, kind.shiftHours * HOUR);
    return repo.debtCountParts(db, orgId, kind.name, ps, shift, storedDays);
  });
  const [stored, ownDays] = await Promise.all([
    Promise.all(parts.map((p) => p.stored)),
    repo.readOwnDebtDays(
      db,
      parts.flatMap((p) => p.ownDays),
    ),
  ]);
  for (const [k, kind] of kinds.entries()) {
    const rows = parts[k]!.rows(stored[k]!, ownDays);
    series.forEach((entry) => (entry.openByKind[kind.name] = 0));
    for (const row of rows) {
      series.forEach((entry, i) => {
        const open = num(row[`o${i}`]);
        entry.open[String(row.severity)]! += open;
        entry.openTotal += open;
        entry.openByKind[kind.name]! += open;
        entry.opened += num(row[`n${i}`]);
        entry.closed += num(row[`c${i}`]);
      });
    }
  }
  return {
    asOf,
    months,
    sources: kinds.map((k) => k.name),
    items: series,
    total: series.length,
  };
}

/**
 * Debt items open at `asOf` over every kind: access_security_debt_trend's openTotal for its current month, which
 * posture_summary shows, in two parts (repo.openDebtParts).
 */
export const openDebtAtParts = (
  db: Kysely<Database>,
  orgId: string,
  asOf: string,
  settings: GovernanceSettings,
  storedDays: StoredDays,
) => {
  const kinds = repo.debtKinds(db, orgId, settings).map((kind) => ({
    name: kind.name,
    openedBefore: minusMs(asOf, kind.shiftHours * HOUR),
  }));
  return repo.openDebtParts(db, orgId, kinds, asOf, storedDays);
};
