// Bundle section `systems`: connected applications.
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import type { ImportContext, Row } from './context.ts';

export async function writeSystems(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['systems']>[] | undefined,
): Promise<TableSync> {
  const systems = await ctx.sync('gov_systems', 'sys');
  for (const s of rows ?? [])
    systems.stage({
      external_id: s.externalId,
      name: s.name,
      criticality: s.criticality,
      last_sync_at: ctx.ts(s.lastSyncAt),
    });
  await ctx.flush('systems', systems, rows?.length);
  return systems;
}
