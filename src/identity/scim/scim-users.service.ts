/**
 * SCIM Users: provisioning creates, updates, deactivates and deletes workspace users. Deactivation and deletion
 * end the user's sessions and revoke its API tokens and OAuth grants in the same transaction, so the very next
 * request with any of them is refused, on every instance (sessions are read on every request; cached token
 * principals follow the change stamp, and on PostgreSQL wait for its barrier: docs/identity.md).
 */
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.repository.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/helpers.ts';
import { newId } from '../../shared/ids.ts';
import type { Role } from '../../tenancy/roles.ts';
import { deleteUserSessions } from '../../tenancy/session.repository.ts';
import * as tenancyRepo from '../../tenancy/tenancy.repository.ts';
import type { TokenService } from '../../tenancy/token.service.ts';
import type { UserRow } from '../../tenancy/tenancy.table.ts';
import { upsertUserIdentity } from '../identity.repository.ts';
import { roleOf } from '../sso/sso-claims.ts';
import { findSsoConfig } from '../sso/sso.repository.ts';
import { toSsoConfig } from '../sso/sso-config.service.ts';
import {
  paging,
  parseEqFilter,
  ScimError,
  scimInvalid,
  scimNotFound,
  type ScimUserView,
} from './scim-format.ts';
import type { UserInput } from './scim-input.ts';
import * as repo from './scim.repository.ts';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The role a user's SCIM groups give through the SSO role mapping (else the default role, else viewer). */
export async function roleFromGroups(
  db: Kysely<Database>,
  orgId: string,
  groupNames: string[],
): Promise<Role> {
  const row = await findSsoConfig(db, orgId);
  if (!row) return 'viewer';
  return roleOf(toSsoConfig(row), groupNames) ?? 'viewer';
}

/** Sets a user's role from its groups; the organisation's last owner keeps the role. */
export async function applyGroupRole(db: Kysely<Database>, orgId: string, userId: string): Promise<void> {
  const user = await tenancyRepo.findUserById(db, orgId, userId);
  if (!user) return;
  const role = await roleFromGroups(db, orgId, await repo.groupNamesOf(db, userId));
  if (role === user.role) return;
  if (user.role === 'owner' && (await tenancyRepo.countOwners(db, orgId)) <= 1) return;
  await tenancyRepo.updateUser(db, userId, { role });
  await recordAudit(db, orgId, {
    actorId: userId,
    action: 'user.update',
    entityType: 'user',
    entityId: userId,
    details: { role, previousRole: user.role, via: 'scim' },
  });
}

export class ScimUserService {
  readonly #db: Kysely<Database>;
  readonly #tokens: TokenService;

  constructor(db: Kysely<Database>, tokens: TokenService) {
    this.#db = db;
    this.#tokens = tokens;
  }

  async #views(orgId: string, rows: repo.ScimUserRow[]): Promise<ScimUserView[]> {
    const groups = await repo.groupsOfUsers(
      this.#db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.display_name,
      active: r.deactivated_at === null,
      externalId: r.external_id,
      createdAt: r.created_at,
      groups: groups.filter((g) => g.user_id === r.id).map((g) => ({ id: g.id, name: g.display_name })),
    }));
  }

  async get(orgId: string, id: string): Promise<ScimUserView> {
    const row = await repo.findScimUser(this.#db, orgId, id);
    if (!row) throw scimNotFound('User', id);
    return (await this.#views(orgId, [row]))[0]!;
  }

  async list(orgId: string, query: { filter?: string; startIndex?: string; count?: string }) {
    const eq = parseEqFilter(query.filter, ['userName', 'externalId', 'emails.value']);
    const page = paging(query.startIndex, query.count);
    const filter =
      eq === undefined
        ? {}
        : eq.attr === 'externalId'
          ? { externalId: eq.value }
          : { email: eq.value.toLowerCase() };
    const { rows, total } = await repo.listScimUsers(this.#db, orgId, filter, page.offset, page.count);
    return { users: await this.#views(orgId, rows), total, startIndex: page.startIndex };
  }

  async create(
    orgId: string,
    actorId: string,
    input: UserInput & { userName: string },
  ): Promise<ScimUserView> {
    const email = input.userName.toLowerCase();
    if (!EMAIL.test(email)) throw scimInvalid('userName must be an e-mail address');
    const row: UserRow = {
      id: newId('usr'),
      org_id: orgId,
      email,
      display_name: input.displayName ?? null,
      role: await roleFromGroups(this.#db, orgId, []),
      password_hash: null,
      created_at: new Date().toISOString(),
    };
    try {
      await this.#db.transaction().execute(async (trx) => {
        await tenancyRepo.insertUser(trx, row);
        await upsertUserIdentity(trx, row.id, orgId, {
          external_id: input.externalId ?? null,
          deactivated_at: input.active === false ? row.created_at : null,
        });
        await recordAudit(trx, orgId, {
          actorId,
          action: 'user.create',
          entityType: 'user',
          entityId: row.id,
          details: { email, role: row.role, via: 'scim' },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ScimError('CONFLICT', 409, `User ${email} already exists`, 'uniqueness');
      throw error;
    }
    return this.get(orgId, row.id);
  }

  /** PUT and PATCH: applies the changes; `active:false` ends sessions and revokes tokens in the same step. */
  async update(orgId: string, actorId: string, id: string, changes: UserInput): Promise<ScimUserView> {
    const current = await repo.findScimUser(this.#db, orgId, id);
    if (!current) throw scimNotFound('User', id);
    const email = changes.userName?.toLowerCase();
    if (email !== undefined && !EMAIL.test(email)) throw scimInvalid('userName must be an e-mail address');
    const now = new Date().toISOString();
    const deactivate = changes.active === false && current.deactivated_at === null;
    try {
      await this.#db.transaction().execute(async (trx) => {
        const set: Partial<UserRow> = {};
        if (email !== undefined && email !== current.email) set.email = email;
        if (changes.displayName !== undefined) set.display_name = changes.displayName;
        if (Object.keys(set).length > 0) await tenancyRepo.updateUser(trx, id, set);
        const identity: Parameters<typeof upsertUserIdentity>[3] = {};
        if (changes.externalId !== undefined) identity.external_id = changes.externalId;
        if (changes.active !== undefined)
          identity.deactivated_at = changes.active ? null : (current.deactivated_at ?? now);
        if (Object.keys(identity).length > 0) await upsertUserIdentity(trx, id, orgId, identity);
        if (deactivate) await this.#cutOff(trx, id, now);
        await recordAudit(trx, orgId, {
          actorId,
          action: deactivate ? 'user.deactivate' : 'user.update',
          entityType: 'user',
          entityId: id,
          details: { ...changes, via: 'scim' },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ScimError('CONFLICT', 409, `User ${email} already exists`, 'uniqueness');
      throw error;
    }
    if (deactivate) this.#tokens.forgetPrincipals();
    return this.get(orgId, id);
  }

  async delete(orgId: string, actorId: string, id: string): Promise<void> {
    const current = await repo.findScimUser(this.#db, orgId, id);
    if (!current) throw scimNotFound('User', id);
    await this.#db.transaction().execute(async (trx) => {
      if (current.role === 'owner' && (await tenancyRepo.countOwners(trx, orgId)) <= 1)
        throw new ScimError(
          'CONFLICT',
          409,
          'The last owner of the organisation cannot be deleted',
          'mutability',
        );
      await this.#cutOff(trx, id, new Date().toISOString());
      await tenancyRepo.deleteUser(trx, id);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'user.delete',
        entityType: 'user',
        entityId: id,
        details: { email: current.email, role: current.role, via: 'scim' },
      });
    });
    this.#tokens.forgetPrincipals();
  }

  /**
   * Sessions end, API tokens are revoked and the OAuth grants of assistants with their tokens are deleted (changes
   * PostgreSQL's triggers tell every instance).
   */
  async #cutOff(trx: Kysely<Database>, userId: string, at: string): Promise<void> {
    await deleteUserSessions(trx, userId);
    await repo.revokeUserTokens(trx, userId, at);
    await this.#tokens.cutOffElsewhere(trx, userId);
  }
}
