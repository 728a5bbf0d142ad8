// Bundle section `sodRules`: pairs of entitlements one identity must not hold together.
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

export async function writeSodRules(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['sodRules']>[] | undefined,
  refs: { entitlements: TableSync },
): Promise<TableSync> {
  const sod = await ctx.sync('gov_sod_rules', 'sod');
  (rows ?? []).forEach((r, n) =>
    sod.stage({
      external_id: r.externalId,
      name: r.name,
      severity: r.severity,
      entitlement_a_id: ctx.ref(
        refs.entitlements,
        r.entitlementAExternalId,
        `sodRules[${n}].entitlementAExternalId`,
        'entitlement',
      ),
      entitlement_b_id: ctx.ref(
        refs.entitlements,
        r.entitlementBExternalId,
        `sodRules[${n}].entitlementBExternalId`,
        'entitlement',
      ),
    }),
  );
  await ctx.flush('sodRules', sod, rows?.length);
  return sod;
}
