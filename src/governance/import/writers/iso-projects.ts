// Bundle section `isoProjects`: ISO 27001 projects.
import { nowIso } from '../../../shared/time.ts';
import type { GovernanceBundle } from '../bundle.schema.ts';
import type { TableSync } from '../table-sync.ts';
import { opt, type ImportContext, type Row } from './context.ts';

export async function writeIsoProjects(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['isoProjects']>[] | undefined,
): Promise<TableSync> {
  const projects = await ctx.sync('gov_iso_projects', 'iso');
  const now = nowIso();
  for (const p of rows ?? []) {
    const existing = projects.get(p.externalId);
    projects.stage({
      external_id: p.externalId,
      name: p.name,
      status: p.status,
      // Without a creation time the first import's time stays (a re-import must not move it).
      created_at: ctx.ts(p.createdAt) ?? (existing?.created_at as string | undefined) ?? now,
      target_date: ctx.ts(p.targetDate),
      soa_version: opt(p.soaVersion),
      soa_approved_at: ctx.ts(p.soaApprovedAt),
    });
  }
  await ctx.flush('isoProjects', projects, rows?.length);
  return projects;
}
