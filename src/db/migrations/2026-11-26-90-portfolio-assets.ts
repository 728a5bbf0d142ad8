import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';
import { newId } from '../../shared/ids.ts';

// Frozen: assets as records (docs/portfolio.md). Until now an asset was only the `asset_name` its SBOMs share;
// each distinct (org_id, asset_name) becomes one asset row (`ast_…`), and every SBOM points at it through
// `sboms.asset_id` (an old free-form value there is replaced). `asset_name` stays, always equal to the asset's
// name. Tags are lowercase words; retention settings are JSON text on the asset and on the organisation.
// `sboms.asset_id` is NOT NULL on PostgreSQL after the backfill; SQLite cannot add the constraint to an existing
// column without rebuilding the table, so there the services guarantee it.

/** Assets inserted per statement by the backfill. */
const BACKFILL_CHUNK = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('classifier', 'text', (c) => c.notNull().defaultTo('application'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('retention', 'text')
    .addColumn('last_upload_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One asset per name in an organisation: what makes concurrent find-or-create race-safe.
  await db.schema.createIndex('assets_org_name').unique().on('assets').columns(['org_id', 'name']).execute();
  await db.schema.createIndex('assets_org_parent').on('assets').columns(['org_id', 'parent_id']).execute();

  await db.schema
    .createTable('asset_tags')
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('asset_id', 'text', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('asset_tags_pk', ['asset_id', 'tag'])
    .execute();
  await db.schema.createIndex('asset_tags_org_tag').on('asset_tags').columns(['org_id', 'tag']).execute();

  await db.schema.alterTable('organizations').addColumn('retention', 'text').execute();

  // Backfill: one asset per distinct name, created when its first SBOM was, last uploaded with its newest.
  const names = await db
    .selectFrom('sboms')
    .select([
      'org_id',
      'asset_name',
      (eb) => eb.fn.min('created_at').as('first_at'),
      (eb) => eb.fn.max('created_at').as('last_at'),
    ])
    .groupBy(['org_id', 'asset_name'])
    .orderBy('org_id')
    .orderBy('asset_name')
    .execute();
  for (let start = 0; start < names.length; start += BACKFILL_CHUNK) {
    const rows = names.slice(start, start + BACKFILL_CHUNK).map((n) => ({
      id: newId('ast'),
      org_id: n.org_id as string,
      name: n.asset_name as string,
      parent_id: null,
      classifier: 'application',
      active: 1,
      retention: null,
      last_upload_at: n.last_at as string,
      created_at: n.first_at as string,
      updated_at: n.last_at as string,
    }));
    await db.insertInto('assets').values(rows).execute();
  }
  await sql`update sboms set asset_id = (
      select a.id from assets a where a.org_id = sboms.org_id and a.name = sboms.asset_name)`.execute(db);
  if (dialectOf(db) === 'postgres')
    await db.schema
      .alterTable('sboms')
      .alterColumn('asset_id', (c) => c.setNotNull())
      .execute();
  await db.schema.createIndex('sboms_org_asset').on('sboms').columns(['org_id', 'asset_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sboms_org_asset').execute();
  if (dialectOf(db) === 'postgres')
    await db.schema
      .alterTable('sboms')
      .alterColumn('asset_id', (c) => c.dropNotNull())
      .execute();
  await sql`update sboms set asset_id = null`.execute(db);
  await db.schema.alterTable('organizations').dropColumn('retention').execute();
  await db.schema.dropTable('asset_tags').execute();
  await db.schema.dropTable('assets').execute();
}
