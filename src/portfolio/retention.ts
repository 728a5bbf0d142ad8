/**
 * Retention (docs/portfolio.md): keep the newest `keepVersions` SBOMs of an asset, delete versions older than
 * `maxAgeDays` (never the newest), mark assets without an upload for `inactiveAfterDays` inactive. A sweep runs
 * hourly and within a minute of an upload of an asset with retention, in the background: one SBOM at a time
 * through the SBOM deletion path (chunked statements, short transactions, a turn of the event loop between them),
 * each deletion audited `sbom.delete` with reason `retention`. Before an SBOM goes, its triage is kept in the
 * asset's triage memory, so later versions still inherit it.
 */
import { nextTurn } from '../shared/turns.ts';
import type { Kysely } from 'kysely';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { withAdvisoryLock } from '../db/advisory-lock.ts';
import type { Database } from '../db/database.ts';
import { nowIso } from '../shared/time.ts';
import * as repo from './asset.repository.ts';
import type { Retention, RetentionRun } from './asset.schemas.ts';
import type { AssetHooks } from './asset.service.ts';
import { effectiveRetention, retentionOf } from './retention-settings.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface RetentionHooks extends AssetHooks {
  /** Keeps the triage of an SBOM about to be deleted in its asset's triage memory. */
  rememberTriage(orgId: string, assetId: string, sbomId: string): Promise<void>;
}

export interface RetentionLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Which of an asset's versions (newest first) the settings delete: oldest first. */
export function versionsToDelete(
  versions: readonly { id: string; created_at: string }[],
  retention: Retention,
  now: number,
): { id: string; rule: 'keepVersions' | 'maxAgeDays' }[] {
  const cutoff = retention.maxAgeDays === undefined ? undefined : now - retention.maxAgeDays * DAY_MS;
  const out: { id: string; rule: 'keepVersions' | 'maxAgeDays' }[] = [];
  versions.forEach((v, index) => {
    if (retention.keepVersions !== undefined && index >= retention.keepVersions)
      out.push({ id: v.id, rule: 'keepVersions' });
    else if (cutoff !== undefined && index > 0 && Date.parse(v.created_at) < cutoff)
      out.push({ id: v.id, rule: 'maxAgeDays' });
  });
  return out.reverse();
}

export class RetentionService {
  readonly #db: Kysely<Database>;
  readonly #hooks: RetentionHooks;
  readonly #now: () => number;
  #schedule: { uploadDelayMs: number; logger: RetentionLogger } | undefined;
  #interval: NodeJS.Timeout | undefined;
  readonly #pending = new Map<string, NodeJS.Timeout>();
  #running: Promise<unknown> = Promise.resolve();

  constructor(db: Kysely<Database>, hooks: RetentionHooks, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#hooks = hooks;
    this.#now = options.now ?? Date.now;
  }

  /** One organisation's sweep, now. */
  async sweepOrg(orgId: string): Promise<RetentionRun> {
    const run: RetentionRun = { assetsSwept: 0, sbomsDeleted: 0, assetsDeactivated: 0 };
    const org = retentionOf(await repo.orgRetention(this.#db, orgId));
    const now = this.#now();
    for (const asset of await repo.listAssets(this.#db, orgId)) {
      const retention = effectiveRetention(org, retentionOf(asset.retention));
      if (Object.keys(retention).length === 0) continue;
      run.assetsSwept += 1;
      if (retention.keepVersions !== undefined || retention.maxAgeDays !== undefined) {
        const versions = await repo.sbomsOfAsset(this.#db, orgId, asset.id);
        for (const { id, rule } of versionsToDelete(versions, retention, now)) {
          await this.#hooks.rememberTriage(orgId, asset.id, id);
          await this.#hooks.deleteSbom(orgId, SYSTEM_ACTOR, id, {
            reason: 'retention',
            rule,
            [rule]: retention[rule],
            assetId: asset.id,
          });
          run.sbomsDeleted += 1;
          await nextTurn();
        }
      }
      if (retention.inactiveAfterDays !== undefined && asset.active === 1) {
        const cutoff = new Date(now - retention.inactiveAfterDays * DAY_MS).toISOString();
        if (await this.#deactivate(orgId, asset.id, asset.name, cutoff, retention.inactiveAfterDays))
          run.assetsDeactivated += 1;
      }
      await nextTurn();
    }
    return run;
  }

  /** Every organisation with retention settings (its own or an asset's); null when another instance sweeps. */
  sweepAll(): Promise<RetentionRun | null> {
    return withAdvisoryLock(this.#db, 'retention', async () => {
      const total: RetentionRun = { assetsSwept: 0, sbomsDeleted: 0, assetsDeactivated: 0 };
      for (const orgId of await this.#orgsWithRetention()) {
        const run = await this.sweepOrg(orgId);
        total.assetsSwept += run.assetsSwept;
        total.sbomsDeleted += run.sbomsDeleted;
        total.assetsDeactivated += run.assetsDeactivated;
      }
      return total;
    });
  }

  /**
   * An upload arrived for the asset: when the server runs the schedule and retention applies to it, its
   * organisation is swept within `uploadDelayMs` (one pending sweep per organisation).
   */
  noteUpload(orgId: string, assetId: string): void {
    const schedule = this.#schedule;
    if (!schedule || this.#pending.has(orgId)) return;
    const timer = setTimeout(() => {
      this.#pending.delete(orgId);
      this.#running = this.#running.then(() =>
        this.#applies(orgId, assetId)
          .then((applies) => (applies ? this.sweepOrg(orgId) : null))
          .then(
            (run) =>
              run && schedule.logger.info({ event: 'retention.sweep', orgId, ...run }, 'retention swept'),
          )
          .catch((error: unknown) => schedule.logger.error({ err: error, orgId }, 'retention sweep failed')),
      );
    }, schedule.uploadDelayMs);
    timer.unref();
    this.#pending.set(orgId, timer);
  }

  /** Hourly sweeps, and sweeps after uploads; `stop` cancels the timers and waits for a running sweep. */
  start(logger: RetentionLogger, options: { intervalMs?: number; uploadDelayMs?: number } = {}): void {
    this.#schedule = { uploadDelayMs: options.uploadDelayMs ?? 30_000, logger };
    this.#interval = setInterval(() => {
      this.#running = this.#running.then(() =>
        this.sweepAll()
          .then((run) => run && logger.info({ event: 'retention.sweep', ...run }, 'retention swept'))
          .catch((error: unknown) => logger.error({ err: error }, 'retention sweep failed')),
      );
    }, options.intervalMs ?? HOUR_MS);
    this.#interval.unref();
  }

  /** Resolves once no sweep is pending or running (tests; a sweep scheduled meanwhile is waited for too). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await this.#running;
  }

  async stop(): Promise<void> {
    this.#schedule = undefined;
    clearInterval(this.#interval);
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
    await this.#running;
  }

  async #applies(orgId: string, assetId: string): Promise<boolean> {
    const asset = await repo.findAsset(this.#db, orgId, assetId);
    if (!asset) return false;
    const org = retentionOf(await repo.orgRetention(this.#db, orgId));
    const retention = effectiveRetention(org, retentionOf(asset.retention));
    return retention.keepVersions !== undefined || retention.maxAgeDays !== undefined;
  }

  async #orgsWithRetention(): Promise<string[]> {
    const [orgs, assets] = await Promise.all([
      this.#db.selectFrom('organizations').select('id').where('retention', 'is not', null).execute(),
      this.#db.selectFrom('assets').select('org_id').distinct().where('retention', 'is not', null).execute(),
    ]);
    return [...new Set([...orgs.map((o) => o.id), ...assets.map((a) => a.org_id)])].sort();
  }

  /** Only if no upload came since the read (the update re-checks the cutoff); audited. */
  async #deactivate(
    orgId: string,
    assetId: string,
    name: string,
    cutoff: string,
    days: number,
  ): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('assets')
        .set({ active: 0, updated_at: nowIso() })
        .where('org_id', '=', orgId)
        .where('id', '=', assetId)
        .where('active', '=', 1)
        .where((eb) =>
          eb.or([
            eb('last_upload_at', '<', cutoff),
            eb.and([eb('last_upload_at', 'is', null), eb('created_at', '<', cutoff)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, orgId, {
        actorId: SYSTEM_ACTOR,
        action: 'asset.deactivate',
        entityType: 'asset',
        entityId: assetId,
        details: { name, reason: 'retention', inactiveAfterDays: days },
      });
      return true;
    });
  }
}
