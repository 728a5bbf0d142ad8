/** Deleting many rows without holding SQLite's write lock or the event loop for long (docs/resilience.md). */
import { nextTurn } from '../shared/turns.ts';

/** Rows per delete statement: ~20 ms of SQLite's write lock (docs/resilience.md). */
export const DELETE_CHUNK_ROWS = 2_000;

/** Calls `deleteChunk` until it deletes fewer than a chunk, with a turn of the event loop between calls. */
export async function inChunks(deleteChunk: (limit: number) => Promise<number>): Promise<void> {
  while ((await deleteChunk(DELETE_CHUNK_ROWS)) === DELETE_CHUNK_ROWS) {
    await nextTurn();
  }
}
