// Bundle section `soaEntries`: the statement of applicability, keyed by (project, control).
import { toBool } from '../../../db/helpers.ts';
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import { opt, type ImportContext, type Row } from './context.ts';

export async function writeSoaEntries(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['soaEntries']>[] | undefined,
  refs: { projects: TableSync; identities: TableSync },
): Promise<TableSync> {
  const soa = await ctx.sync(
    'gov_soa_entries',
    'soa',
    (r) => `${String(r.project_id)} ${String(r.control_id)}`,
    'updated_at',
  );
  // Risk links name risk register entries of this organisation (risks have their own API, like vendors).
  const risks = rows?.some((s) => s.riskIds?.length)
    ? new Set(
        (await ctx.db.selectFrom('risks').select('id').where('org_id', '=', ctx.orgId).execute()).map(
          (r) => r.id,
        ),
      )
    : new Set<string>();
  (rows ?? []).forEach((s, n) => {
    (s.riskIds ?? []).forEach((id, k) => {
      if (!risks.has(id)) ctx.error(`soaEntries[${n}].riskIds[${k}]`, `unknown risk '${id}'`);
    });
    const riskIds = [...new Set(s.riskIds ?? [])].sort();
    soa.stage({
      project_id: ctx.ref(
        refs.projects,
        s.projectExternalId,
        `soaEntries[${n}].projectExternalId`,
        'ISO project',
      ),
      control_id: s.controlId,
      applicable: toBool(s.applicable),
      justification: opt(s.justification),
      implementation_status: s.implementationStatus,
      result: s.result ?? 'not_assessed',
      maturity_current: opt(s.maturityCurrent),
      maturity_target: opt(s.maturityTarget),
      risk_ids: riskIds.length > 0 ? JSON.stringify(riskIds) : null,
      owner_id: ctx.ref(refs.identities, s.ownerExternalId, `soaEntries[${n}].ownerExternalId`, 'identity'),
    });
  });
  await ctx.flush('soaEntries', soa, rows?.length);
  return soa;
}
