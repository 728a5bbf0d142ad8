// Bundle section `sodExceptions`: an accepted separation-of-duty conflict of one identity under one rule,
// with its mitigating control, approver and expiry (time-bound: past its expiry it no longer applies).
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

export async function writeSodExceptions(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['sodExceptions']>[] | undefined,
  refs: { sodRules: TableSync; identities: TableSync },
): Promise<TableSync> {
  const exceptions = await ctx.sync('gov_sod_exceptions', 'sox');
  (rows ?? []).forEach((x, n) => {
    const p = `sodExceptions[${n}]`;
    const approvedAt = ctx.ts(x.approvedAt)!;
    const expiresAt = ctx.ts(x.expiresAt)!;
    if (expiresAt <= approvedAt) ctx.error(`${p}.expiresAt`, 'must be after approvedAt');
    exceptions.stage({
      external_id: x.externalId,
      rule_id: ctx.ref(refs.sodRules, x.ruleExternalId, `${p}.ruleExternalId`, 'SoD rule'),
      identity_id: ctx.ref(refs.identities, x.identityExternalId, `${p}.identityExternalId`, 'identity'),
      mitigating_control: x.mitigatingControl,
      approved_by_id: ctx.ref(
        refs.identities,
        x.approvedByExternalId,
        `${p}.approvedByExternalId`,
        'identity',
      ),
      approved_at: approvedAt,
      expires_at: expiresAt,
    });
  });
  await ctx.flush('sodExceptions', exceptions, rows?.length);
  return exceptions;
}
