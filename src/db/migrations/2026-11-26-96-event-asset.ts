import type { Kysely } from 'kysely';

// Frozen: the asset an event is about (docs/portfolio-access.md, "Events and webhooks"). A webhook delivers an
// asset's events only while that asset is in its creator's reach, checked at each attempt; the asset is stored
// with the event because an SBOM's row may be gone by then (sbom.deleted, retention) and payloads are a published
// contract, not an index. Null for organisation-wide events. Events recorded before this migration have none: an
// asset event without an asset goes only to webhooks whose creator reaches the whole organisation.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('asset_id', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('asset_id').execute();
}
