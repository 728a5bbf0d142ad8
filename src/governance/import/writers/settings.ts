// Bundle section `settings`: the organisation's governance thresholds (one row, replaced when it changes).
import { nowIso } from '../../../shared/time.ts';
import { getSettings } from '../../common.ts';
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { ImportContext } from './context.ts';

/**
 * Writes the given settings over the current ones; true when something changed. Either way the context
 * learns the time zone, so this bundle's date-only values are read in it.
 */
export async function writeSettings(ctx: ImportContext, s: GovernanceBundle['settings']): Promise<boolean> {
  const current = await getSettings(ctx.db, ctx.orgId);
  const next = { ...current, ...s };
  ctx.timeZone = next.timeZone;
  if (!s || JSON.stringify(next) === JSON.stringify(current)) return false;
  const row = {
    stale_account_days: next.staleAccountDays,
    offboarding_sla_hours: next.offboardingSlaHours,
    review_remediation_sla_days: next.reviewRemediationSlaDays,
    privileged_remediation_sla_days: next.privilegedRemediationSlaDays,
    timezone: next.timeZone,
    updated_at: nowIso(),
  };
  await ctx.db.deleteFrom('gov_settings').where('org_id', '=', ctx.orgId).execute();
  await ctx.db
    .insertInto('gov_settings')
    .values({ org_id: ctx.orgId, ...row })
    .execute();
  return true;
}
