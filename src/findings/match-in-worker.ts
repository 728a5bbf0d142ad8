/** An upload's batches matched in a worker thread (match-worker.ts) while the main thread stores them. */
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { turnTaker } from '../shared/turns.ts';
import {
  type AdvisorySeverity,
  generation,
  getVersionOrdering,
  loadCandidates,
  type PackageRef,
  type SeverityLevel,
} from '../vulndb/index.ts';
import { packageCacheKey, type CandidateCache } from './candidate-cache.ts';
import {
  type MatchableComponent,
  type ResolvedVulnerability,
  settleSeverity,
  tooManyFindings,
} from './finding-matching.ts';
import type { MatchedVulnerability } from './matcher.ts';
import type { FromMatchWorker, ToMatchWorker } from './match-worker.ts';

/**
 * One worker per process, started on first use. It keeps its own prepared candidates per advisory generation
 * (preparing them is what costs: 590–674 ms for a 4,000-component batch's packages, BENCHMARKS.md), so only the
 * rows of packages it has not seen cross, and a batch crosses as one JSON string, its matches back as indexes.
 * The main thread reads the generation and the rows, and settles severities (aliases stored for other ecosystems)
 * through the candidate cache, as in-process matching does.
 *
 * Whenever the worker cannot answer (it holds another generation, it failed, it took longer than `timeoutMs`),
 * `match` answers undefined and the caller matches in process: an upload never waits on a broken worker, and
 * nothing is stored before the upload's last transaction either way. A failed or stalled worker is terminated
 * and the next batch starts another.
 */
const MAX_PACKAGES = 200_000;

export class MatchWorker {
  readonly #url: URL;
  readonly #timeoutMs: number;
  #worker: Worker | undefined;
  /** Packages the worker holds for `#generation` and `#resets`, at most MAX_PACKAGES (as the candidate cache). */
  #held = new Set<string>();
  #generation: number | undefined;
  /** Bumped when `#held` starts again within one generation: the worker drops what it holds on a new epoch. */
  #resets = 0;
  #next = 0;
  readonly #waiting = new Map<number, (answer: FromMatchWorker | undefined) => void>();

  constructor(options: { timeoutMs?: number; url?: URL } = {}) {
    this.#url = options.url ?? new URL('./match-worker.ts', import.meta.url);
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Matches of `components` by component id, or undefined when the caller must match them in process. */
  async match(
    db: Kysely<Database>,
    components: readonly MatchableComponent[],
    cache: CandidateCache,
    fallback: SeverityLevel,
    maxMatches = Infinity,
  ): Promise<Map<string, ResolvedVulnerability[]> | undefined> {
    const ids: string[] = [];
    const fields: string[] = [];
    const packages = new Map<string, PackageRef>();
    const current = await generation(db);
    if (current !== this.#generation) {
      this.#held.clear();
      this.#generation = current;
    }
    const supported = new Map<string, boolean>();
    for (const c of components) {
      if (!c.ecosystem || !c.packageKey || !c.version) continue;
      let ok = supported.get(c.ecosystem);
      if (ok === undefined) supported.set(c.ecosystem, (ok = getVersionOrdering(c.ecosystem) !== undefined));
      if (!ok) continue;
      ids.push(c.id);
      fields.push(c.ecosystem, c.packageKey, c.version);
      const key = packageCacheKey(c.ecosystem, c.packageKey);
      if (!packages.has(key)) packages.set(key, { ecosystem: c.ecosystem, packageKey: c.packageKey });
    }
    const result = new Map<string, ResolvedVulnerability[]>();
    if (ids.length === 0) return result;
    let missing = [...packages].filter(([key]) => !this.#held.has(key));
    if (this.#held.size + missing.length > MAX_PACKAGES) {
      // Bounded as the candidate cache is: the worker starts again from this batch's packages.
      this.#resets++;
      this.#held.clear();
      missing = [...packages];
    }
    const epoch = `${current}/${this.#resets}`;
    const worker = this.#started();
    if (missing.length > 0) {
      const rows = await loadCandidates(
        db,
        missing.map(([, ref]) => ref),
        turnTaker(),
      );
      // Rows read under another generation or epoch than the worker is told (an import, another upload's reset,
      // a restarted worker meanwhile): match in process this time.
      if (
        (await generation(db)) !== current ||
        `${this.#generation}/${this.#resets}` !== epoch ||
        this.#worker !== worker
      )
        return undefined;
      const keys = missing.map(([key]) => key);
      worker.postMessage({ load: { epoch, keys, rows } } satisfies ToMatchWorker);
      for (const key of keys) this.#held.add(key);
    }
    const answer = await this.#ask(worker, epoch, JSON.stringify(fields));
    if (!answer || 'stale' in answer) return undefined;
    const [rawVulnerabilities, pairs] = JSON.parse(answer.result) as [
      [string, string[], string[], string[], AdvisorySeverity[]][],
      number[],
    ];
    if (pairs.length / 2 > maxMatches) throw tooManyFindings(maxMatches);
    const vulnerabilities: MatchedVulnerability[] = rawVulnerabilities.map(
      ([vulnerabilityId, aliases, advisoryIds, fixedVersions, severityParts]) => ({
        vulnerabilityId,
        aliases,
        advisoryIds,
        fixedVersions,
        // The reasons are not sent: an upload's finding rows do not store them (finding-rows.ts).
        reasons: [],
        severityParts,
      }),
    );
    const severities = await settleSeverity(db, cache, vulnerabilities, fallback, turnTaker());
    const resolved = vulnerabilities.map((v, i) => Object.assign(v, { severity: severities[i]! }));
    for (let i = 0; i < pairs.length; i += 2) {
      const id = ids[pairs[i]!]!;
      const v = resolved[pairs[i + 1]!]!;
      const list = result.get(id);
      if (list) list.push(v);
      else result.set(id, [v]);
    }
    return result;
  }

  /** Stops the worker (tests; the process's exit otherwise). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#drop();
    await worker?.terminate();
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.#url);
    worker.unref();
    worker.on('message', (answer: FromMatchWorker) => this.#answer(answer.id, answer));
    const failed = () => {
      if (this.#worker !== worker) return;
      this.#drop();
      void worker.terminate();
    };
    worker.on('error', failed);
    worker.once('exit', failed);
    this.#worker = worker;
    return worker;
  }

  /** Forgets the worker and what it held; whoever waits on it matches in process. */
  #drop() {
    this.#worker = undefined;
    this.#held.clear();
    this.#generation = undefined;
    for (const id of [...this.#waiting.keys()]) this.#answer(id, undefined);
  }

  #answer(id: number, answer: FromMatchWorker | undefined) {
    const waiter = this.#waiting.get(id);
    if (!waiter) return;
    this.#waiting.delete(id);
    if (this.#waiting.size === 0) this.#worker?.unref();
    waiter(answer);
  }

  #ask(worker: Worker, epoch: string, batch: string): Promise<FromMatchWorker | undefined> {
    const id = this.#next++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // Stalled: no later answer is trusted; the worker goes, and its batches are matched in process.
        if (this.#worker === worker) {
          this.#drop();
          void worker.terminate();
        }
        this.#answer(id, undefined);
      }, this.#timeoutMs);
      this.#waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      // While an upload waits for it, the worker keeps the process alive.
      worker.ref();
      worker.postMessage({ match: { id, epoch, batch } } satisfies ToMatchWorker);
    });
  }
}
