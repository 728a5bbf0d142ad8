import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromJson, toJson } from '../db/helpers.ts';
import { notFound } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import type { MatchableComponent, SbomFindingsHooks } from './component-matcher.ts';
import type { ParsedSbom } from './sbom-model.ts';
import * as repo from './sbom.repository.ts';
import type { Component, CreateSbomInput, SbomListItem, SbomRecord, SbomUpload, UploadFieldsInput } from './sbom.schemas.ts';
import type { SbomComponentRow, SbomRow } from './sbom.table.ts';
import { parseSbomOffThread } from './worker-parser.ts';

/** Parses an uploaded file; by default large files are parsed in a worker thread. */
export type SbomParser = (fileName: string, bytes: Uint8Array) => ParsedSbom | Promise<ParsedSbom>;

export interface SbomServiceOptions {
  /** Findings wiring; without it findingCount is 0. */
  hooks?: SbomFindingsHooks;
  parse?: SbomParser;
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

/**
 * Parsed components → value rows in COMPONENT_COLUMNS order, with ids assigned and dependency bomRefs resolved
 * to component ids (refs to nothing, e.g. the SBOM's own subject, are dropped). Also the matcher's view.
 */
export function componentRows(orgId: string, sbomId: string, sbom: ParsedSbom): { rows: unknown[][]; matchable: MatchableComponent[] } {
  const ids = sbom.components.map(() => newId('cmp'));
  const byRef = new Map<string, string>();
  sbom.components.forEach((c, i) => {
    if (c.bomRef !== null && !byRef.has(c.bomRef)) byRef.set(c.bomRef, ids[i]!);
  });
  const rows: unknown[][] = new Array(sbom.components.length);
  const matchable: MatchableComponent[] = new Array(sbom.components.length);
  sbom.components.forEach((c, i) => {
    const id = ids[i]!;
    const dependsOn = c.dependsOn.length === 0 ? '[]' : toJson(c.dependsOn.map((ref) => byRef.get(ref)).filter((x) => x !== undefined));
    rows[i] = [
      id, orgId, sbomId, c.bomRef, c.type, c.group, c.name, c.version, c.purl, c.cpe, c.ecosystem, c.packageKey,
      c.licenses.length === 0 ? '[]' : toJson(c.licenses), c.hashes.length === 0 ? '[]' : toJson(c.hashes), c.supplier, c.scope,
      dependsOn, i,
    ];
    matchable[i] = { id, ecosystem: c.ecosystem, packageKey: c.packageKey, name: c.name, version: c.version, purl: c.purl };
  });
  return { rows, matchable };
}

export class SbomService {
  readonly #db: Kysely<Database>;
  readonly #hooks: SbomFindingsHooks | undefined;
  readonly #parse: SbomParser;

  constructor(db: Kysely<Database>, options: SbomServiceOptions = {}) {
    this.#db = db;
    this.#hooks = options.hooks;
    this.#parse = options.parse ?? parseSbomOffThread;
  }

  /**
   * Parses first (no transaction is open during the slow part), then stores the SBOM, its components and
   * their findings in one transaction: a failure anywhere leaves nothing behind.
   */
  async upload(orgId: string, actorId: string, file: UploadedFile, fields: UploadFieldsInput): Promise<SbomUpload> {
    const parsed = await this.#parse(file.fileName, file.bytes);
    const now = nowIso();
    const fallbackName = file.fileName.slice(0, 200);
    const row: SbomRow = {
      id: newId('sbom'),
      org_id: orgId,
      name: fields.name ?? fields.assetName ?? fallbackName,
      asset_name: fields.assetName ?? fields.name ?? fallbackName,
      // The SBOM's own subject version when the form gives none.
      version: fields.version ?? parsed.metadataComponent?.version ?? null,
      format: parsed.format,
      spec_version: parsed.specVersion,
      asset_id: null,
      repo_url: null,
      branch: null,
      component_count: parsed.components.length,
      created_at: now,
      updated_at: now,
    };
    const { rows, matchable } = componentRows(orgId, row.id, parsed);
    const findingCount = await this.#db.transaction().execute(async (trx) => {
      await repo.insertSbom(trx, row);
      await repo.insertComponents(trx, rows);
      const found = this.#hooks ? await this.#hooks.matchComponents(trx, orgId, row.id, matchable) : 0;
      await recordAudit(trx, orgId, {
        actorId,
        action: 'sbom.upload',
        entityType: 'sbom',
        entityId: row.id,
        details: { name: row.name, fileName: file.fileName, format: row.format, componentCount: rows.length, findingCount: found },
      });
      return found;
    });
    return {
      id: row.id,
      name: row.name,
      assetName: row.asset_name,
      version: row.version,
      format: parsed.format,
      specVersion: parsed.specVersion,
      componentCount: rows.length,
      findingCount,
      createdAt: row.created_at,
    };
  }

  async create(orgId: string, actorId: string, input: CreateSbomInput): Promise<SbomRecord> {
    const now = nowIso();
    const row: SbomRow = {
      id: newId('sbom'),
      org_id: orgId,
      name: input.name,
      asset_name: input.name,
      version: input.version ?? null,
      format: null,
      spec_version: null,
      asset_id: input.assetId ?? null,
      repo_url: input.repoUrl ?? null,
      branch: input.branch ?? null,
      component_count: 0,
      created_at: now,
      updated_at: now,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.insertSbom(trx, row);
      await recordAudit(trx, orgId, { actorId, action: 'sbom.create', entityType: 'sbom', entityId: row.id, details: { name: row.name } });
    });
    return toRecord(row, 0);
  }

  async list(orgId: string, q?: string): Promise<SbomListItem[]> {
    const rows = await repo.listSboms(this.#db, orgId, q);
    const counts = await this.#findingCounts(orgId, rows.map((r) => r.id));
    return rows.map((r) => toListItem(r, counts.get(r.id) ?? 0));
  }

  async get(orgId: string, id: string): Promise<SbomRecord> {
    const row = await repo.findSbom(this.#db, orgId, id);
    if (!row) throw notFound('SBOM', id);
    const counts = await this.#findingCounts(orgId, [id]);
    return toRecord(row, counts.get(id) ?? 0);
  }

  async components(orgId: string, sbomId: string): Promise<Component[]> {
    if (!(await repo.findSbom(this.#db, orgId, sbomId))) throw notFound('SBOM', sbomId);
    return (await repo.listComponents(this.#db, orgId, sbomId)).map(toComponent);
  }

  /** Deletes the SBOM; its components and findings go with it (foreign keys cascade). */
  async delete(orgId: string, actorId: string, id: string): Promise<{ id: string; deleted: true }> {
    await this.#db.transaction().execute(async (trx) => {
      const row = await repo.findSbom(trx, orgId, id);
      if (!row || !(await repo.deleteSbom(trx, orgId, id))) throw notFound('SBOM', id);
      await recordAudit(trx, orgId, { actorId, action: 'sbom.delete', entityType: 'sbom', entityId: id, details: { name: row.name } });
    });
    return { id, deleted: true };
  }

  async #findingCounts(orgId: string, ids: string[]): Promise<Map<string, number>> {
    if (!this.#hooks || ids.length === 0) return new Map();
    return this.#hooks.countBySbom(this.#db, orgId, ids);
  }
}
