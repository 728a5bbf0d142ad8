import type { Kysely } from 'kysely';

// Frozen: an upload is written in short transactions (docs/upload-fairness.md): its SBOM row exists from the
// first with `pending_since` set (the time the upload began) and becomes visible when its last transaction sets
// it to null. Every reader leaves pending SBOMs out (db/visible-sbom.ts); start-up sweeps abandoned ones.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('sboms').addColumn('pending_since', 'text').execute();
  // The sweep's lookup; pending SBOMs are few, so the partial index stays small.
  await db.schema
    .createIndex('sboms_pending_since')
    .on('sboms')
    .column('pending_since')
    .where('pending_since', 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('sboms_pending_since').execute();
  await db.schema.alterTable('sboms').dropColumn('pending_since').execute();
}
