/** Parsed advisory candidates, severities and details kept across uploads for one advisory-database generation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { noTurn } from '../shared/turns.ts';
import { TwoGenerationCache } from '../shared/two-generation-cache.ts';
import type { AdvisoryDetails, Candidate } from './matcher.ts';
import {
  advisoryDetails,
  type CandidateRow,
  generation,
  holdsEcosystem,
  loadCandidates,
  type PackageRef,
  severityOfIds,
  type SeverityRow,
} from '../vulndb/index.ts';

/**
 * Parsed candidate rows per package, severity rows and details per advisory id, kept across uploads in this
 * process. Valid for one advisory-database generation: every lookup first reads the generation (one indexed
 * row), and a change (an import here or in another process) drops everything.
 *
 * Concurrency: lookups interleave (several uploads at once). Every call answers from a map of its own, built
 * from the cache plus what it loaded, so a concurrent clear or a half-loaded entry is never seen; loaded entries
 * are published only while the cache still holds the generation read before loading, so data read before an
 * import can never be kept under the generation after it.
 */

/** Turns a row into a prepared candidate; null when its ecosystem has no version ordering. */
export type CandidateParser = (row: CandidateRow) => Candidate | null;

const MAX_PACKAGES = 200_000;
const MAX_IDS = 500_000;
const NO_DETAILS: AdvisoryDetails = { summary: null, references: [] };

export const packageCacheKey = (ecosystem: string, packageKey: string) => `${ecosystem}\u0000${packageKey}`;

/** Serves `keys` from `cache`, loads the rest with `load`, publishes them if `stillValid()`. */
async function lookThrough<K extends string, V extends object>(
  cache: TwoGenerationCache<K, V>,
  keys: Iterable<K>,
  load: (missing: K[]) => Promise<Map<K, V>>,
  stillValid: () => boolean,
  turn: () => Promise<void> = noTurn,
): Promise<Map<K, V>> {
  const out = new Map<K, V>();
  const missing: K[] = [];
  let seen = 0;
  for (const key of keys) {
    if ((++seen & 1023) === 0) await turn();
    const hit = cache.get(key);
    if (hit !== undefined) out.set(key, hit);
    else missing.push(key);
  }
  if (missing.length === 0) return out;
  const loaded = await load(missing);
  const publish = stillValid();
  for (const [key, value] of loaded) {
    out.set(key, value);
    if (publish) cache.set(key, value);
  }
  return out;
}

export class CandidateCache {
  #generation: number | undefined;
  readonly #parse: CandidateParser;
  // Bounded: the entries not used for the longest go first (plain Maps, as lru-cache's look-ups cost a warm
  // upload 170 ms: shared/two-generation-cache.ts).
  readonly #packages = new TwoGenerationCache<string, Candidate[]>(MAX_PACKAGES);
  readonly #severity = new TwoGenerationCache<string, SeverityRow[]>(MAX_IDS);
  readonly #details = new TwoGenerationCache<string, AdvisoryDetails>(MAX_IDS);
  /** Ecosystem → whether any affected-package entry names it (only ecosystems with a version ordering are asked). */
  readonly #ecosystems = new Map<string, boolean>();

  constructor(parse: CandidateParser) {
    this.#parse = parse;
  }

  /** Reads the generation, drops everything if it moved; returns a check that it has not moved since. */
  async #sync(db: Kysely<Database>): Promise<() => boolean> {
    const current = await generation(db);
    if (current !== this.#generation) {
      this.#packages.clear();
      this.#severity.clear();
      this.#details.clear();
      this.#ecosystems.clear();
      this.#generation = current;
    }
    return () => this.#generation === current;
  }

  /**
   * Of `ecosystems`, those some affected-package entry names. A package of any other has no candidate: an upload
   * against advisories of other ecosystems (or none yet) skips its components' package look-ups, which cost
   * ≈ 0.5 s of the main thread for 100,000 components with none to find (BENCHMARKS.md, "SBOM upload").
   */
  async ecosystemsHeld(db: Kysely<Database>, ecosystems: Iterable<string>): Promise<Set<string>> {
    const valid = await this.#sync(db);
    const held = new Set<string>();
    const loaded = new Map<string, boolean>();
    for (const ecosystem of ecosystems) {
      let holds = this.#ecosystems.get(ecosystem);
      if (holds === undefined) loaded.set(ecosystem, (holds = await holdsEcosystem(db, ecosystem)));
      if (holds) held.add(ecosystem);
    }
    if (valid()) for (const [ecosystem, holds] of loaded) this.#ecosystems.set(ecosystem, holds);
    return held;
  }

  /** Candidates of each package (an empty list when none), keyed by `packageCacheKey`. */
  async candidates(
    db: Kysely<Database>,
    packages: ReadonlyMap<string, PackageRef>,
    /** Offered every 1,024 packages: an upload looks up to 500,000 of them. */
    turn: () => Promise<void> = noTurn,
  ): Promise<Map<string, Candidate[]>> {
    const valid = await this.#sync(db);
    return lookThrough(
      this.#packages,
      packages.keys(),
      async (missing) => {
        const loaded = new Map<string, Candidate[]>(missing.map((key) => [key, []]));
        for (const row of await loadCandidates(
          db,
          missing.map((key) => packages.get(key)!),
          turn,
        )) {
          const candidate = this.#parse(row);
          if (candidate) loaded.get(packageCacheKey(row.ecosystem, row.package_key))?.push(candidate);
        }
        return loaded;
      },
      valid,
      turn,
    );
  }

  /** Summary and references of advisories, by id. */
  async details(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, AdvisoryDetails>> {
    const valid = await this.#sync(db);
    return lookThrough(
      this.#details,
      ids,
      async (missing) => {
        const loaded = new Map<string, AdvisoryDetails>(missing.map((id) => [id, NO_DETAILS]));
        for (const row of await advisoryDetails(db, missing))
          loaded.set(row.id, { summary: row.summary, references: fromJson(row.refs, []) });
        return loaded;
      },
      valid,
    );
  }

  /** id → the advisories known by it (own id or alias), withdrawn ones left out. */
  async severity(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, SeverityRow[]>> {
    const valid = await this.#sync(db);
    return lookThrough(
      this.#severity,
      ids,
      async (missing) => {
        const found = await severityOfIds(db, missing);
        return new Map(missing.map((id) => [id, (found.get(id) ?? []).filter((r) => r.withdrawn === null)]));
      },
      valid,
    );
  }
}
