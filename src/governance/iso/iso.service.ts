import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { num, pct } from '../common.ts';
import { ANNEX_A, THEMES } from './annex-a.ts';

export const IMPLEMENTATION_STATUSES = ['not_started', 'planned', 'in_progress', 'implemented'] as const;
export const RESULTS = ['not_assessed', 'effective', 'partially_effective', 'ineffective'] as const;

export interface IsoProject {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  targetDate: string | null;
}

/** The given project of this organisation, or its first active one (oldest); another org's id → NOT_FOUND. */
export async function resolveProject(
  db: Kysely<Database>,
  orgId: string,
  projectId?: string,
): Promise<IsoProject> {
  let query = db.selectFrom('gov_iso_projects').selectAll().where('org_id', '=', orgId);
  query =
    projectId !== undefined
      ? query.where('id', '=', projectId)
      : query.where('status', '=', 'active').orderBy('created_at').orderBy('id');
  const row = await query.limit(1).executeTakeFirst();
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
  };
}

interface Entry {
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
}

/** All 93 controls in catalog order joined with the project's SoA entries (defaults where no entry exists). */
async function entries(db: Kysely<Database>, orgId: string, projectId: string): Promise<Entry[]> {
  const rows = await sql<{
    control_id: string;
    applicable: number;
    justification: string | null;
    implementation_status: string;
    result: string;
    maturity_current: number | null;
    maturity_target: number | null;
    owner_name: string | null;
  }>`
    select s.control_id, s.applicable, s.justification, s.implementation_status, s.result, s.maturity_current,
      s.maturity_target, o.display_name as owner_name
    from gov_soa_entries s left join gov_identities o on o.id = s.owner_id and o.org_id = s.org_id
    where s.org_id = ${orgId} and s.project_id = ${projectId}`.execute(db);
  const byId = new Map(rows.rows.map((r) => [r.control_id, r]));
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
    };
  });
}

/** iso_controls_list. The 93 Annex A controls with the project's SoA state (93 is the whole set: no cap needed). */
export async function isoControlsList(
  db: Kysely<Database>,
  orgId: string,
  options: { projectId?: string } = {},
) {
  const project = await resolveProject(db, orgId, options.projectId);
  const items = await entries(db, orgId, project.id);
  return { projectId: project.id, project, items, total: items.length, truncated: false };
}

/**
 * iso_gap_status. A gap is an applicable control (or one without an SoA entry: not yet decided, counted as
 * applicable) that is not implemented. Per theme and overall; maturity gaps: current below target.
 */
export async function isoGapStatus(
  db: Kysely<Database>,
  orgId: string,
  options: { projectId?: string } = {},
) {
  const project = await resolveProject(db, orgId, options.projectId);
  const all = await entries(db, orgId, project.id);
  const tally = (list: Entry[]) => {
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
  };
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
    overall: tally(all),
    byTheme: Object.fromEntries(THEMES.map((t) => [t, tally(all.filter((e) => e.theme === t))])),
    gapControls: gaps.map((e) => ({
      controlId: e.controlId,
      title: e.title,
      implementationStatus: e.implementationStatus,
    })),
    maturityGaps: maturityGaps.length,
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
