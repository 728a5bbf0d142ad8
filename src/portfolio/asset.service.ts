/**
 * Assets as records (docs/portfolio.md): the section 12 list (versions, latest SBOM, its open findings) with ids,
 * tags, parents, classifier, activity, retention and roll-ups over descendants; creation, update (rename keeps the
 * SBOMs' asset_name in step), deletion with the asset's SBOMs.
 */
import type { Kysely, Updateable } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/helpers.ts';
import { AppError, notFound, validationFailed } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import * as repo from './asset.repository.ts';
import type {
  Asset,
  AssetDetail,
  Classifier,
  CreateAssetInput,
  FindingCounts,
  ListAssetsQuery,
  UpdateAssetInput,
  ViolationCounts,
} from './asset.schemas.ts';
import type { AssetRow, AssetTable } from './asset.table.ts';
import { openFindingsBySbom, openViolationsBySbom, versionsOfOrg } from './rollup.repository.ts';
import { effectiveRetention, retentionOf, retentionText } from './retention-settings.ts';
import type { ReachIds } from '../db/reach-filter.ts';

/** What portfolio/ asks of the SBOM domain (wired in services.ts: portfolio/ sits below sboms/). */
export interface AssetHooks {
  /** Deletes one SBOM through the SBOM deletion path (chunked; audited `sbom.delete` with `details`). */
  deleteSbom(orgId: string, actorId: string, sbomId: string, details: Record<string, unknown>): Promise<void>;
  /** An asset's tags changed: policies scoped by tags are evaluated again (in the background). */
  tagsChanged?(orgId: string): void;
}

const noFindings = (): FindingCounts => ({ CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, total: 0 });
const noViolations = (): ViolationCounts => ({ fail: 0, warn: 0, info: 0, total: 0 });

function add<T extends Record<string, number>>(into: T, from: T): void {
  for (const key of Object.keys(from) as (keyof T)[]) (into[key] as number) += from[key]!;
}

interface Loaded {
  rows: AssetRow[];
  byId: Map<string, AssetRow>;
  children: Map<string, AssetRow[]>;
  assets: Map<string, Asset>;
}

export class AssetService {
  readonly #db: Kysely<Database>;
  readonly #hooks: AssetHooks | undefined;

  constructor(db: Kysely<Database>, hooks?: AssetHooks) {
    this.#db = db;
    this.#hooks = hooks;
  }

  /**
   * Assets by name. Default: active ones; `q` (name contains) lists inactive ones too unless `active` says;
   * `tag`: those carrying it. Roll-ups always count every descendant, listed or not.
   */
  async list(orgId: string, query: ListAssetsQuery = {}, reach: ReachIds = null): Promise<Asset[]> {
    const { rows, assets } = await this.#load(orgId);
    const active = query.active ?? (query.q ? 'all' : 'true');
    const q = query.q?.toLowerCase();
    return rows
      .map((row) => assets.get(row.id)!)
      .filter(
        (a) =>
          (active === 'all' || a.active === (active === 'true')) &&
          (!q || a.name.toLowerCase().includes(q)) &&
          (!query.tag || a.tags.includes(query.tag)) &&
          // Only what the caller reaches (docs/portfolio-access.md).
          (reach === null || reach.has(a.id)),
      );
  }

  /** Out of the caller's reach (docs/portfolio-access.md) is 404, like another organisation's id. */
  async get(orgId: string, id: string, reach: ReachIds = null): Promise<AssetDetail> {
    const { assets, children } = await this.#load(orgId);
    const asset = assets.get(id);
    if (!asset || (reach !== null && !reach.has(id))) throw notFound('Asset', id);
    const reached = (children.get(id) ?? []).filter((c) => reach === null || reach.has(c.id));
    return { ...asset, children: reached.map((c) => ({ id: c.id, name: c.name })) };
  }

  /** The asset by id, else by name (the CLI accepts either). */
  async resolve(orgId: string, idOrName: string): Promise<AssetRow> {
    const row =
      (await repo.findAsset(this.#db, orgId, idOrName)) ??
      (await repo.findAssetByName(this.#db, orgId, idOrName));
    if (!row) throw notFound('Asset', idOrName);
    return row;
  }

  async create(orgId: string, actorId: string, input: CreateAssetInput): Promise<AssetDetail> {
    const now = nowIso();
    const row: AssetRow = {
      id: newId('ast'),
      org_id: orgId,
      name: input.name,
      parent_id: null,
      classifier: input.classifier ?? 'application',
      active: input.active === false ? 0 : 1,
      retention: retentionText(input.retention),
      last_upload_at: null,
      created_at: now,
      updated_at: now,
    };
    await this.#write(async (trx) => {
      if (input.parentId) row.parent_id = await this.#checkParent(trx, orgId, row.id, input.parentId);
      await repo.insertAsset(trx, row);
      await repo.replaceTags(trx, orgId, row.id, input.tags ?? []);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'asset.create',
        entityType: 'asset',
        entityId: row.id,
        details: { name: row.name, ...(input.tags ? { tags: input.tags } : {}) },
      });
    }, input.name);
    return this.get(orgId, row.id);
  }

  async update(orgId: string, actorId: string, id: string, input: UpdateAssetInput): Promise<AssetDetail> {
    let tagsChanged = false;
    await this.#write(async (trx) => {
      const row = await repo.findAsset(trx, orgId, id);
      if (!row) throw notFound('Asset', id);
      const patch: Updateable<AssetTable> = {};
      if (input.name !== undefined && input.name !== row.name) patch.name = input.name;
      if (input.parentId !== undefined)
        patch.parent_id =
          input.parentId === null ? null : await this.#checkParent(trx, orgId, id, input.parentId);
      if (input.classifier !== undefined) patch.classifier = input.classifier;
      if (input.active !== undefined) patch.active = input.active ? 1 : 0;
      if (input.retention !== undefined) patch.retention = retentionText(input.retention);
      await repo.updateAsset(trx, orgId, id, { ...patch, updated_at: nowIso() });
      if (patch.name !== undefined) await repo.renameSboms(trx, orgId, id, patch.name);
      if (input.tags !== undefined) await repo.replaceTags(trx, orgId, id, input.tags);
      tagsChanged = input.tags !== undefined;
      await recordAudit(trx, orgId, {
        actorId,
        action: 'asset.update',
        entityType: 'asset',
        entityId: id,
        details: { name: patch.name ?? row.name, changed: Object.keys(input).sort() },
      });
    }, input.name);
    if (tagsChanged) this.#hooks?.tagsChanged?.(orgId);
    return this.get(orgId, id);
  }

  /**
   * Deletes the asset and its SBOMs (each through the SBOM deletion path, audited). An asset with children is
   * 409 CONFLICT: move or delete them first, so no subtree is removed by accident.
   */
  async delete(
    orgId: string,
    actorId: string,
    id: string,
  ): Promise<{ id: string; deleted: true; sbomsDeleted: number }> {
    const row = await repo.findAsset(this.#db, orgId, id);
    if (!row) throw notFound('Asset', id);
    const children = await this.#db
      .selectFrom('assets')
      .select('name')
      .where('org_id', '=', orgId)
      .where('parent_id', '=', id)
      .orderBy('name')
      .execute();
    if (children.length > 0)
      throw new AppError(
        'CONFLICT',
        409,
        `Asset '${row.name}' has ${children.length} child asset(s) (${children.map((c) => c.name).join(', ')}); ` +
          'move or delete them first',
      );
    const sboms = await repo.sbomsOfAsset(this.#db, orgId, id);
    if (sboms.length > 0 && !this.#hooks) throw new Error('AssetService: no SBOM deletion hook');
    for (const sbom of sboms)
      await this.#hooks!.deleteSbom(orgId, actorId, sbom.id, { reason: 'asset.delete', assetId: id });
    await this.#db.transaction().execute(async (trx) => {
      // An upload that arrived meanwhile keeps the asset (its new SBOM needs it).
      if ((await repo.sbomsOfAsset(trx, orgId, id)).length > 0)
        throw new AppError(
          'CONFLICT',
          409,
          `Asset '${row.name}' received a new SBOM while being deleted; delete again`,
        );
      if (!(await repo.deleteAsset(trx, orgId, id))) throw notFound('Asset', id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'asset.delete',
        entityType: 'asset',
        entityId: id,
        details: { name: row.name, sbomsDeleted: sboms.length },
      });
    });
    return { id, deleted: true, sbomsDeleted: sboms.length };
  }

  /** Ids of the assets carrying `tag` and of their descendants (what a tag filter on findings and SBOMs reaches). */
  async idsTagged(orgId: string, tag: string): Promise<string[]> {
    const tagged = await repo.assetIdsTagged(this.#db, orgId, tag);
    if (tagged.length === 0) return [];
    const rows = await repo.listAssets(this.#db, orgId);
    return [...descendantsOf(rows, tagged)];
  }

  /** Unique name: 409 CONFLICT naming it (both dialects' unique-violation errors). */
  async #write(work: (trx: Kysely<Database>) => Promise<void>, name: string | undefined): Promise<void> {
    try {
      await this.#db.transaction().execute(work);
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error))
        throw new AppError('CONFLICT', 409, `An asset named '${name}' already exists`);
      throw error;
    }
  }

  /** The parent must be an asset of the organisation and neither the asset nor one of its descendants. */
  async #checkParent(trx: Kysely<Database>, orgId: string, id: string, parentId: string): Promise<string> {
    const detail = (message: string) =>
      validationFailed(`body.parentId: ${message}`, [{ path: 'body.parentId', message }]);
    const rows = await repo.listAssets(trx, orgId);
    if (!rows.some((r) => r.id === parentId))
      throw detail(`'${parentId}' is not an asset of this organisation`);
    if (descendantsOf(rows, [id]).has(parentId))
      throw detail(
        parentId === id
          ? `an asset cannot be its own parent`
          : `'${parentId}' is a descendant of '${id}': the hierarchy would have a cycle`,
      );
    return parentId;
  }

  async #load(orgId: string): Promise<Loaded> {
    const [unsorted, tags, versions, orgText] = await Promise.all([
      repo.listAssets(this.#db, orgId),
      repo.tagsByAsset(this.#db, orgId),
      versionsOfOrg(this.#db, orgId),
      repo.orgRetention(this.#db, orgId),
    ]);
    // By name in JS: the dialects' collations order case and punctuation differently.
    const rows = unsorted.sort((a, b) => a.name.localeCompare(b.name));
    const org = retentionOf(orgText);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const children = new Map<string, AssetRow[]>();
    for (const row of rows)
      if (row.parent_id && byId.has(row.parent_id)) {
        const list = children.get(row.parent_id);
        if (list) list.push(row);
        else children.set(row.parent_id, [row]);
      }
    const assets = new Map<string, Asset>();
    for (const row of rows) {
      const own = retentionOf(row.retention);
      assets.set(row.id, {
        id: row.id,
        name: row.name,
        assetName: row.name,
        parentId: row.parent_id,
        tags: tags.get(row.id) ?? [],
        classifier: row.classifier as Classifier,
        active: row.active === 1,
        retention: own,
        effectiveRetention: effectiveRetention(org, own),
        lastUploadAt: row.last_upload_at,
        versions: [],
        latestSbomId: null,
        openFindings: noFindings(),
        openViolations: noViolations(),
        rollup: { assets: 1, openFindings: noFindings(), openViolations: noViolations() },
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
    }
    for (const v of versions) {
      const asset = assets.get(v.asset_id);
      if (!asset) continue;
      asset.versions.push({ version: v.version, sbomId: v.id, createdAt: v.created_at });
      asset.latestSbomId ??= v.id;
    }
    const latest = new Map<string, Asset>();
    for (const a of assets.values()) if (a.latestSbomId) latest.set(a.latestSbomId, a);
    const ids = [...latest.keys()];
    const [findings, violations] = await Promise.all([
      openFindingsBySbom(this.#db, orgId, ids),
      openViolationsBySbom(this.#db, orgId, ids),
    ]);
    for (const { sbomId, key, n } of findings) {
      const counts = latest.get(sbomId)!.openFindings;
      if (key in counts) counts[key as keyof FindingCounts] += n;
      counts.total += n;
    }
    for (const { sbomId, key, n } of violations) {
      const counts = latest.get(sbomId)!.openViolations;
      if (key in counts) counts[key as keyof ViolationCounts] += n;
      counts.total += n;
    }
    // Roll-ups: each asset's own counts added to itself and every ancestor (a cycle cannot be stored; the
    // visited set guards anyway).
    for (const asset of assets.values()) {
      const seen = new Set<string>();
      for (let at: string | null = asset.id; at && !seen.has(at); at = byId.get(at)?.parent_id ?? null) {
        seen.add(at);
        const target = assets.get(at);
        if (!target) break;
        if (at !== asset.id) target.rollup.assets += 1;
        add(target.rollup.openFindings, asset.openFindings);
        add(target.rollup.openViolations, asset.openViolations);
      }
    }
    return { rows, byId, children, assets };
  }
}

/** `roots` and every asset below them. */
export function descendantsOf(
  rows: readonly Pick<AssetRow, 'id' | 'parent_id'>[],
  roots: readonly string[],
): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of rows)
    if (r.parent_id) {
      const list = children.get(r.parent_id);
      if (list) list.push(r.id);
      else children.set(r.parent_id, [r.id]);
    }
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
