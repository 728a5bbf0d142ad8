import { sql, type Kysely } from 'kysely';

// Frozen: indexes for the tool server's supplier tools over the vendors table (third parties, tier 1 first).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // supplier_list walks this in order and stops after its cap instead of sorting every vendor.
  await db.schema
    .createIndex('vendors_org_tier_lower_name_idx')
    .on('vendors')
    .expression(sql`org_id, risk_tier, lower(name), id`)
    .execute();
  // Counts per type, tier and status are answered from the index alone.
  await db.schema
    .createIndex('vendors_org_type_tier_status_idx')
    .on('vendors')
    .columns(['org_id', 'type', 'risk_tier', 'assessment_status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('vendors_org_type_tier_status_idx').execute();
  await db.schema.dropIndex('vendors_org_tier_lower_name_idx').execute();
}
