// Triage rules (`trl_…`): saving one applies it to the organisation's open findings at once; deleting one, or its
// end passing (`checkSchedule`, the server's background check), reopens what it set and nobody changed since.
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { fromJson, toJson } from '../../db/helpers.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { newId } from '../../shared/ids.ts';
import { nowIso } from '../../shared/time.ts';
import type { Justification, Response } from './analysis.ts';
import { applyRules, compileRule, previewRules, type PassResult } from './rule-engine.ts';
import type { RuleMatch } from './rule-match.ts';
import { assetTagsOf } from './rules-at-creation.ts';
import * as repo from './rule.repository.ts';
import type { RuleInput } from './rule.schemas.ts';
import type { TriageRuleRow } from './rule.table.ts';

export interface TriageRule {
  id: string;
  name: string;
  match: RuleMatch;
  analysis: {
    status: 'false_positive' | 'accepted_risk' | 'mitigated';
    justification: Justification | null;
    response: Response[];
    detail: string;
  };
  validFrom: string | null;
  validUntil: string | null;
  priority: number;
  active: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

const isActive = (row: TriageRuleRow, now: string) =>
  (row.valid_from === null || row.valid_from <= now) && (row.valid_until === null || row.valid_until > now);

const toRule = (row: TriageRuleRow, now = nowIso()): TriageRule => ({
  id: row.id,
  name: row.name,
  match: fromJson<RuleMatch>(row.match, {}),
  analysis: {
    status: row.status as TriageRule['analysis']['status'],
    justification: row.justification as Justification | null,
    response: fromJson<Response[]>(row.response, []),
    detail: row.detail,
  },
  validFrom: row.valid_from,
  validUntil: row.valid_until,
  priority: row.priority,
  active: isActive(row, now),
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Times are stored as UTC ISO text so they compare as text. */
const utc = (value: string | undefined) => (value === undefined ? null : new Date(value).toISOString());

export class TriageRuleService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async list(orgId: string): Promise<TriageRule[]> {
    const now = nowIso();
    return (await repo.listRules(this.#db, orgId)).map((r) => toRule(r, now));
  }

  async get(orgId: string, id: string): Promise<TriageRule> {
    const row = await repo.findRule(this.#db, orgId, id);
    if (!row) throw notFound('Triage rule', id);
    return toRule(row);
  }

  async create(
    orgId: string,
    actorId: string,
    input: RuleInput,
  ): Promise<TriageRule & { effect: PassResult }> {
    const now = nowIso();
    const columns = columnsOf(input, now);
    const row: TriageRuleRow = {
      id: newId('trl'),
      org_id: orgId,
      ...columns,
      created_by: actorId,
      created_at: now,
      updated_at: now,
      started_at: startedAt(columns.valid_from, now),
      expired_at: null,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.insertRule(trx, row);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'triage_rule.create',
        entityType: 'triage_rule',
        entityId: row.id,
        details: { name: row.name },
      });
    });
    return { ...toRule(row), effect: await this.#apply(orgId) };
  }

  async update(
    orgId: string,
    actorId: string,
    id: string,
    input: RuleInput,
  ): Promise<TriageRule & { effect: PassResult }> {
    const now = nowIso();
    const columns = columnsOf(input, now);
    const values = {
      ...columns,
      updated_at: now,
      started_at: startedAt(columns.valid_from, now),
      expired_at: null,
    };
    await this.#db.transaction().execute(async (trx) => {
      if (!(await repo.findRule(trx, orgId, id))) throw notFound('Triage rule', id);
      await repo.updateRule(trx, orgId, id, values);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'triage_rule.update',
        entityType: 'triage_rule',
        entityId: id,
        details: { name: input.name },
      });
    });
    const row = (await repo.findRule(this.#db, orgId, id))!;
    // A changed match reopens what it no longer covers; a raised priority takes findings from lower rules.
    return { ...toRule(row), effect: await this.#apply(orgId) };
  }

  async delete(orgId: string, actorId: string, id: string): Promise<TriageRule & { effect: PassResult }> {
    const row = await repo.findRule(this.#db, orgId, id);
    if (!row) throw notFound('Triage rule', id);
    await this.#db.transaction().execute(async (trx) => {
      if (!(await repo.deleteRule(trx, orgId, id))) throw notFound('Triage rule', id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'triage_rule.delete',
        entityType: 'triage_rule',
        entityId: id,
        details: { name: row.name },
      });
    });
    const effect = await this.#reopen(orgId, id, 'deleted');
    return { ...toRule(row), effect };
  }

  /**
   * A file of rules applied as a whole (`bulwark triage-rule apply`): a rule whose name exists is replaced, a
   * new name is created. Names are the file's identity for rules, so applying a file twice changes nothing.
   */
  async applyFile(
    orgId: string,
    actorId: string,
    inputs: RuleInput[],
  ): Promise<{ action: 'created' | 'replaced'; rule: TriageRule & { effect: PassResult } }[]> {
    const names = new Set<string>();
    for (const input of inputs) {
      if (names.has(input.name))
        throw validationFailed(`rule name '${input.name}' appears twice in the file`);
      names.add(input.name);
    }
    const existing = new Map((await repo.listRules(this.#db, orgId)).map((r) => [r.name, r.id]));
    const out: { action: 'created' | 'replaced'; rule: TriageRule & { effect: PassResult } }[] = [];
    for (const input of inputs) {
      const id = existing.get(input.name);
      out.push(
        id
          ? { action: 'replaced', rule: await this.update(orgId, actorId, id, input) }
          : { action: 'created', rule: await this.create(orgId, actorId, input) },
      );
    }
    return out;
  }

  /** Which open findings the rule would change if saved now (nothing is written). */
  async preview(orgId: string, input: RuleInput) {
    const now = nowIso();
    const draft: TriageRuleRow = {
      id: 'trl_preview',
      org_id: orgId,
      ...columnsOf(input, now, false),
      created_by: '',
      created_at: '9999',
      updated_at: now,
      started_at: null,
      expired_at: null,
    };
    const tagsOf = await assetTagsOf(this.#db, orgId);
    const rules = (await repo.activeRules(this.#db, orgId, now)).map((r) => compileRule(r, tagsOf));
    const { matching, wouldChange, sample } = await previewRules(
      this.#db,
      orgId,
      [...rules, compileRule(draft, tagsOf)],
      draft.id,
      100,
    );
    return {
      matching: isActive(draft, now) ? matching : 0,
      wouldChange: isActive(draft, now) ? wouldChange : 0,
      findings: (isActive(draft, now) ? sample : []).map((c) => ({
        id: c.id,
        vulnerabilityId: c.vulnerability_id,
        component: { name: c.component_name, version: c.component_version, purl: c.component_purl },
        assetName: c.asset_name,
        status: c.status,
        triageRuleId: c.triage_rule_id,
      })),
    };
  }

  /**
   * The background check: rules whose validUntil passed reopen what they set (history "rule trl_… expired");
   * rules whose validFrom passed apply. Safe on several instances: each batch locks its findings.
   */
  async checkSchedule(now = nowIso()): Promise<number> {
    const due = await repo.rulesDue(this.#db, now);
    for (const rule of due) {
      if (rule.valid_until !== null && rule.valid_until <= now) {
        await this.#reopen(rule.org_id, rule.id, 'expired', now);
        await repo.updateRule(this.#db, rule.org_id, rule.id, {
          expired_at: now,
          started_at: rule.started_at ?? now,
        });
      } else {
        await this.#apply(rule.org_id, now);
        await repo.updateRule(this.#db, rule.org_id, rule.id, { started_at: now });
      }
    }
    return due.length;
  }

  /** One pass of every rule in force over the organisation's findings. */
  async #apply(orgId: string, now = nowIso()): Promise<PassResult> {
    const tagsOf = await assetTagsOf(this.#db, orgId);
    const rules = (await repo.activeRules(this.#db, orgId, now)).map((r) => compileRule(r, tagsOf));
    return applyRules(this.#db, orgId, rules);
  }

  /** The findings `ruleId` set: to the next rule that matches, else open, the history saying why. */
  async #reopen(
    orgId: string,
    ruleId: string,
    why: 'deleted' | 'expired',
    now = nowIso(),
  ): Promise<PassResult> {
    const tagsOf = await assetTagsOf(this.#db, orgId);
    const rules = (await repo.activeRules(this.#db, orgId, now))
      .filter((r) => r.id !== ruleId)
      .map((r) => compileRule(r, tagsOf));
    return applyRules(this.#db, orgId, rules, { onlyRuleId: ruleId, reasonOf: () => why });
  }
}

/** A rule starting later is started by the schedule check at its validFrom; one in force now already is. */
const startedAt = (validFrom: string | null, now: string) =>
  validFrom === null || validFrom <= now ? now : null;

/** A rule's stored columns from its input; an end already past is refused (a rule that could never apply). */
function columnsOf(input: RuleInput, now: string, checkEnd = true) {
  const validFrom = utc(input.validFrom);
  const validUntil = utc(input.validUntil);
  if (checkEnd && validUntil !== null && validUntil <= now)
    throw validationFailed(`validUntil ${input.validUntil} has already passed`, [
      { path: 'body.validUntil', message: 'must be in the future' },
    ]);
  if (validFrom !== null && validUntil !== null && validFrom >= validUntil)
    throw validationFailed('validFrom must be before validUntil', [
      { path: 'body.validFrom', message: 'must be before validUntil' },
    ]);
  const match: RuleMatch = Object.fromEntries(Object.entries(input.match).filter(([, v]) => v !== undefined));
  return {
    name: input.name,
    match: toJson(match),
    status: input.analysis.status,
    justification: input.analysis.justification ?? null,
    response: toJson(input.analysis.response ?? []),
    detail: input.analysis.detail,
    valid_from: validFrom,
    valid_until: validUntil,
    priority: input.priority,
  };
}
