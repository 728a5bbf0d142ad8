// Bundle section `evidence`: evidence collected for a control of a project.
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

export async function writeEvidence(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['evidence']>[] | undefined,
  refs: { projects: TableSync; identities: TableSync },
): Promise<TableSync> {
  const evidence = await ctx.sync('gov_evidence', 'evd');
  (rows ?? []).forEach((e, n) =>
    evidence.stage({
      external_id: e.externalId,
      project_id: ctx.ref(
        refs.projects,
        e.projectExternalId,
        `evidence[${n}].projectExternalId`,
        'ISO project',
      ),
      control_id: e.controlId,
      title: e.title,
      collected_at: ctx.ts(e.collectedAt),
      expires_at: ctx.ts(e.expiresAt),
      status: e.status,
      collector_id: ctx.ref(
        refs.identities,
        e.collectorExternalId,
        `evidence[${n}].collectorExternalId`,
        'identity',
      ),
    }),
  );
  await ctx.flush('evidence', evidence, rows?.length);
  return evidence;
}
