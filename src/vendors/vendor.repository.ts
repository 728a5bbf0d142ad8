/** The vendors' queries, always filtered on the organisation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import type { VendorRow } from './vendor.table.ts';

/** The most frequent read of the API (every vendor list): compiled once. */
export const listVendors: (db: Kysely<Database>, orgId: string) => Promise<VendorRow[]> = preparedQuery(
  (db, orgId: string) =>
    db
      .selectFrom('vendors')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id'),
);

/** The first page of `listVendors`; `listVendorsAfter` reads the next ones. */
// The key is the store's own lower(name): SQLite lowers ASCII only, PostgreSQL by locale, JavaScript neither way.
type VendorPageRow = VendorRow & { lower_name: string };

export const listVendorsFirst: (
  db: Kysely<Database>,
  orgId: string,
  limit: number,
) => Promise<VendorPageRow[]> = preparedQuery((db, orgId: string, limit: number) =>
  db
    .selectFrom('vendors')
    .selectAll()
    .select((eb) => eb.fn<string>('lower', ['name']).as('lower_name'))
    .where('org_id', '=', orgId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .limit(limit),
);

/** The `limit` vendors after (lowerName, id) in list order. */
export const listVendorsAfter = (
  db: Kysely<Database>,
  orgId: string,
  after: { lowerName: string; id: string },
  limit: number,
): Promise<VendorPageRow[]> =>
  db
    .selectFrom('vendors')
    .selectAll()
    .select((eb) => eb.fn<string>('lower', ['name']).as('lower_name'))
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), '>', after.lowerName),
        eb.and([eb(eb.fn('lower', ['name']), '=', after.lowerName), eb('id', '>', after.id)]),
      ]),
    )
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .limit(limit)
    .execute();

export const findVendor = (db: Kysely<Database>, orgId: string, id: string): Promise<VendorRow | undefined> =>
  db.selectFrom('vendors').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const insertVendor = (db: Kysely<Database>, row: VendorRow) =>
  db.insertInto('vendors').values(row).execute();

export async function replaceVendor(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  changes: Omit<VendorRow, 'id' | 'org_id' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('vendors')
    .set(changes)
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts per (tier, status) in SQL: the summary never loads the vendor rows. */
export const countVendorsByTierAndStatus = (db: Kysely<Database>, orgId: string) =>
  db
    .selectFrom('vendors')
    .select(['risk_tier', 'assessment_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .groupBy(['risk_tier', 'assessment_status'])
    .execute();

/** Third parties (every type but internal) for the tool server: tier 1 first, then by name; at most `limit`. */
export const listThirdPartyVendors = (
  db: Kysely<Database>,
  orgId: string,
  limit: number,
): Promise<VendorRow[]> =>
  db
    .selectFrom('vendors')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('type', '<>', 'internal')
    .orderBy('risk_tier')
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .limit(limit)
    .execute();

export const countThirdPartyVendors = async (db: Kysely<Database>, orgId: string): Promise<number> => {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('type', '<>', 'internal')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Third-party counts per (type, tier, status): grouped in the order of a covering index, so no row is read. */
export const countThirdPartyVendorsByTierAndStatus = (db: Kysely<Database>, orgId: string) =>
  db
    .selectFrom('vendors')
    .select(['type', 'risk_tier', 'assessment_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('type', '<>', 'internal')
    .groupBy(['type', 'risk_tier', 'assessment_status'])
    .execute();
