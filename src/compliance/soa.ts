// The Statement of Applicability export (GET /governance/soa/export): every Annex A control of a project with its
// applicability, justification, status, evidence coverage at the time of the export and the evidence behind it,
// as JSON or CSV, so an auditor gets one file.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { entries, resolveProject } from '../governance/iso/iso.service.ts';
import { csvField } from '../shared/csv.ts';
import { nowIso } from '../shared/time.ts';
import { projectEvidence } from './compliance.repository.ts';

export type Coverage = 'current' | 'expiredOrPending' | 'none' | 'notApplicable';

export interface SoaEvidence {
  id: string;
  title: string;
  status: string;
  collectedAt: string;
  expiresAt: string | null;
  /** `bulwark:<collector>` for collected evidence, `import` for evidence of a governance bundle. */
  source: string;
}

/**
 * Coverage as iso_gap_status counts it: current accepted evidence (no expiry, or not yet expired); else only
 * expired accepted or pending evidence; else none (rejected evidence is no evidence). Excluded controls: n/a.
 */
function coverageOf(applicable: boolean | null, evidence: SoaEvidence[], asOf: string): Coverage {
  if (applicable === false) return 'notApplicable';
  const current = (e: SoaEvidence) =>
    e.status === 'accepted' && (e.expiresAt === null || e.expiresAt >= asOf);
  if (evidence.some(current)) return 'current';
  if (evidence.some((e) => e.status === 'pending' || e.status === 'accepted')) return 'expiredOrPending';
  return 'none';
}

export async function statementOfApplicability(
  db: Kysely<Database>,
  orgId: string,
  options: { projectId?: string; asOf?: string } = {},
) {
  const asOf = options.asOf ?? nowIso();
  const project = await resolveProject(db, orgId, options.projectId);
  const [controls, evidence] = await Promise.all([
    entries(db, orgId, project.id),
    projectEvidence(db, orgId, project.id),
  ]);
  const byControl = new Map<string, SoaEvidence[]>();
  for (const e of evidence) {
    const list = byControl.get(e.control_id) ?? [];
    list.push({
      id: e.id,
      title: e.title,
      status: e.status,
      collectedAt: e.collected_at,
      expiresAt: e.expires_at,
      source: e.source ?? 'import',
    });
    byControl.set(e.control_id, list);
  }
  return {
    projectId: project.id,
    project: project.name,
    soaVersion: project.soaVersion,
    asOf,
    controls: controls.map((c) => {
      const items = byControl.get(c.controlId) ?? [];
      return {
        controlId: c.controlId,
        theme: c.theme,
        title: c.title,
        applicable: c.applicable,
        justification: c.justification,
        implementationStatus: c.implementationStatus,
        result: c.result,
        evidenceCoverage: coverageOf(c.applicable, items, asOf),
        evidence: items,
      };
    }),
  };
}

export type StatementOfApplicability = Awaited<ReturnType<typeof statementOfApplicability>>;

const CSV_COLUMNS = [
  'controlId',
  'theme',
  'title',
  'applicable',
  'justification',
  'implementationStatus',
  'result',
  'evidenceCoverage',
  'currentEvidence',
  'evidenceIds',
  'evidenceSources',
] as const;

export function soaCsv(soa: StatementOfApplicability): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const c of soa.controls) {
    const current = c.evidence.filter(
      (e) => e.status === 'accepted' && (e.expiresAt === null || e.expiresAt >= soa.asOf),
    );
    const values = [
      c.controlId,
      c.theme,
      c.title,
      c.applicable === null ? 'undecided' : c.applicable ? 'yes' : 'no',
      c.justification ?? '',
      c.implementationStatus,
      c.result,
      c.evidenceCoverage,
      String(current.length),
      c.evidence.map((e) => e.id).join(' '),
      [...new Set(c.evidence.map((e) => e.source))].join(' '),
    ];
    lines.push(values.map(csvField).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
