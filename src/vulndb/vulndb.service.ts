/** The advisory database: import OSV sources, status, check one package version. */
import type { Kysely } from 'kysely';
import { PackageURL } from 'packageurl-js';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { validationFailed } from '../errors.ts';
import { nowIso } from '../shared/time.ts';
import { turnTaker } from '../shared/turns.ts';
import { comparatorFor } from './comparator.ts';
import { osvPackageOf, packageKey } from './ecosystems.ts';
import { affectedBy, describeReason, type MatchReason } from './match.ts';
import type { MatchRange } from './osv.ts';
import { parseOsv, type Advisory } from './osv.ts';
import { countEntries, listSourceFiles, readSourceFile, type SourceItem } from './osv-sources.ts';
import * as repo from './vulndb.repository.ts';

export interface ImportSummary {
  files: number;
  documents: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Advisories that arrived withdrawn (new, or newly withdrawn). */
  withdrawn: number;
  rejected: { source: string; reason: string }[];
  warnings: string[];
  /** Findings changed by re-matching the affected packages (null when nothing changed). */
  rematch: Record<string, number> | null;
  durationMs: number;
}

export type AtomicImportSummary = Pick<
  ImportSummary,
  'documents' | 'added' | 'updated' | 'unchanged' | 'withdrawn' | 'rejected' | 'rematch'
>;

/** A source answered something unusable (unreachable, HTTP error, broken zip, a record that is not JSON). */
export class SourceError extends Error {}

/** Import progress in entries (a zip's `.json` entries, a `.jsonl` line, a `.json` file). */
export interface ImportProgress {
  /** Before anything is read: how many entries there are in all. */
  start?(total: number): void;
  /** One entry done. */
  tick?(): void;
}

/** Called after an import with the packages whose advisories changed; returns what it changed. */
export type RematchHook = (packages: repo.PackageRef[]) => Promise<Record<string, number>>;

/** Called after an import has committed (the events outbox announces it as vulndb.synced). */
export type SyncedHook = (
  counts: Pick<ImportSummary, 'added' | 'updated' | 'unchanged' | 'withdrawn'>,
) => Promise<void>;

export interface CheckResult {
  purl: string;
  ecosystem: string;
  name: string;
  version: string;
  supported: boolean;
  advisories: { id: string; aliases: string[]; summary: string | null; reason: MatchReason; why: string }[];
}

/** Advisories committed per transaction: large enough to amortise, small enough to keep memory flat. */
const BATCH = 500;

interface Tally {
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  packages: Map<string, repo.PackageRef>;
  changedIds: string[];
}

export class VulnDbService {
  readonly #db: Kysely<Database>;
  readonly #rematch: RematchHook | undefined;
  readonly #synced: SyncedHook | undefined;

  constructor(db: Kysely<Database>, options: { rematch?: RematchHook; synced?: SyncedHook } = {}) {
    this.#db = db;
    this.#rematch = options.rematch;
    this.#synced = options.synced;
  }

  /** Imports OSV sources; a broken file or document is reported and skipped, the rest carries on. */
  async import(paths: string[], progress: ImportProgress = {}): Promise<ImportSummary> {
    const started = performance.now();
    const { files, errors } = await listSourceFiles(paths);
    const rejected = errors.map((e) => ({ source: e.source, reason: e.error ?? 'unreadable' }));
    const warnings: string[] = [];
    const tally: Tally = {
      added: 0,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      packages: new Map(),
      changedIds: [],
    };
    let documents = 0;
    let batch = new Map<string, Advisory>();
    if (progress.start) {
      let total = 0;
      for (const file of files) total += await countEntries(file);
      progress.start(total);
    }
    const tick = () => progress.tick?.();
    const turn = turnTaker();
    for (const file of files) {
      for await (const item of readSourceFile(file, tick)) {
        await turn();
        if (item.error !== undefined) {
          rejected.push({ source: item.source, reason: item.error });
          continue;
        }
        documents++;
        const outcome = parseOsv(item.document, item.source);
        warnings.push(...outcome.warnings);
        if (!outcome.ok) {
          rejected.push({ source: item.source, reason: outcome.reason });
          continue;
        }
        const seen = batch.get(outcome.advisory.id);
        if (!seen || seen.modified <= outcome.advisory.modified)
          batch.set(outcome.advisory.id, outcome.advisory);
        if (batch.size >= BATCH) {
          await this.#store([...batch.values()], tally);
          batch = new Map();
          // A batch's transaction is one synchronous run on SQLite (≈ 60 ms for 500 changed advisories): the
          // parse budget starts again after it, rather than adding up with it.
          await turn();
        }
      }
    }
    if (batch.size > 0) await this.#store([...batch.values()], tally);
    // The last batch, then the re-match's first synchronous stretch, were one hold of 230 ms on SQLite
    // (BENCHMARKS.md, "Vulnerability matching"): a turn between them.
    await turn();
    const rematch = await this.#rematchChanged(tally);
    const { packages: _p, changedIds: _c, ...counts } = tally;
    const summary: ImportSummary = {
      files: files.length,
      documents,
      ...counts,
      rejected,
      warnings,
      rematch,
      durationMs: Math.round(performance.now() - started),
    };
    await this.#synced?.(summary);
    return summary;
  }

  /** Writes one batch: new and changed advisories replace what is stored; same id + content is unchanged. */
  async #store(advisories: Advisory[], tally: Tally): Promise<void> {
    await this.#db.transaction().execute((trx) => this.#storeIn(trx, advisories, tally));
  }

  async #storeIn(trx: Kysely<Database>, advisories: Advisory[], tally: Tally): Promise<void> {
    const stored = await repo.findStoredVersions(
      trx,
      advisories.map((a) => a.id),
    );
    const changed = advisories.filter((a) => {
      const s = stored.get(a.id);
      // An older copy never overwrites a newer one; equal `modified` with other content is an edit.
      const isChange = !s || (a.modified >= s.modified && a.contentHash !== s.contentHash);
      if (!s) tally.added++;
      else if (isChange) tally.updated++;
      else tally.unchanged++;
      if (isChange && a.withdrawn && !s?.withdrawn) tally.withdrawn++;
      return isChange;
    });
    const rewritten = new Set(changed);
    await repo.fillCwes(
      trx,
      advisories.filter((a) => !rewritten.has(a) && stored.get(a.id)?.hasCwes === false),
    );
    if (changed.length === 0) return;
    const ids = changed.map((a) => a.id);
    for (const p of await repo.storedPackagesOf(trx, ids))
      tally.packages.set(`${p.ecosystem}\u0000${p.packageKey}`, p);
    for (const a of changed)
      for (const p of a.affected)
        tally.packages.set(`${p.ecosystem}\u0000${p.packageKey}`, {
          ecosystem: p.ecosystem,
          packageKey: p.packageKey,
        });
    const importedAt = new Map([...stored].map(([id, s]) => [id, s.importedAt]));
    await repo.replaceAdvisories(trx, changed, importedAt, nowIso());
    tally.changedIds.push(...ids);
  }

  /**
   * All or nothing (the sync's path): every document of `items` is stored in one transaction with whatever
   * `finish` writes (the source's new high-water mark), or, when any item is unreadable or not JSON, nothing
   * is and the error is thrown. Advisories that parse but are unusable are skipped and reported, as on import.
   */
  async importAtomically(
    items: AsyncIterable<SourceItem>,
    finish: (trx: Kysely<Database>, newestModified: string | null) => Promise<void>,
  ): Promise<AtomicImportSummary> {
    const tally: Tally = {
      added: 0,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      packages: new Map(),
      changedIds: [],
    };
    const rejected: { source: string; reason: string }[] = [];
    let documents = 0;
    await this.#db.transaction().execute(async (trx) => {
      let batch = new Map<string, Advisory>();
      let newest: string | null = null;
      const turn = turnTaker();
      for await (const item of items) {
        await turn();
        if (item.error !== undefined) throw new SourceError(`${item.source}: ${item.error}`);
        documents++;
        const outcome = parseOsv(item.document, item.source);
        if (!outcome.ok) {
          rejected.push({ source: item.source, reason: outcome.reason });
          continue;
        }
        const a = outcome.advisory;
        if (newest === null || a.modified > newest) newest = a.modified;
        const seen = batch.get(a.id);
        if (!seen || seen.modified <= a.modified) batch.set(a.id, a);
        if (batch.size >= BATCH) {
          await this.#storeIn(trx, [...batch.values()], tally);
          batch = new Map();
        }
      }
      if (batch.size > 0) await this.#storeIn(trx, [...batch.values()], tally);
      await finish(trx, newest);
    });
    const rematch = await this.#rematchChanged(tally);
    const summary = {
      documents,
      added: tally.added,
      updated: tally.updated,
      unchanged: tally.unchanged,
      withdrawn: tally.withdrawn,
      rejected,
      rematch,
    };
    await this.#synced?.(summary);
    return summary;
  }

  /** Packages of changed advisories, plus those of advisories aliasing them (their severity may change). */
  async #rematchChanged(tally: Tally): Promise<Record<string, number> | null> {
    if (!this.#rematch || tally.changedIds.length === 0) return null;
    const linked = await repo.advisoriesAliasing(this.#db, tally.changedIds);
    const changed = new Set(tally.changedIds);
    for (const p of await repo.storedPackagesOf(
      this.#db,
      linked.filter((id) => !changed.has(id)),
    )) {
      tally.packages.set(`${p.ecosystem}\u0000${p.packageKey}`, p);
    }
    return this.#rematch([...tally.packages.values()]);
  }

  async status() {
    return repo.statusCounts(this.#db);
  }

  /** The advisories affecting one package version, and why. */
  async check(purl: string): Promise<CheckResult> {
    let parsed: PackageURL;
    try {
      parsed = PackageURL.fromString(purl);
    } catch (error) {
      throw validationFailed(`'${purl}' is not a valid package URL: ${(error as Error).message}`);
    }
    const pkg = osvPackageOf(parsed);
    if (!pkg) throw validationFailed(`purl type '${parsed.type}' has no OSV ecosystem`);
    if (!parsed.version) throw validationFailed(`'${purl}' names no version`);
    const version = parsed.version;
    const compare = comparatorFor(pkg.ecosystem);
    const result: CheckResult = {
      purl,
      ecosystem: pkg.ecosystem,
      name: pkg.name,
      version,
      supported: compare !== undefined,
      advisories: [],
    };
    if (!compare) return result;
    const rows = await repo.loadCandidates(this.#db, [
      { ecosystem: pkg.ecosystem, packageKey: packageKey(pkg.ecosystem, pkg.name) },
    ]);
    const hits: { row: repo.CandidateRow; reason: MatchReason }[] = [];
    for (const row of rows) {
      if (row.withdrawn !== null) continue;
      const reason = affectedBy(
        { ranges: fromJson<MatchRange[]>(row.ranges, []), versions: fromJson<string[]>(row.versions, []) },
        version,
        compare,
      );
      if (reason) hits.push({ row, reason });
    }
    const details = new Map(
      (
        await repo.advisoryDetails(
          this.#db,
          hits.map((h) => h.row.advisory_id),
        )
      ).map((d) => [d.id, d]),
    );
    for (const { row, reason } of hits) {
      const summary = details.get(row.advisory_id)?.summary ?? null;
      result.advisories.push({
        id: row.advisory_id,
        aliases: fromJson<string[]>(row.aliases, []),
        summary,
        reason,
        why: describeReason(reason),
      });
    }
    result.advisories.sort((a, b) => (a.id < b.id ? -1 : 1));
    return result;
  }
}
