/**
 * SBOMs: upload (parse, then short transactions of a pending SBOM made visible by the last: docs/upload-fairness.md),
 * records, lists, deletion.
 */
import { nextTurn } from '../shared/turns.ts';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import { keysetPages, mapPages } from '../db/paging.ts';
import { AppError, notFound } from '../errors.ts';
import { event, recordEvent } from '../events/outbox.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import type { MatchableComponent, MatchedBatch, SbomFindingsHooks } from './component-matcher.ts';
import { discardPending } from './pending-uploads.ts';
import { inChunks } from './chunked-delete.ts';
import { matchableOf, type StreamedSbom, type StreamedSummary } from './prepared-sbom.ts';
import * as repo from './sbom.repository.ts';
import type {
  Component,
  CreateSbomInput,
  SbomListItem,
  SbomRecord,
  SbomUpload,
  UploadFieldsInput,
} from './sbom.schemas.ts';
import type { SbomComponentRow, SbomRow } from './sbom.table.ts';
import { INLINE_BELOW, prepareSbomOffThread } from './worker-parser.ts';
import { DEFAULT_SBOM_LIMITS, type SbomLimits } from './parsers/parse-sbom.ts';
import { coverageOf, type CoverageEntry } from '../vulndb/index.ts';
import { assetForUpload, assetForRecord } from '../portfolio/asset-binding.ts';
import type { ReachScope, WriteReach, WriteScope } from '../db/reach-filter.ts';
import { assetScopeOf, type AssetFilter } from '../portfolio/asset-scope.ts';
import { requireWritable } from '../portfolio/asset-reach.ts';

/**
 * Parses an uploaded file into rows; by default large files are parsed in a worker thread, whose rows arrive while
 * the upload stores the first ones.
 */
export type SbomPreparer = (
  fileName: string,
  bytes: Uint8Array,
  orgId: string,
  sbomId: string,
  limits: SbomLimits,
) => StreamedSbom | Promise<StreamedSbom>;

export interface SbomServiceOptions {
  /** Findings wiring; without it findingCount is 0. */
  hooks?: SbomFindingsHooks;
  prepare?: SbomPreparer;
  limits?: SbomLimits;
  /** Told after each committed upload (the portfolio schedules retention for the asset). */
  uploaded?: (orgId: string, assetId: string) => void;
  /**
   * Told after each committed upload how many components it stored, before it answers (the store refreshes the
   * planner's statistics after a large one, in the background: db/statistics.ts). Must not throw or wait.
   */
  stored?: (rows: { components: number }) => void;
  /**
   * Told when a refused or failed upload could not delete its own pending rows (the sweep will,
   * docs/upload-fairness.md): the server logs it. The upload still answers with its own error.
   */
  discardFailed?: (error: unknown, orgId: string, sbomId: string) => void;
}

export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

type SbomFormat = 'cyclonedx' | 'spdx';

const toRecord = (row: SbomRow, findingCount: number): SbomRecord => ({
  id: row.id,
  name: row.name,
  assetName: row.asset_name,
  version: row.version,
  format: row.format as SbomFormat | null,
  specVersion: row.spec_version,
  assetId: row.asset_id,
  repoUrl: row.repo_url,
  branch: row.branch,
  componentCount: Number(row.component_count),
  findingCount,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toListItem = (row: SbomRow, findingCount: number): SbomListItem => ({
  id: row.id,
  name: row.name,
  assetName: row.asset_name,
  version: row.version,
  source: row.format as SbomFormat | null,
  assetId: row.asset_id,
  componentCount: Number(row.component_count),
  findingCount,
  createdAt: row.created_at,
});

const toComponent = (row: SbomComponentRow): Component => ({
  id: row.id,
  sbomId: row.sbom_id,
  bomRef: row.bom_ref,
  type: row.type,
  group: row.group_name,
  name: row.name,
  version: row.version,
  purl: row.purl,
  cpe: row.cpe,
  ecosystem: row.ecosystem,
  licenses: fromJson<string[]>(row.licenses, []),
  hashes: fromJson<{ alg: string; content: string }[]>(row.hashes, []),
  supplier: row.supplier,
  scope: row.scope,
  dependsOn: fromJson<string[]>(row.depends_on, []),
});

export { DELETE_CHUNK_ROWS } from './chunked-delete.ts';

/** A promise's outcome, awaited without throwing: `unwrap` throws what it threw. */
const settled = <T>(work: Promise<T>): Promise<{ unwrap(): T }> =>
  work.then(
    (value) => ({ unwrap: () => value }),
    (error: unknown) => ({
      unwrap: () => {
        throw error;
      },
    }),
  );

export class SbomService {
  readonly #db: Kysely<Database>;
  readonly #hooks: SbomFindingsHooks | undefined;
  readonly #prepare: SbomPreparer;
  readonly #limits: SbomLimits;
  readonly #uploaded: ((orgId: string, assetId: string) => void) | undefined;
  readonly #stored: SbomServiceOptions['stored'];
  readonly #discardFailed: NonNullable<SbomServiceOptions['discardFailed']>;

  constructor(db: Kysely<Database>, options: SbomServiceOptions = {}) {
    this.#db = db;
    this.#hooks = options.hooks;
    this.#prepare =
      options.prepare ??
      ((fileName, bytes, orgId, sbomId, limits) =>
        prepareSbomOffThread(fileName, bytes, orgId, sbomId, INLINE_BELOW, limits));
    this.#limits = options.limits ?? DEFAULT_SBOM_LIMITS;
    this.#uploaded = options.uploaded;
    this.#stored = options.stored;
    this.#discardFailed = options.discardFailed ?? (() => {});
  }

  /**
   * Parses, then stores the SBOM pending, its components a batch per short transaction, and in the last its
   * asset, findings and violations, making it visible (docs/upload-fairness.md): readers see all of it or
   * nothing, and a failure anywhere deletes what was stored (a crash: the start-up sweep does).
   */
  async upload(
    orgId: string,
    actorId: string,
    file: UploadedFile,
    fields: UploadFieldsInput,
    writer: WriteReach = { reach: null, writable: null },
  ): Promise<SbomUpload> {
    return (await this.uploadWithMeta(orgId, actorId, file, fields, writer)).upload;
  }

  /**
   * `upload`, plus what the response reports in `meta`: warnings (duplicate bom-refs) and the advisories held per
   * ecosystem of the components (counted from the rows just stored, not read back).
   */
  async uploadWithMeta(
    orgId: string,
    actorId: string,
    file: UploadedFile,
    fields: UploadFieldsInput,
    /**
     * The uploader's reach (docs/portfolio-access.md): a restricted one uploads only versions of the assets it
     * reaches (404 otherwise) and may change (403 otherwise).
     */
    writer: WriteReach = { reach: null, writable: null },
  ): Promise<{ upload: SbomUpload; warnings: string[]; coverage: CoverageEntry[] }> {
    const id = newId('sbom');
    const prepared = await this.#prepare(file.fileName, file.bytes, orgId, id, this.#limits);
    const now = nowIso();
    const fallbackName = file.fileName.slice(0, 200);
    const row: SbomRow = {
      id,
      org_id: orgId,
      name: fields.name ?? fields.assetName ?? fallbackName,
      // The form's, else the SBOM's own subject (known at the end), else the file name (docs/contract.md):
      // app-1.bom.json and app-2.bom.json of one product are then versions of one asset.
      asset_name: fields.assetName ?? fields.name ?? fallbackName,
      // The form's, else the SBOM's own subject version: known at the end (set with the count).
      version: fields.version ?? null,
      format: prepared.format,
      spec_version: prepared.specVersion,
      // Bound in the last transaction, once the asset's name is final (assetForUpload); '' while pending.
      asset_id: '',
      repo_url: null,
      branch: null,
      // Known once the last row has come (a streamed SBOM): set then, in the same transaction.
      component_count: 0,
      root_depends_on: null,
      created_at: now,
      updated_at: now,
      pending_since: now,
    };
    // Rows stored, and components per ecosystem for meta.coverage.
    let stored = 0;
    const perEcosystem = new Map<string, number>();
    let summary: StreamedSummary | undefined;
    // What the answer and the sbom.uploaded event say of the stored SBOM.
    const uploadOf = (findingCount: number): SbomUpload => ({
      id: row.id,
      name: row.name,
      assetName: row.asset_name,
      version: row.version,
      format: prepared.format,
      specVersion: prepared.specVersion,
      componentCount: row.component_count,
      findingCount,
      createdAt: row.created_at,
    });
    // Short transactions (docs/upload-fairness.md): the pending row, then one per batch of components, then the
    // last, which binds the asset, writes the findings and violations and makes the SBOM visible. Only the last can
    // hold SQLite's one writer for long (≈ 1 s for 20,000 findings), and no reader sees the SBOM before it commits
    // (db/visible-sbom.ts).
    await repo.insertSbom(this.#db, row);
    let findingCount: number;
    try {
      // Per-batch work of the hooks (policies that read only the component), decided before the first batch with
      // the asset the form names, if any; the last transaction checks it still holds (docs/upload-fairness.md).
      const pending = await this.#hooks?.beginUpload?.(
        this.#db,
        orgId,
        row.id,
        fields.assetName ?? fields.name ?? null,
      );
      const matched: MatchedBatch[] = [];
      let found = 0;
      for await (const batch of prepared.batches) {
        const matchable = batch.map(matchableOf);
        // Matching reads advisories only, never these rows, so it runs while the batch is written: on PostgreSQL
        // the server writes the rows while this thread matches (BENCHMARKS.md, "Vulnerability matching"). Both
        // are settled before anything else happens, so a failure of either never leaves the other still writing
        // while the pending rows are deleted.
        const storing = settled(repo.insertPendingComponents(this.#db, batch, pending?.batch(matchable)));
        const matching = this.#hooks
          ? settled(this.#matchBatch(orgId, row.id, matchable, found, file.fileName))
          : undefined;
        // A real turn after each batch's rows and after its matching (docs/resilience.md, "Large uploads"): on
        // SQLite neither gives one by itself (a batch under 2,000 rows is one synchronous run, matching turns only
        // after 30 ms), and when the worker is ahead its slices are there without waiting, so the 100,000-component
        // upload stored and matched batch after batch in microtasks and held the event loop 1.2–1.7 s.
        const rows = await storing;
        await nextTurn();
        const findings = await matching;
        rows.unwrap();
        stored += matchable.length;
        for (const { ecosystem } of matchable)
          if (ecosystem) perEcosystem.set(ecosystem, (perEcosystem.get(ecosystem) ?? 0) + 1);
        if (findings) {
          // Outside any transaction: advisories and rules are read through the reader; the rows wait in memory.
          const batchFindings = findings.unwrap();
          matched.push(batchFindings);
          found += batchFindings.count;
        }
        await nextTurn();
      }
      summary = prepared.summary();
      if (stored !== summary.count)
        throw new Error(`SBOM parser sent ${stored} of ${summary.count} component rows`);
      row.component_count = summary.count;
      row.version ??= summary.subjectVersion;
      if (fields.assetName === undefined && fields.name === undefined && summary.subjectName)
        row.asset_name = summary.subjectName.slice(0, 200);
      row.root_depends_on = summary.rootDependsOn;
      const corrections = summary.corrections;
      findingCount = await this.#db.transaction().execute(async (trx) => {
        // The asset is found or created here, not when the upload began: a refused upload leaves none behind.
        const asset = await assetForUpload(trx, orgId, row.asset_name, now);
        row.asset_id = await asset.settle(row.asset_name);
        // Any other asset (new, or not reached) is 404 like another organisation's, and nothing stays behind.
        if (writer.reach && !writer.reach.has(row.asset_id)) throw notFound('Asset', row.asset_name);
        requireWritable(writer, row.asset_id, `asset '${row.asset_name}'`);
        row.pending_since = null;
        await repo.finishUpload(trx, orgId, row, corrections);
        // A turn between batches' findings, as when they were written batch by batch: on SQLite each store is one
        // synchronous run, and 20,000 findings back to back held the event loop 0.7 s (docs/upload-fairness.md).
        for (const batchFindings of matched) {
          await batchFindings.store(trx);
          await nextTurn();
        }
        await this.#hooks?.matchedAll(trx, orgId, row.id, found, pending);
        await recordAudit(trx, orgId, {
          actorId,
          action: 'sbom.upload',
          entityType: 'sbom',
          entityId: row.id,
          details: {
            name: row.name,
            fileName: file.fileName,
            format: row.format,
            componentCount: row.component_count,
            findingCount: found,
          },
        });
        await recordEvent(
          trx,
          orgId,
          event('sbom.uploaded', { sbom: uploadOf(found), actorId }, row.asset_id),
        );
        return found;
      });
    } catch (error) {
      // Refused or failed: its rows go, in short transactions; if that fails too, the sweep takes them.
      await discardPending(this.#db, orgId, row.id).catch((cleanup: unknown) =>
        this.#discardFailed(cleanup, orgId, row.id),
      );
      throw error;
    }
    this.#uploaded?.(orgId, row.asset_id);
    this.#stored?.({ components: stored });
    const coverage = await coverageOf(this.#db, perEcosystem);
    return { upload: uploadOf(findingCount), warnings: summary!.warnings, coverage };
  }

  async create(
    orgId: string,
    actorId: string,
    input: CreateSbomInput,
    /** As for uploads: a restricted principal records versions of the assets it reaches and may change only. */
    writer: WriteReach = { reach: null, writable: null },
  ): Promise<SbomRecord> {
    const now = nowIso();
    const row: SbomRow = {
      id: newId('sbom'),
      org_id: orgId,
      name: input.name,
      asset_name: input.name,
      version: input.version ?? null,
      format: null,
      spec_version: null,
      asset_id: '',
      repo_url: input.repoUrl ?? null,
      branch: input.branch ?? null,
      component_count: 0,
      root_depends_on: null,
      created_at: now,
      updated_at: now,
      pending_since: null,
    };
    await this.#db.transaction().execute(async (trx) => {
      const asset = await assetForRecord(trx, orgId, input.name, input.assetId, now);
      row.asset_id = asset.id;
      row.asset_name = asset.name;
      if (writer.reach && !writer.reach.has(asset.id)) throw notFound('Asset', input.assetId ?? input.name);
      requireWritable(writer, asset.id, `asset '${input.assetId ?? input.name}'`);
      await repo.insertSbom(trx, row);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'sbom.create',
        entityType: 'sbom',
        entityId: row.id,
        details: { name: row.name },
      });
    });
    return toRecord(row, 0);
  }

  /** The scope's SBOMs: a Principal's reach (docs/portfolio-access.md), or `wholeOrg(orgId)`. */
  async list(scope: ReachScope, q?: string, assets: AssetFilter = {}): Promise<SbomListItem[]> {
    const { orgId } = scope;
    const assetIds = await assetScopeOf(this.#db, orgId, assets);
    const rows = await repo.listSboms(this.#db, orgId, q, assetIds, scope.reach);
    const counts = await this.#findingCounts(
      orgId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toListItem(r, counts.get(r.id) ?? 0));
  }

  /** `list` a page at a time (docs/resilience.md); an unknown `assetId` is 404 before the first page. */
  pages(scope: ReachScope, q?: string, assets: AssetFilter = {}): AsyncGenerator<SbomListItem[]> {
    const { orgId } = scope;
    const assetIds = assetScopeOf(this.#db, orgId, assets);
    const rows = keysetPages(
      async (after: string | undefined, limit) =>
        repo.listSbomsPage(this.#db, orgId, q, after, limit, await assetIds, scope.reach),
      (row) => row.id,
    );
    return mapPages(rows, async (page) => {
      const counts = await this.#findingCounts(
        orgId,
        page.map((r) => r.id),
      );
      return page.map((r) => toListItem(r, counts.get(r.id) ?? 0));
    });
  }

  /** `components` a page at a time; NOT_FOUND before the first page when the SBOM is not the caller's. */
  async componentPages(scope: ReachScope, sbomId: string): Promise<AsyncGenerator<Component[]>> {
    const { orgId } = scope;
    if (!(await repo.findSbom(this.#db, orgId, sbomId, scope.reach))) throw notFound('SBOM', sbomId);
    const rows = keysetPages(
      (after: number | undefined, limit) => repo.listComponentsPage(this.#db, orgId, sbomId, after, limit),
      (row) => row.position,
    );
    return mapPages(rows, (page) => page.map(toComponent));
  }

  async get(scope: ReachScope, id: string): Promise<SbomRecord> {
    const { orgId } = scope;
    const row = await repo.findSbom(this.#db, orgId, id, scope.reach);
    if (!row) throw notFound('SBOM', id);
    const counts = await this.#findingCounts(orgId, [id]);
    return toRecord(row, counts.get(id) ?? 0);
  }

  async components(scope: ReachScope, sbomId: string): Promise<Component[]> {
    const { orgId } = scope;
    if (!(await repo.findSbom(this.#db, orgId, sbomId, scope.reach))) throw notFound('SBOM', sbomId);
    return (await repo.listComponents(this.#db, orgId, sbomId)).map(toComponent);
  }

  /**
   * Deletes the SBOM with its violations, findings and components, a chunk at a time. `who`: the deleting
   * principal; an SBOM outside its reach is 404, one of an asset it may only view 403. `details` add to the audit record's (retention says why:
   * `{reason: 'retention', rule, …}`).
   */
  async delete(
    who: WriteScope & { userId: string },
    id: string,
    details: Record<string, unknown> = {},
  ): Promise<{ id: string; deleted: true }> {
    const { orgId, userId: actorId } = who;
    const found = await repo.findSbom(this.#db, orgId, id, who.reach);
    if (!found) throw notFound('SBOM', id);
    requireWritable(who, found.asset_id, `SBOM '${id}'`);
    // Violations, findings and components go first, a chunk per statement with a turn of the event loop between
    // chunks: one cascading delete of a 1M-component SBOM held SQLite's write lock and the event loop for 3 s. A
    // failure part-way leaves the SBOM with fewer rows; deleting it again finishes the job. The violations have
    // no foreign key to the SBOM on PostgreSQL (migration 2026-11-28-10), where they go in one statement
    // (deleteViolationsChunk); what a writer adds meanwhile goes with the row (deleteSbom).
    await inChunks((limit) => repo.deleteViolationsChunk(this.#db, orgId, id, limit));
    const hooks = this.#hooks;
    const deleteFindings = hooks?.deleteFindingsOfSbom?.bind(hooks);
    if (deleteFindings) await inChunks((limit) => deleteFindings(this.#db, orgId, id, limit));
    await inChunks((limit) => repo.deleteComponentsChunk(this.#db, orgId, id, limit));
    await this.#db.transaction().execute(async (trx) => {
      const row = await repo.findSbom(trx, orgId, id);
      if (!row || !(await repo.deleteSbom(trx, orgId, id))) throw notFound('SBOM', id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'sbom.delete',
        entityType: 'sbom',
        entityId: id,
        details: { name: row.name, ...details },
      });
      await recordEvent(
        trx,
        orgId,
        event(
          'sbom.deleted',
          {
            sbom: { id, name: row.name, assetName: row.asset_name, version: row.version },
            actorId,
          },
          row.asset_id,
        ),
      );
    });
    return { id, deleted: true };
  }

  /**
   * One batch's findings, within what is left of `MAX_FINDINGS_PER_SBOM` (the answer names the file), matched
   * through the store outside any transaction.
   */
  async #matchBatch(
    orgId: string,
    sbomId: string,
    matchable: MatchableComponent[],
    found: number,
    fileName: string,
  ): Promise<MatchedBatch> {
    const max = this.#limits.maxFindings;
    if (max === undefined) return this.#hooks!.matchComponents(this.#db, orgId, sbomId, matchable);
    try {
      return await this.#hooks!.matchComponents(this.#db, orgId, sbomId, matchable, max - found);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'TOO_MANY_FINDINGS') throw error;
      throw new AppError(
        'TOO_MANY_FINDINGS',
        413,
        `'${fileName}' matches more than ${max} findings; an SBOM may have at most ${max} (MAX_FINDINGS_PER_SBOM)`,
      );
    }
  }

  async #findingCounts(orgId: string, ids: string[]): Promise<Map<string, number>> {
    if (!this.#hooks || ids.length === 0) return new Map();
    return this.#hooks.countBySbom(this.#db, orgId, ids);
  }
}
