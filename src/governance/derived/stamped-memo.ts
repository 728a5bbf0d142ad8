/**
 * Figures computed from the governance import's data alone, kept per store and organisation under the posture
 * snapshot's stamp. Only the import writes those tables, and every import that changed anything rewrites the
 * snapshot with a later stamp (refresh.ts, access/posture-snapshot.ts). So the caller reads the stamp with the
 * snapshot, in the same call, and asks for the value under it: the first call after a change reads another stamp
 * and computes again, on every instance, and nothing stale is served.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Organisations memoised per store and memo; past this the least recently computed one is dropped. */
export const MAX_MEMOS = 1_000;

export class StampedMemo<T> {
  readonly #compute: (db: Kysely<Database>, orgId: string) => Promise<T>;
  readonly #byStore = new WeakMap<Kysely<Database>, Map<string, { stamp: string; value: Promise<T> }>>();

  constructor(compute: (db: Kysely<Database>, orgId: string) => Promise<T>) {
    this.#compute = compute;
  }

  /**
   * The value of `orgId` under `stamp`, computed when absent or kept under another stamp. Without a snapshot
   * (stamp null: nothing imported yet) it is computed and not kept; a failed computation is not kept either.
   */
  get(db: Kysely<Database>, orgId: string, stamp: string | null): Promise<T> {
    if (stamp === null) return this.#compute(db, orgId);
    let byOrg = this.#byStore.get(db);
    if (!byOrg) this.#byStore.set(db, (byOrg = new Map()));
    const kept = byOrg.get(orgId);
    if (kept?.stamp === stamp) return kept.value;
    const value = this.#compute(db, orgId);
    byOrg.delete(orgId);
    byOrg.set(orgId, { stamp, value });
    if (byOrg.size > MAX_MEMOS) byOrg.delete(byOrg.keys().next().value!);
    value.catch(() => {
      if (byOrg.get(orgId)?.value === value) byOrg.delete(orgId);
    });
    return value;
  }
}
