// Bundle section `supplierAssessments`: assessment history of existing vendors (named by their vnd_ id).
import type { GovernanceBundle } from '../bundle.schema.ts';
import { opt, type ImportContext, type Row } from './context.ts';

export async function writeSupplierAssessments(
  ctx: ImportContext,
  rows: Row<GovernanceBundle['supplierAssessments']>[] | undefined,
): Promise<void> {
  if (!rows) return;
  const vendors = new Set(
    (await ctx.db.selectFrom('vendors').select('id').where('org_id', '=', ctx.orgId).execute()).map(
      (v) => v.id,
    ),
  );
  const sync = await ctx.sync('gov_supplier_assessments', 'sas');
  rows.forEach((s, n) => {
    if (!vendors.has(s.vendorId))
      ctx.error(`supplierAssessments[${n}].vendorId`, `unknown vendor '${s.vendorId}'`);
    sync.stage({
      external_id: s.externalId,
      vendor_id: s.vendorId,
      assessed_at: ctx.ts(s.assessedAt),
      status: s.status,
      score: opt(s.score),
      notes: opt(s.notes),
    });
  });
  await ctx.flush('supplierAssessments', sync, rows.length);
}
