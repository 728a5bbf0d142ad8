// Policies and license groups: validation (every problem with its path, nothing saved), storage, audit, and
// the background re-evaluation a change starts (docs/policies.md).
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { fromJson, isUniqueViolation, toBool, toJson } from '../db/helpers.ts';
import { AppError, notFound, validationFailed, type ErrorDetail } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { compileConditions, type Condition } from './conditions.ts';
import { defaultLicenseGroups } from './default-groups.ts';
import { definitionOf, groupLists } from './evaluation.ts';
import { LicenseList } from './license-evaluator.ts';
import { previewPolicy } from './policy-preview.ts';
import type { ReachScope } from '../db/reach-filter.ts';
import type {
  LicenseGroup,
  LicenseGroupInput,
  Policy,
  PolicyInput,
  PolicyPreview,
} from './policy.schemas.ts';
import * as repo from './policy.repository.ts';
import type { LicenseGroupRow, PolicyRow } from './policy.table.ts';
import type { Reevaluation } from './reevaluation.ts';

export class PolicyService {
  readonly #db: Kysely<Database>;
  readonly #reevaluation: Reevaluation;

  constructor(db: Kysely<Database>, reevaluation: Reevaluation) {
    this.#db = db;
    this.#reevaluation = reevaluation;
  }

  async list(orgId: string): Promise<Policy[]> {
    return (await repo.listPolicies(this.#db, orgId)).map(toPolicy);
  }

  async get(orgId: string, id: string): Promise<Policy> {
    const row = await repo.findPolicy(this.#db, orgId, id);
    if (!row) throw notFound('Policy', id);
    return toPolicy(row);
  }

  /** Problems of a policy body (paths such as `conditions.0.value`); empty when it may be saved. */
  async check(orgId: string, input: PolicyInput): Promise<ErrorDetail[]> {
    await this.#seedGroups(orgId);
    const groups = await groupLists(this.#db, orgId);
    return compileConditions(input.conditions as Condition[], groups).problems;
  }

  /** What the policy would find in the latest SBOM of each asset if it were saved now (nothing is written). */
  async preview(scope: ReachScope, input: PolicyInput): Promise<PolicyPreview> {
    await this.#validate(scope.orgId, input);
    return previewPolicy(this.#db, scope, input);
  }

  async create(orgId: string, actorId: string, input: PolicyInput): Promise<Policy> {
    await this.#validate(orgId, input);
    const now = nowIso();
    const row = rowOf(orgId, newId('pol'), input, now, now);
    await this.#write(async (trx) => {
      await repo.insertPolicy(trx, row);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'policy.create',
        entityType: 'policy',
        entityId: row.id,
        details: { name: row.name },
      });
    }, input.name);
    this.#reevaluation.schedule(orgId);
    return toPolicy(row);
  }

  async replace(orgId: string, actorId: string, id: string, input: PolicyInput): Promise<Policy> {
    const existing = await repo.findPolicy(this.#db, orgId, id);
    if (!existing) throw notFound('Policy', id);
    await this.#validate(orgId, input);
    const row = rowOf(orgId, id, input, existing.created_at, nowIso());
    await this.#write(async (trx) => {
      await repo.updatePolicy(trx, row);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'policy.replace',
        entityType: 'policy',
        entityId: id,
        details: { name: row.name },
      });
    }, input.name);
    this.#reevaluation.schedule(orgId);
    return toPolicy(row);
  }

  /** Deletes the policy and its violations at once (nothing to re-evaluate). */
  async delete(orgId: string, actorId: string, id: string): Promise<{ id: string; deleted: true }> {
    await this.#db.transaction().execute(async (trx) => {
      const existing = await repo.findPolicy(trx, orgId, id);
      if (!existing) throw notFound('Policy', id);
      await repo.deletePolicy(trx, orgId, id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'policy.delete',
        entityType: 'policy',
        entityId: id,
        details: { name: existing.name },
      });
    });
    return { id, deleted: true };
  }

  async findByName(orgId: string, name: string): Promise<Policy | undefined> {
    const found = await repo.findPolicyByName(this.#db, orgId, name);
    return found ? this.get(orgId, found.id) : undefined;
  }

  async listGroups(orgId: string): Promise<LicenseGroup[]> {
    await this.#seedGroups(orgId);
    return (await repo.listLicenseGroups(this.#db, orgId)).map(toGroup);
  }

  async getGroup(orgId: string, id: string): Promise<LicenseGroup> {
    await this.#seedGroups(orgId);
    const row = await repo.findLicenseGroup(this.#db, orgId, id);
    if (!row) throw notFound('License group', id);
    return toGroup(row);
  }

  async createGroup(orgId: string, actorId: string, input: LicenseGroupInput): Promise<LicenseGroup> {
    await this.#seedGroups(orgId);
    checkLicenses(input.licenses);
    const now = nowIso();
    const row: LicenseGroupRow = {
      id: newId('lgr'),
      org_id: orgId,
      name: input.name,
      licenses: toJson(input.licenses),
      created_at: now,
      updated_at: now,
    };
    await this.#write(
      async (trx) => {
        await repo.insertLicenseGroups(trx, [row]);
        await recordAudit(trx, orgId, {
          actorId,
          action: 'license_group.create',
          entityType: 'license_group',
          entityId: row.id,
          details: { name: row.name },
        });
      },
      input.name,
      'license group',
    );
    return toGroup(row);
  }

  async replaceGroup(
    orgId: string,
    actorId: string,
    id: string,
    input: LicenseGroupInput,
  ): Promise<LicenseGroup> {
    await this.#seedGroups(orgId);
    const existing = await repo.findLicenseGroup(this.#db, orgId, id);
    if (!existing) throw notFound('License group', id);
    checkLicenses(input.licenses);
    if (existing.name.toLowerCase() !== input.name.toLowerCase())
      await this.#refuseIfUsed(orgId, existing.name, 'renamed');
    const row: LicenseGroupRow = {
      ...existing,
      name: input.name,
      licenses: toJson(input.licenses),
      updated_at: nowIso(),
    };
    await this.#write(
      async (trx) => {
        await repo.updateLicenseGroup(trx, row);
        await recordAudit(trx, orgId, {
          actorId,
          action: 'license_group.replace',
          entityType: 'license_group',
          entityId: id,
          details: { name: row.name },
        });
      },
      input.name,
      'license group',
    );
    // Policies naming the group see its new licenses.
    this.#reevaluation.schedule(orgId);
    return toGroup(row);
  }

  async deleteGroup(orgId: string, actorId: string, id: string): Promise<{ id: string; deleted: true }> {
    await this.#seedGroups(orgId);
    const existing = await repo.findLicenseGroup(this.#db, orgId, id);
    if (!existing) throw notFound('License group', id);
    await this.#refuseIfUsed(orgId, existing.name, 'deleted');
    await this.#db.transaction().execute(async (trx) => {
      await repo.deleteLicenseGroup(trx, orgId, id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'license_group.delete',
        entityType: 'license_group',
        entityId: id,
        details: { name: existing.name },
      });
    });
    return { id, deleted: true };
  }

  async #validate(orgId: string, input: PolicyInput): Promise<void> {
    const problems = await this.check(orgId, input);
    if (problems.length > 0)
      throw validationFailed(
        `The policy is not valid: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
        problems,
      );
  }

  async #write(work: (trx: Kysely<Database>) => Promise<void>, name: string, what = 'policy'): Promise<void> {
    try {
      await this.#db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 409, `A ${what} named '${name}' already exists`);
      throw error;
    }
  }

  /** A group named by a policy's condition keeps its name while that policy exists. */
  async #refuseIfUsed(orgId: string, groupName: string, verb: string): Promise<void> {
    const users = (await repo.listPolicies(this.#db, orgId)).filter((p) =>
      fromJson<Condition[]>(p.conditions, []).some(
        (c) =>
          c.subject === 'license_group' &&
          typeof c.value === 'string' &&
          c.value.trim().toLowerCase() === groupName.toLowerCase(),
      ),
    );
    if (users.length > 0)
      throw new AppError(
        'CONFLICT',
        409,
        `License group '${groupName}' cannot be ${verb}: policy '${users[0]!.name}' uses it`,
      );
  }

  /** The default groups, once per organisation (a default group deleted later stays deleted). */
  async #seedGroups(orgId: string): Promise<void> {
    if (await repo.groupsSeeded(this.#db, orgId)) return;
    await this.#db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await repo.markGroupsSeeded(trx, orgId, now))) return;
      const existing = new Set((await repo.listLicenseGroups(trx, orgId)).map((g) => g.name.toLowerCase()));
      await repo.insertLicenseGroups(
        trx,
        defaultLicenseGroups()
          .filter((g) => !existing.has(g.name))
          .map((g) => ({
            id: newId('lgr'),
            org_id: orgId,
            name: g.name,
            licenses: toJson(g.licenses),
            created_at: now,
            updated_at: now,
          })),
      );
    });
  }
}

function checkLicenses(licenses: readonly string[]): void {
  const details = licenses
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => LicenseList.invalidEntries([l]).length > 0)
    .map(({ l, i }) => ({
      path: `licenses.${i}`,
      message: `'${l}' is not an SPDX license id, 'X WITH exception', LicenseRef-… or NONE`,
    }));
  if (details.length > 0)
    throw validationFailed(
      `The license group is not valid: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
    );
}

function rowOf(
  orgId: string,
  id: string,
  input: PolicyInput,
  createdAt: string,
  updatedAt: string,
): PolicyRow {
  return {
    id,
    org_id: orgId,
    name: input.name,
    description: input.description ?? null,
    kind: input.kind,
    operator: input.operator,
    violation_state: input.violationState,
    conditions: toJson(input.conditions),
    asset_names: input.assetNames ? toJson(input.assetNames) : null,
    tags: input.tags ? toJson(input.tags) : null,
    enabled: toBool(input.enabled),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

function toPolicy(row: PolicyRow): Policy {
  const d = definitionOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind as Policy['kind'],
    operator: d.operator,
    violationState: row.violation_state as Policy['violationState'],
    // Written through ConditionBody, so each value is one of its kinds.
    conditions: d.conditions as Policy['conditions'],
    assetNames: d.assetNames,
    tags: d.tags,
    enabled: d.enabled,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const toGroup = (row: LicenseGroupRow): LicenseGroup => ({
  id: row.id,
  name: row.name,
  licenses: fromJson<string[]>(row.licenses, []),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
