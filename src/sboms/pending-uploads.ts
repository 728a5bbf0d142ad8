/**
 * What is left of an upload that did not finish (docs/upload-fairness.md): a pending SBOM and the components its
 * short transactions stored. A refused or failed upload deletes its own; what a crash leaves, the sweep deletes
 * at start-up and hourly.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { inChunks } from './chunked-delete.ts';
import * as repo from './sbom.repository.ts';

/**
 * Deletes a pending SBOM's violations (those its batches wrote for component-only policies; on SQLite a chunk per
 * statement) and components a chunk per statement, then its row with what a writer added meanwhile, each its own short transaction: on
 * PostgreSQL no foreign key takes the violations with the row (migration 2026-11-28-10). Only while it is still
 * pending: an upload whose last transaction committed meanwhile is left alone.
 */
export async function discardPending(db: Kysely<Database>, orgId: string, sbomId: string): Promise<void> {
  await inChunks((limit) => repo.deleteViolationsChunk(db, orgId, sbomId, limit, { onlyPending: true }));
  await inChunks((limit) => repo.deleteComponentsChunk(db, orgId, sbomId, limit, { onlyPending: true }));
  await repo.deletePendingSbom(db, orgId, sbomId);
}

/**
 * Deletes every SBOM pending since before `before` (ISO time); returns how many. On SQLite the one-server lock
 * (db/server-lock.ts) makes every pending SBOM at start-up abandoned (pass now); PostgreSQL's other instances may
 * be uploading, so there only those older than any upload can last (`ABANDONED_UPLOAD_MS`).
 */
export async function sweepPendingUploads(db: Kysely<Database>, before: string): Promise<number> {
  const abandoned = await repo.pendingSbomsBefore(db, before);
  for (const { org_id, id } of abandoned) await discardPending(db, org_id, id);
  return abandoned.length;
}

/**
 * How long an upload can last at most: the body's deadline and the store time are minutes, so one pending for an
 * hour is abandoned.
 */
export const ABANDONED_UPLOAD_MS = 60 * 60_000;

/**
 * The sweep as a server runs it at `now` (ms): at start-up on SQLite every pending SBOM (the one-server lock:
 * no other process can be uploading), otherwise those pending for longer than `ABANDONED_UPLOAD_MS`.
 */
export function sweepAbandonedUploads(
  db: Kysely<Database>,
  when: { startUp: boolean; dialect: 'sqlite' | 'postgres' },
  now = Date.now(),
): Promise<number> {
  const everyPending = when.startUp && when.dialect === 'sqlite';
  return sweepPendingUploads(db, new Date(everyPending ? now + 1 : now - ABANDONED_UPLOAD_MS).toISOString());
}
