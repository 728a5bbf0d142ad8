// Bundle section `entitlements`: roles and permissions on systems.
import { toBool } from '../../../db/helpers.ts';
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

/** Writes the entitlements; returns the table and the ids of updated ones (their grants' copies follow). */
export async function writeEntitlements(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['entitlements']>[] | undefined,
  refs: { systems: TableSync },
): Promise<{ entitlements: TableSync; changed: string[] }> {
  const entitlements = await ctx.sync('gov_entitlements', 'ent');
  (rows ?? []).forEach((e, n) =>
    entitlements.stage({
      external_id: e.externalId,
      system_id: ctx.ref(refs.systems, e.systemExternalId, `entitlements[${n}].systemExternalId`, 'system'),
      name: e.name,
      privileged: toBool(e.privileged),
      risk_level: e.riskLevel,
    }),
  );
  const changed = await ctx.flush('entitlements', entitlements, rows?.length);
  return { entitlements, changed };
}
