/** The risk register: drafts from the tool server, rated risks, the register list. */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { notFound, validationFailed } from '../errors.ts';
import { event, recordEvent } from '../events/outbox.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import * as repo from './risk.repository.ts';
import { RiskDraftInput, RiskInput, type Risk, type RiskStatus, type RiskTreatment } from './risk.schemas.ts';
import type { RiskRow } from './risk.table.ts';

const toRisk = (row: RiskRow): Risk => ({
  id: row.id,
  title: row.title,
  description: row.description,
  category: row.category,
  ownerUserId: row.owner_user_id,
  likelihood: row.likelihood,
  impact: row.impact,
  score: row.score,
  treatment: row.treatment as RiskTreatment | null,
  status: row.status as RiskStatus,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({
    path: i.path.map(String).join('.') || 'input',
    message: i.message,
  }));
  throw validationFailed(
    `Invalid risk: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
    details,
  );
}

interface NewRisk {
  title: string;
  description?: string | undefined;
  category?: string | undefined;
  ownerUserId?: string | undefined;
  likelihood?: number | undefined;
  impact?: number | undefined;
  treatment?: RiskTreatment | undefined;
  status: RiskStatus;
}

export class RiskService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** A draft proposed through the tool server; audited as risk.create_draft. */
  async createDraft(orgId: string, actorId: string, input: unknown): Promise<Risk> {
    const draft = parse(RiskDraftInput, input);
    return this.#insert(orgId, actorId, { ...draft, status: 'draft' }, 'risk.create_draft');
  }

  /**
   * A risk as people or the governance import record it (default status approved; finalized risks must be
   * rated). Audited as risk.create.
   */
  async createRisk(orgId: string, actorId: string, input: RiskInput): Promise<Risk> {
    return this.#insert(orgId, actorId, parse(RiskInput, input), 'risk.create');
  }

  async get(orgId: string, id: string): Promise<Risk> {
    const row = await repo.findRisk(this.#db, orgId, id);
    if (!row) throw notFound('Risk', id);
    return toRisk(row);
  }

  /** The register: finalized risks only; drafts never appear. */
  async listRegister(orgId: string): Promise<Risk[]> {
    return (await repo.listFinalizedRisks(this.#db, orgId)).map(toRisk);
  }

  async #insert(orgId: string, actorId: string, risk: NewRisk, action: string): Promise<Risk> {
    const now = nowIso();
    const likelihood = risk.likelihood ?? null;
    const impact = risk.impact ?? null;
    const row: RiskRow = {
      id: newId('risk'),
      org_id: orgId,
      title: risk.title,
      description: risk.description ?? null,
      category: risk.category ?? null,
      owner_user_id: risk.ownerUserId ?? null,
      likelihood,
      impact,
      score: likelihood !== null && impact !== null ? likelihood * impact : null,
      treatment: risk.treatment ?? null,
      status: risk.status,
      created_by: actorId,
      created_at: now,
      updated_at: now,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.insertRisk(trx, row);
      await recordAudit(trx, orgId, {
        actorId,
        action,
        entityType: 'risk',
        entityId: row.id,
        details: { title: row.title, status: row.status },
      });
      // Drafts come from the tool server and wait for a person: the event tells them one is there.
      if (row.status === 'draft')
        await recordEvent(trx, orgId, event('risk.draft_created', { risk: toRisk(row), actorId }));
    });
    return toRisk(row);
  }
}
