/**
 * Workspace users: adding and listing them, and managing them on behalf of a signed-in person (roles, names,
 * passwords, removal), the operator's `set-password`, and ending what a removed user holds. Who may do what:
 * docs/sessions.md, "Managing users". Every method is keyed by organisation id.
 */
import type { Kysely } from 'kysely';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/helpers.ts';
import { AppError, notFound, validationFailed } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { EMAIL } from './email.ts';
import { checkPasswordRules, hashPassword } from './password.ts';
import { isRole, roleAtLeast, type Role } from './roles.ts';
import { deleteUserSessions } from './session.repository.ts';
import * as repo from './tenancy.repository.ts';
import type { UserRow } from './tenancy.table.ts';
import type { TokenService } from './token.service.ts';
import type { Principal } from './principal.ts';

export interface User {
  id: string;
  orgId: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: string;
}

const toUser = (row: UserRow): User => ({
  id: row.id,
  orgId: row.org_id,
  email: row.email,
  name: row.display_name,
  role: isRole(row.role) ? row.role : 'viewer',
  createdAt: row.created_at,
});

export interface UserChanges {
  name?: string | null | undefined;
  role?: Role | undefined;
  password?: string | undefined;
}

const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);

/** The acting person's role; only sessions manage users (the routes are session-only). */
function actorRole(actor: Principal): Role {
  if (!actor.session) throw forbidden('Only a signed-in person can manage users');
  return actor.session.role;
}

export class UserService {
  readonly #db: Kysely<Database>;
  readonly #tokens: TokenService;

  /** `tokens` owns the principal cache and the access held outside tenancy/ that ends with a user. */
  constructor(db: Kysely<Database>, tokens: TokenService) {
    this.#db = db;
    this.#tokens = tokens;
  }

  async list(orgId: string): Promise<User[]> {
    return (await repo.listUsers(this.#db, orgId)).map(toUser);
  }

  /**
   * Adds a user (role `member` unless given) without asking who may: the operator CLI, the server's first start,
   * the demo; a signed-in person goes through create(). A password, when given, must follow the rules in
   * password.ts; a user without one cannot sign in until `set-password`. `actorId` is who asked (audit).
   */
  async add(
    orgId: string,
    input: { email: string; name?: string; role?: string; password?: string },
    actorId = SYSTEM_ACTOR,
  ): Promise<User> {
    const org = await repo.findOrgById(this.#db, orgId);
    if (!org) throw notFound('Organisation', orgId);
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email)) throw validationFailed(`'${input.email}' is not an e-mail address`);
    const role = input.role ?? 'member';
    if (!isRole(role)) throw validationFailed(`Role '${role}' is not one of owner, admin, member, viewer`);
    if (input.password !== undefined) checkPasswordRules(input.password);
    const row: UserRow = {
      id: newId('usr'),
      org_id: org.id,
      email,
      display_name: input.name ?? null,
      role,
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      created_at: nowIso(),
    };
    try {
      await this.#db.transaction().execute(async (trx) => {
        await repo.insertUser(trx, row);
        await recordAudit(trx, org.id, {
          actorId,
          action: 'user.create',
          entityType: 'user',
          entityId: row.id,
          details: { email, role },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 409, `User '${email}' already exists in '${org.slug}'`);
      throw error;
    }
    return toUser(row);
  }

  async create(
    actor: Principal,
    input: { email: string; name?: string | undefined; role: Role; password?: string | undefined },
  ): Promise<User> {
    if (input.role === 'owner' && actorRole(actor) !== 'owner')
      throw forbidden('Only an owner can make another owner');
    return this.add(
      actor.orgId,
      {
        email: input.email,
        role: input.role,
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.password !== undefined ? { password: input.password } : {}),
      },
      actor.userId,
    );
  }

  async #target(orgId: string, userId: string): Promise<UserRow> {
    const row = await repo.findUserById(this.#db, orgId, userId);
    if (!row) throw notFound('User', userId);
    return row;
  }

  /**
   * Anyone may change their own name and password; changing someone else, or any role, needs admin; anything
   * touching the owner role needs an owner; the last owner keeps the role.
   */
  async update(actor: Principal, userId: string, changes: UserChanges): Promise<User> {
    const role = actorRole(actor);
    const target = await this.#target(actor.orgId, userId);
    const self = target.id === actor.userId;
    const roleChange = changes.role !== undefined && changes.role !== target.role;
    if ((!self || roleChange) && !roleAtLeast(role, 'admin'))
      throw forbidden(`The role ${role} may change only its own name and password`);
    if (roleChange && (changes.role === 'owner' || target.role === 'owner') && role !== 'owner')
      throw forbidden('Only an owner can grant or take away the owner role');
    if (!self && target.role === 'owner' && role !== 'owner')
      throw forbidden("Only an owner can change an owner's details");
    if (changes.password !== undefined) checkPasswordRules(changes.password, 'body.password');
    const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);

    await this.#db.transaction().execute(async (trx) => {
      if (roleChange && target.role === 'owner') await this.#keepAnOwner(trx, actor.orgId);
      const set: Partial<UserRow> = {};
      if (changes.name !== undefined) set.display_name = changes.name;
      if (roleChange) set.role = changes.role!;
      if (Object.keys(set).length > 0) {
        await repo.updateUser(trx, target.id, set);
        await recordAudit(trx, actor.orgId, {
          actorId: actor.userId,
          action: 'user.update',
          entityType: 'user',
          entityId: target.id,
          details: {
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(roleChange ? { role: changes.role, previousRole: target.role } : {}),
          },
        });
      }
      if (passwordHash !== undefined)
        await this.#setHash(trx, actor.orgId, target.id, passwordHash, actor.userId);
    });
    return toUser(await this.#target(actor.orgId, userId));
  }

  async delete(actor: Principal, userId: string): Promise<{ id: string; deleted: true }> {
    const role = actorRole(actor);
    const target = await this.#target(actor.orgId, userId);
    if (target.role === 'owner' && role !== 'owner') throw forbidden('Only an owner can remove an owner');
    await this.#db.transaction().execute(async (trx) => {
      if (target.role === 'owner') await this.#keepAnOwner(trx, actor.orgId);
      // Sessions and API tokens belong to the user and go with it (foreign keys cascade); OAuth grants do not.
      await deleteUserSessions(trx, target.id);
      await this.#tokens.cutOffElsewhere(trx, target.id);
      await repo.deleteUser(trx, target.id);
      await recordAudit(trx, actor.orgId, {
        actorId: actor.userId,
        action: 'user.delete',
        entityType: 'user',
        entityId: target.id,
        details: { email: target.email, role: target.role },
      });
    });
    this.#tokens.forgetPrincipals();
    return { id: target.id, deleted: true };
  }

  /** The operator's `bulwark user set-password`: ends every session of the user. */
  async setPassword(orgId: string, email: string, password: string): Promise<User> {
    const row = await repo.findUserByEmail(this.#db, orgId, email.trim().toLowerCase());
    if (!row) throw notFound('User', email);
    checkPasswordRules(password);
    const passwordHash = await hashPassword(password);
    await this.#db
      .transaction()
      .execute((trx) => this.#setHash(trx, orgId, row.id, passwordHash, SYSTEM_ACTOR));
    return toUser(row);
  }

  async #setHash(trx: Kysely<Database>, orgId: string, userId: string, hash: string, actorId: string) {
    await repo.updateUser(trx, userId, { password_hash: hash });
    await deleteUserSessions(trx, userId);
    await recordAudit(trx, orgId, {
      actorId,
      action: 'user.set_password',
      entityType: 'user',
      entityId: userId,
    });
  }

  /** Called before the owner role leaves someone: at least one other owner must remain. */
  async #keepAnOwner(trx: Kysely<Database>, orgId: string): Promise<void> {
    if ((await repo.countOwners(trx, orgId)) <= 1)
      throw new AppError(
        'CONFLICT',
        409,
        'An organisation needs at least one owner; make someone else owner first',
      );
  }
}
