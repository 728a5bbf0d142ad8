/** Vendors: the register (CRUD with audit), the risk summary and the third-party figures the supplier tools show. */
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { keysetPages, mapPages } from '../db/paging.ts';
import { notFound } from '../errors.ts';
import { event, recordEvent } from '../events/outbox.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import * as repo from './vendor.repository.ts';
import type {
  AssessmentStatus,
  Vendor,
  VendorInput,
  VendorRiskSummary,
  VendorType,
} from './vendor.schemas.ts';
import type { VendorRow } from './vendor.table.ts';

const toVendor = (row: VendorRow): Vendor => ({
  id: row.id,
  name: row.name,
  type: row.type as VendorType,
  riskTier: row.risk_tier,
  assessmentStatus: row.assessment_status as AssessmentStatus,
  website: row.website,
  notes: row.notes,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * Risk score, 0–100: the tier-weighted share of vendors not yet assessed.
 * weight(tier 1) = 3, weight(2) = 2, weight(3) = 1; remaining(not_started) = 1, remaining(in_progress) = 0.5,
 * remaining(completed) = 0; score = round(100 × Σ weight·remaining / Σ weight, 1 decimal); 0 with no vendors.
 */
export const TIER_WEIGHT: Record<number, number> = { 1: 3, 2: 2, 3: 1 };
export const REMAINING: Record<string, number> = { not_started: 1, in_progress: 0.5, completed: 0 };

/** Completed share in percent, 1 decimal; null when there is nothing to complete. */
const completionRate = (completed: number, total: number): number | null =>
  total === 0 ? null : Math.round((1000 * completed) / total) / 10;

/** A third party as the supplier tools list it: never of type internal, and of a tier the vendor body admits. */
export type ThirdParty = Vendor & {
  type: Exclude<VendorType, 'internal'>;
  riskTier: VendorInput['riskTier'];
};

// The third-party queries leave type internal out, and every write went through VendorBody (tiers 1–3).
const toThirdParty = (row: VendorRow): ThirdParty => ({
  ...toVendor(row),
  type: row.type as ThirdParty['type'],
  riskTier: row.risk_tier as ThirdParty['riskTier'],
});

interface TierStatus {
  total: number;
  completed: number;
  completionRate: number | null;
}

export interface SupplierAssessmentStatus {
  total: number;
  notStarted: number;
  inProgress: number;
  completed: number;
  completionRate: number | null;
  byTier: Record<'1' | '2' | '3', TierStatus>;
  /** Tier-1 third parties whose assessment is not completed. */
  unassessedCritical: number;
}

export class VendorService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async list(orgId: string): Promise<Vendor[]> {
    return (await repo.listVendors(this.#db, orgId)).map(toVendor);
  }

  /** `list` a page at a time (docs/resilience.md). */
  pages(orgId: string): AsyncGenerator<Vendor[]> {
    const rows = keysetPages(
      (after: { lowerName: string; id: string } | undefined, limit) =>
        after
          ? repo.listVendorsAfter(this.#db, orgId, after, limit)
          : repo.listVendorsFirst(this.#db, orgId, limit),
      (row) => ({ lowerName: row.lower_name, id: row.id }),
    );
    return mapPages(rows, (page) => page.map(toVendor));
  }

  async get(orgId: string, id: string): Promise<Vendor> {
    const row = await repo.findVendor(this.#db, orgId, id);
    if (!row) throw notFound('Vendor', id);
    return toVendor(row);
  }

  async create(orgId: string, actorId: string, input: VendorInput): Promise<Vendor> {
    const now = nowIso();
    const row: VendorRow = {
      id: newId('vnd'),
      org_id: orgId,
      name: input.name,
      type: input.type,
      risk_tier: input.riskTier,
      assessment_status: input.assessmentStatus,
      website: input.website ?? null,
      notes: input.notes ?? null,
      created_at: now,
      updated_at: now,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.insertVendor(trx, row);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'vendor.create',
        entityType: 'vendor',
        entityId: row.id,
        details: { name: row.name },
      });
      await recordEvent(trx, orgId, event('vendor.created', { vendor: toVendor(row), actorId }));
    });
    return toVendor(row);
  }

  /** Full replacement: optional fields left out are cleared. Unknown id (or another organisation's) → 404. */
  async replace(orgId: string, actorId: string, id: string, input: VendorInput): Promise<Vendor> {
    let vendor: Vendor | undefined;
    const changes = {
      name: input.name,
      type: input.type,
      risk_tier: input.riskTier,
      assessment_status: input.assessmentStatus,
      website: input.website ?? null,
      notes: input.notes ?? null,
      updated_at: nowIso(),
    };
    await this.#db.transaction().execute(async (trx) => {
      if (!(await repo.replaceVendor(trx, orgId, id, changes))) throw notFound('Vendor', id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'vendor.replace',
        entityType: 'vendor',
        entityId: id,
        details: { name: input.name },
      });
      const row = await repo.findVendor(trx, orgId, id);
      vendor = toVendor(row!);
      await recordEvent(trx, orgId, event('vendor.replaced', { vendor, actorId }));
    });
    return vendor!;
  }

  /** The organisation's third parties (type internal left out), tier 1 first, at most `limit`, and their full count. */
  async listThirdParties(orgId: string, limit: number): Promise<{ vendors: ThirdParty[]; total: number }> {
    const [rows, total] = await Promise.all([
      repo.listThirdPartyVendors(this.#db, orgId, limit),
      repo.countThirdPartyVendors(this.#db, orgId),
    ]);
    return { vendors: rows.map(toThirdParty), total };
  }

  /**
   * supplier_assessment_status: third parties (internal left out) by assessment status, overall and per risk
   * tier, with completion rates in percent (1 decimal; null when there is nothing to assess).
   */
  async assessmentStatus(orgId: string): Promise<SupplierAssessmentStatus> {
    const byStatus = { not_started: 0, in_progress: 0, completed: 0 };
    const none = (): TierStatus => ({ total: 0, completed: 0, completionRate: null });
    const byTier: SupplierAssessmentStatus['byTier'] = { '1': none(), '2': none(), '3': none() };
    // The same objects, looked up by a row's tier (any integer to the database).
    const tiers: Record<string, TierStatus | undefined> = byTier;
    for (const r of await repo.countThirdPartyVendorsByTierAndStatus(this.#db, orgId)) {
      const count = Number(r.n);
      const status = r.assessment_status as AssessmentStatus;
      byStatus[status] += count;
      const tier = tiers[String(r.risk_tier)];
      if (!tier) continue;
      tier.total += count;
      if (status === 'completed') tier.completed += count;
    }
    for (const tier of Object.values(byTier))
      tier.completionRate = completionRate(tier.completed, tier.total);
    const total = byStatus.not_started + byStatus.in_progress + byStatus.completed;
    return {
      total,
      notStarted: byStatus.not_started,
      inProgress: byStatus.in_progress,
      completed: byStatus.completed,
      completionRate: completionRate(byStatus.completed, total),
      byTier,
      unassessedCritical: byTier['1'].total - byTier['1'].completed,
    };
  }

  /** The vendor summary; `thirdPartiesOnly` leaves internal vendors out (as the supplier tools count). */
  async riskSummary(orgId: string, options: { thirdPartiesOnly?: boolean } = {}): Promise<VendorRiskSummary> {
    const summary: VendorRiskSummary = {
      total: 0,
      byTier: { '1': 0, '2': 0, '3': 0 },
      byAssessmentStatus: { not_started: 0, in_progress: 0, completed: 0 },
      unassessedCritical: 0,
      score: 0,
    };
    let weighted = 0;
    let weights = 0;
    const counts = options.thirdPartiesOnly
      ? repo.countThirdPartyVendorsByTierAndStatus(this.#db, orgId)
      : repo.countVendorsByTierAndStatus(this.#db, orgId);
    for (const { risk_tier, assessment_status, n } of await counts) {
      const count = Number(n);
      summary.total += count;
      summary.byTier[String(risk_tier) as '1' | '2' | '3'] += count;
      summary.byAssessmentStatus[assessment_status as AssessmentStatus] += count;
      if (risk_tier === 1 && assessment_status !== 'completed') summary.unassessedCritical += count;
      weighted += (TIER_WEIGHT[risk_tier] ?? 1) * (REMAINING[assessment_status] ?? 1) * count;
      weights += (TIER_WEIGHT[risk_tier] ?? 1) * count;
    }
    summary.score = weights === 0 ? 0 : Math.round((1000 * weighted) / weights) / 10;
    return summary;
  }
}
