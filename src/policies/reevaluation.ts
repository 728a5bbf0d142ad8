// Background re-evaluation after a policy or license group changes, or vulnerability data changes: each SBOM of
// the organisation in its own short transaction, the latest SBOM of each asset first, pages of components with
// event-loop turns between them (docs/resilience.md: no hold over ~100 ms).
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { turnTaker } from '../shared/turns.ts';
import { evaluateSbom, loadPolicySet } from './evaluation.ts';
import { sbomsByPriority } from './violation.repository.ts';

/** Where a failed background run is reported (the server's logger). */
export interface ErrorLog {
  error(fields: object, message: string): void;
}

export interface ReevaluationResult {
  sboms: number;
  created: number;
  removed: number;
}

/** One run per organisation at a time; a change during a run asks for one more run after it. */
export class Reevaluation {
  readonly #db: Kysely<Database>;
  readonly #log: ErrorLog | undefined;
  readonly #evaluated: ((result: ReevaluationResult) => void) | undefined;
  readonly #running = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();

  /** `evaluated`: told after each completed run (the store refreshes statistics after one that wrote many rows). */
  constructor(db: Kysely<Database>, log?: ErrorLog, evaluated?: (result: ReevaluationResult) => void) {
    this.#db = db;
    this.#log = log;
    this.#evaluated = evaluated;
  }

  /** Starts (or queues) a re-evaluation of the organisation's SBOMs; never throws (failures are logged). */
  schedule(orgId: string): void {
    if (this.#running.has(orgId)) {
      this.#again.add(orgId);
      return;
    }
    const run = (async () => {
      do {
        this.#again.delete(orgId);
        try {
          const result = await this.run(orgId);
          this.#evaluated?.(result);
        } catch (error) {
          if (this.#log) this.#log.error({ err: error, orgId }, 'policy re-evaluation failed');
          // Never silent: a failed run leaves violations stale until the next change.
          else process.emitWarning(`policy re-evaluation of ${orgId} failed: ${(error as Error).message}`);
        }
      } while (this.#again.has(orgId));
    })().finally(() => this.#running.delete(orgId));
    this.#running.set(orgId, run);
  }

  /** Re-evaluates every organisation with enabled policies (after a vulnerability-data change). */
  async scheduleAll(): Promise<void> {
    const orgs = await this.#db
      .selectFrom('policies')
      .select('org_id')
      .where('enabled', '=', 1)
      .distinct()
      .execute();
    for (const { org_id: orgId } of orgs) this.schedule(orgId);
  }

  /** Resolves when no run is going (tests and the CLI wait for it). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running.values()]);
  }

  /** One pass over the organisation's SBOMs with the policies as they are now. */
  async run(orgId: string): Promise<ReevaluationResult> {
    const set = await loadPolicySet(this.#db, orgId);
    const turn = turnTaker(30);
    const result: ReevaluationResult = { sboms: 0, created: 0, removed: 0 };
    for (const sbomId of await sbomsByPriority(this.#db, orgId)) {
      const { created, removed } = await this.#db
        .transaction()
        .execute((trx) => evaluateSbom(trx, orgId, sbomId, set, { turn }));
      result.sboms += 1;
      result.created += created;
      result.removed += removed;
      await turn();
    }
    return result;
  }
}
