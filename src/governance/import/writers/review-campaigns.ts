// Bundle section `reviewCampaigns`: access review campaigns.
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

export async function writeReviewCampaigns(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['reviewCampaigns']>[] | undefined,
  refs: { identities: TableSync },
): Promise<TableSync> {
  const campaigns = await ctx.sync('gov_review_campaigns', 'uac');
  (rows ?? []).forEach((c, n) =>
    campaigns.stage({
      external_id: c.externalId,
      name: c.name,
      status: c.status,
      owner_id: ctx.ref(
        refs.identities,
        c.ownerExternalId,
        `reviewCampaigns[${n}].ownerExternalId`,
        'identity',
      ),
      started_at: ctx.ts(c.startedAt),
      due_at: ctx.ts(c.dueAt),
      completed_at: ctx.ts(c.completedAt),
    }),
  );
  await ctx.flush('reviewCampaigns', campaigns, rows?.length);
  return campaigns;
}
