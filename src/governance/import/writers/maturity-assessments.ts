// Bundle section `maturityAssessments`: the maturity score history per project and control.
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import { opt, type ImportContext, type Row } from './context.ts';

export async function writeMaturityAssessments(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['maturityAssessments']>[] | undefined,
  refs: { projects: TableSync; identities: TableSync },
): Promise<TableSync> {
  const maturity = await ctx.sync('gov_maturity_assessments', 'mat');
  (rows ?? []).forEach((m, n) =>
    maturity.stage({
      external_id: m.externalId,
      project_id: ctx.ref(
        refs.projects,
        m.projectExternalId,
        `maturityAssessments[${n}].projectExternalId`,
        'ISO project',
      ),
      control_id: m.controlId,
      score: m.score,
      target: opt(m.target),
      assessed_at: ctx.ts(m.assessedAt),
      assessor_id: ctx.ref(
        refs.identities,
        m.assessorExternalId,
        `maturityAssessments[${n}].assessorExternalId`,
        'identity',
      ),
      notes: opt(m.notes),
    }),
  );
  await ctx.flush('maturityAssessments', maturity, rows?.length);
  return maturity;
}
