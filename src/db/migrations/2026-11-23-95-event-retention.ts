import type { Kysely } from 'kysely';

// Frozen: the retention sweep (webhooks/retention.ts) finds the oldest events by creation time.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('events_created_idx').on('events').columns(['created_at', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('events_created_idx').execute();
}
