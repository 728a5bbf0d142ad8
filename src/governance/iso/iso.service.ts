// The ISO 27001 tools: iso_controls_list, iso_gap_status, iso_soa_summary (docs/governance-tools.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { num, pct, resolveAsOf, type AsOf } from '../common.ts';
import { readPostureStamp } from '../access/posture-snapshot.ts';
import { StampedMemo } from '../derived/stamped-memo.ts';
import * as repo from './iso.repository.ts';
import { ANNEX_A, THEMES } from './annex-a.ts';

export const IMPLEMENTATION_STATUSES = ['not_started', 'planned', 'in_progress', 'implemented'] as const;
export const RESULTS = ['not_assessed', 'effective', 'partially_effective', 'ineffective'] as const;

export interface IsoProject {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  targetDate: string | null;
  /** The statement of applicability's version and approval time, when the source gave them. */
  soaVersion: string | null;
  soaApprovedAt: string | null;
}

/** The given project of this organisation, or its first active one (oldest); another org's id → NOT_FOUND. */
export async function resolveProject(
  db: Kysely<Database>,
  orgId: string,
  projectId?: string,
): Promise<IsoProject> {
  const row = await repo.findProject(db, orgId, projectId);
  if (!row)
    throw projectId !== undefined
      ? notFound('ISO project', projectId)
      : notFound('Active ISO project', '(default)');
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    createdAt: row.created_at,
    targetDate: row.target_date,
    soaVersion: row.soa_version,
    soaApprovedAt: row.soa_approved_at,
  };
}

export interface Entry {
  controlId: string;
  theme: string;
  title: string;
  /** null when the control has no statement-of-applicability entry yet. */
  applicable: boolean | null;
  justification: string | null;
  implementationStatus: string;
  result: string;
  maturityCurrent: number | null;
  maturityTarget: number | null;
  ownerName: string | null;
  /** Risk register ids (risk_…) the control treats. */
  riskIds: string[];
}

/** All 93 controls in catalog order joined with the project's SoA entries (defaults where no entry exists). */
export async function entries(db: Kysely<Database>, orgId: string, projectId: string): Promise<Entry[]> {
  const rows = await repo.soaRows(db, orgId, projectId);
  const byId = new Map(rows.map((r) => [r.control_id, r]));
  return ANNEX_A.map((c) => {
    const r = byId.get(c.id);
    return {
      controlId: c.id,
      theme: c.theme,
      title: c.title,
      applicable: r ? num(r.applicable) === 1 : null,
      justification: r?.justification ?? null,
      implementationStatus: r?.implementation_status ?? 'not_started',
      result: r?.result ?? 'not_assessed',
      maturityCurrent: r?.maturity_current ?? null,
      maturityTarget: r?.maturity_target ?? null,
      ownerName: r?.owner_name ?? null,
      riskIds: r?.risk_ids ? (JSON.parse(r.risk_ids) as string[]) : [],
    };
  });
}

/**
 * iso_controls_list. The 93 Annex A controls with the project's SoA state (93 is the whole set: no cap needed).
 * Only the governance import writes what it reads (projects, SoA entries, owners' names) and every import that
 * changes anything moves the posture snapshot's stamp: the first active project's answer is kept under that stamp
 * (derived/stamped-memo.ts), so a call reads the stamp alone. Callers do not change the answer.
 */
export async function isoControlsList(
  db: Kysely<Database>,
  orgId: string,
  options: { projectId?: string } = {},
) {
  if (options.projectId !== undefined) return controlsOf(db, orgId, options.projectId);
  return firstProjectControls.get(db, orgId, await readPostureStamp(db, orgId));
}

async function controlsOf(db: Kysely<Database>, orgId: string, projectId?: string) {
  const project = await resolveProject(db, orgId, projectId);
  const items = await entries(db, orgId, project.id);
  return { projectId: project.id, project, items, total: items.length, truncated: false };
}

const firstProjectControls = new StampedMemo((db, orgId) => controlsOf(db, orgId));

/**
 * Evidence coverage of the applicable controls (SoA applicable or undecided): with current accepted evidence;
 * only expired accepted or pending evidence; without any (rejected evidence does not count).
 */
/** iso_gap_status's tally of a list of controls (overall, or one theme's). */
export function gapTally(list: Entry[]) {
  const inScope = list.filter((e) => e.applicable !== false);
  const implemented = inScope.filter((e) => e.implementationStatus === 'implemented').length;
  const byStatus = Object.fromEntries(
    IMPLEMENTATION_STATUSES.map((s) => [s, inScope.filter((e) => e.implementationStatus === s).length]),
  );
  return {
    controls: list.length,
    applicable: inScope.length,
    excluded: list.length - inScope.length,
    implemented,
    gaps: inScope.length - implemented,
    byStatus,
    percentImplemented: pct(implemented, inScope.length),
  };
}

/** iso_gap_status's evidence coverage of the applicable controls `inScope` at asOf. */
export async function evidenceCoverage(
  db: Kysely<Database>,
  orgId: string,
  projectId: string,
  asOf: string,
  inScope: Entry[],
) {
  const byControl = new Map(
    (await repo.evidenceByControl(db, orgId, projectId, asOf)).map((r) => [r.control_id, r]),
  );
  const state = (e: Entry) => {
    const r = byControl.get(e.controlId);
    return num(r?.current) > 0 ? 'current' : num(r?.other) > 0 ? 'expiredOrPending' : 'none';
  };
  const uncovered = inScope.filter((e) => state(e) !== 'current');
  const current = inScope.length - uncovered.length;
  const expiredOrPending = uncovered.filter((e) => state(e) === 'expiredOrPending').length;
  return {
    applicable: inScope.length,
    withCurrentEvidence: current,
    onlyExpiredOrPending: expiredOrPending,
    withoutEvidence: uncovered.length - expiredOrPending,
    percentCovered: pct(current, inScope.length),
    // The applicable controls an auditor would ask about (at most the 93 of the catalog).
    controlsWithoutCurrentEvidence: uncovered.map((e) => e.controlId),
  };
}

/**
 * iso_gap_status. A gap is an applicable control (or one without an SoA entry: not yet decided, counted as
 * applicable) that is not implemented. Per theme and overall; maturity gaps: current below target; evidence
 * coverage of the applicable controls at asOf. `known`: the project when the caller has already resolved it.
 */
export async function isoGapStatus(
  db: Kysely<Database>,
  orgId: string,
  options: AsOf & { projectId?: string } = {},
  known?: IsoProject,
) {
  const asOf = resolveAsOf(options);
  const project = known ?? (await resolveProject(db, orgId, options.projectId));
  const all = await entries(db, orgId, project.id);
  const gaps = all.filter((e) => e.applicable !== false && e.implementationStatus !== 'implemented');
  const maturityGaps = all.filter(
    (e) =>
      e.applicable !== false &&
      e.maturityCurrent !== null &&
      e.maturityTarget !== null &&
      e.maturityCurrent < e.maturityTarget,
  );
  return {
    projectId: project.id,
    project,
    overall: gapTally(all),
    byTheme: Object.fromEntries(THEMES.map((t) => [t, gapTally(all.filter((e) => e.theme === t))])),
    gapControls: gaps.map((e) => ({
      controlId: e.controlId,
      title: e.title,
      implementationStatus: e.implementationStatus,
    })),
    maturityGaps: maturityGaps.length,
    evidenceCoverage: await evidenceCoverage(
      db,
      orgId,
      project.id,
      asOf,
      all.filter((e) => e.applicable !== false),
    ),
  };
}

/**
 * iso_soa_summary. The statement of applicability: entries present, applicable and excluded controls,
 * exclusions lacking a justification, implementation status and effectiveness result counts, mean maturity.
 */
export async function isoSoaSummary(
  db: Kysely<Database>,
  orgId: string,
  options: { projectId?: string } = {},
) {
  const project = await resolveProject(db, orgId, options.projectId);
  const all = await entries(db, orgId, project.id);
  const withEntry = all.filter((e) => e.applicable !== null);
  const applicable = withEntry.filter((e) => e.applicable === true);
  const excluded = withEntry.filter((e) => e.applicable === false);
  const mean = (xs: number[]) =>
    xs.length === 0 ? null : Math.round((10 * xs.reduce((s, x) => s + x, 0)) / xs.length) / 10;
  return {
    projectId: project.id,
    project,
    totalControls: all.length,
    withEntry: withEntry.length,
    withoutEntry: all.length - withEntry.length,
    applicable: applicable.length,
    excluded: excluded.length,
    excludedWithoutJustification: excluded.filter((e) => !e.justification?.trim()).length,
    // Completeness: controls with no applicability decision, and applicable ones nobody justified.
    completeness: {
      undecided: all.length - withEntry.length,
      applicableWithoutJustification: applicable.filter((e) => !e.justification?.trim()).length,
      complete: withEntry.length === all.length && applicable.every((e) => e.justification?.trim()),
    },
    version: project.soaVersion,
    approvedAt: project.soaApprovedAt,
    // ISO/IEC 27001 clause 6.1.3 d: each applicable control linked to the risks it treats.
    riskLinks: {
      applicableLinked: applicable.filter((e) => e.riskIds.length > 0).length,
      applicableWithoutRisk: applicable.filter((e) => e.riskIds.length === 0).length,
      risksReferenced: new Set(applicable.flatMap((e) => e.riskIds)).size,
    },
    byImplementationStatus: Object.fromEntries(
      IMPLEMENTATION_STATUSES.map((s) => [s, applicable.filter((e) => e.implementationStatus === s).length]),
    ),
    byResult: Object.fromEntries(RESULTS.map((s) => [s, applicable.filter((e) => e.result === s).length])),
    averageMaturity: {
      current: mean(applicable.flatMap((e) => (e.maturityCurrent === null ? [] : [e.maturityCurrent]))),
      target: mean(applicable.flatMap((e) => (e.maturityTarget === null ? [] : [e.maturityTarget]))),
    },
  };
}
