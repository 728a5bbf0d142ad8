import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import type { AdvisoryDetails, Candidate } from './matcher.ts';
import { advisoryDetails, generation, loadCandidates, severityOfIds, type CandidateRow, type PackageRef, type SeverityRow } from '../vulndb/vulndb.repository.ts';

/**
 * Parsed candidate rows per package and severity rows per id, kept across uploads in this process. Valid for
 * one advisory-database generation: every lookup first reads the generation (one indexed row), and a change
 * (an import here or in another process) drops everything. Reading the generation before loading means a
 * concurrent import can only make an entry look older than it is, never newer, so nothing stale survives.
 */
/** Turns a row into a prepared candidate; null when its ecosystem has no version ordering. */
export type CandidateParser = (row: CandidateRow) => Candidate | null;

const MAX_PACKAGES = 200_000;
const NO_DETAILS: AdvisoryDetails = { summary: null, references: [] };
const MAX_IDS = 500_000;

export const packageCacheKey = (ecosystem: string, packageKey: string) => `${ecosystem}\u0000${packageKey}`;

export class CandidateCache {
  #generation: number | undefined;
  readonly #packages = new Map<string, Candidate[]>();
  readonly #parse: CandidateParser;

  constructor(parse: CandidateParser) {
    this.#parse = parse;
  }
  readonly #severity = new Map<string, SeverityRow[]>();
  readonly #details = new Map<string, AdvisoryDetails>();

  async #sync(db: Kysely<Database>): Promise<void> {
    const current = await generation(db);
    if (current !== this.#generation) {
      this.#packages.clear();
      this.#severity.clear();
      this.#details.clear();
      this.#generation = current;
    }
  }

  /**
   * Candidates of each package (an empty list when none), keyed by `packageCacheKey`, loading only the
   * packages not cached yet. The returned map may hold other packages too.
   */
  async candidates(db: Kysely<Database>, packages: ReadonlyMap<string, PackageRef>): Promise<Map<string, Candidate[]>> {
    await this.#sync(db);
    if (this.#packages.size + packages.size > MAX_PACKAGES) this.#packages.clear();
    const missing: PackageRef[] = [];
    for (const [key, ref] of packages) {
      if (this.#packages.has(key)) continue;
      missing.push(ref);
      this.#packages.set(key, []);
    }
    if (missing.length > 0) {
      for (const row of await loadCandidates(db, missing)) {
        const candidate = this.#parse(row);
        if (candidate) this.#packages.get(packageCacheKey(row.ecosystem, row.package_key))?.push(candidate);
      }
    }
    return this.#packages;
  }

  /** Summary and references of advisories, by id. The map may hold other ids too. */
  async details(db: Kysely<Database>, ids: readonly string[]): Promise<ReadonlyMap<string, AdvisoryDetails>> {
    await this.#sync(db);
    if (this.#details.size + ids.length > MAX_IDS) this.#details.clear();
    const missing = ids.filter((id) => !this.#details.has(id));
    if (missing.length > 0) {
      for (const id of missing) this.#details.set(id, NO_DETAILS);
      for (const row of await advisoryDetails(db, missing)) this.#details.set(row.id, { summary: row.summary, references: fromJson(row.refs, []) });
    }
    return this.#details;
  }

  /** id → the advisories known by it (own id or alias), withdrawn ones left out. The map may hold other ids too. */
  async severity(db: Kysely<Database>, ids: readonly string[]): Promise<ReadonlyMap<string, SeverityRow[]>> {
    await this.#sync(db);
    if (this.#severity.size + ids.length > MAX_IDS) this.#severity.clear();
    const missing = ids.filter((id) => !this.#severity.has(id));
    if (missing.length > 0) {
      const found = await severityOfIds(db, missing);
      for (const id of missing) this.#severity.set(id, (found.get(id) ?? []).filter((r) => r.withdrawn === null));
    }
    return this.#severity;
  }
}
