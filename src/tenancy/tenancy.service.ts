/** Organisations, users, API tokens, and resolving a caller to a principal. */
import type { Kysely } from 'kysely';
import type { ChangeBarrier, ChangeStamp } from '../db/change-stamp.ts';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson, isUniqueViolation, toBool, toJson } from '../db/helpers.ts';
import { AppError, notFound, validationFailed } from '../errors.ts';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { newId } from '../shared/ids.ts';
import { addMs, nowIso } from '../shared/time.ts';
import { isScope, PLAN_NAMES, SCOPES, type Plan, type Scope } from './plans.ts';
import { UNRESTRICTED, type Principal, type ReachResolver } from './principal.ts';
import { PrincipalCache } from './principal-cache.ts';
import { isRole, type Role } from './roles.ts';
import { checkPasswordRules, hashPassword } from './password.ts';
import * as repo from './tenancy.repository.ts';
import type { ApiTokenRow, OrganizationRow, UserRow } from './tenancy.table.ts';
import type { UserCutOff } from './user-cut-off.ts';
import { generateTokenSecret, hashesEqual, hashTokenSecret, TOKEN_PATTERN } from './token-secret.ts';

export interface Organization {
  id: string;
  slug: string;
  name: string;
  plan: string;
  mcpWriteEnabled: boolean;
  mcpSupplyChainTools: boolean;
  /** Members and viewers reach only what their teams grant (docs/portfolio-access.md). */
  portfolioAccess: boolean;
  /** The default retention of the organisation's assets (docs/portfolio.md); null: none. */
  retention: OrgRetention | null;
  createdAt: string;
}

/** `{keepVersions?, maxAgeDays?, inactiveAfterDays?}`, validated by the edges (portfolio/asset.schemas.ts). */
export interface OrgRetention {
  keepVersions?: number | undefined;
  maxAgeDays?: number | undefined;
  inactiveAfterDays?: number | undefined;
}

export interface User {
  id: string;
  orgId: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: string;
}

export interface ApiToken {
  id: string;
  orgId: string;
  userId: string;
  name: string | null;
  scopes: Scope[];
  /** The token reaches only assets carrying one of these tags (and their descendants); null: no restriction. */
  assetTags: string[] | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export const ASSET_TAG = /^[a-z0-9][a-z0-9._:-]{0,63}$/;

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  plan: row.plan,
  mcpWriteEnabled: fromBool(row.mcp_write_enabled),
  mcpSupplyChainTools: fromBool(row.mcp_supply_chain_tools),
  portfolioAccess: fromBool(row.portfolio_access),
  retention: fromJson<OrgRetention | null>(row.retention, null),
  createdAt: row.created_at,
});

export const toUser = (row: UserRow): User => ({
  id: row.id,
  orgId: row.org_id,
  email: row.email,
  name: row.display_name,
  role: isRole(row.role) ? row.role : 'viewer',
  createdAt: row.created_at,
});

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  orgId: row.org_id,
  userId: row.user_id,
  name: row.name,
  scopes: fromJson<Scope[]>(row.scopes, []),
  assetTags: fromJson<string[] | null>(row.asset_tags, null),
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  createdAt: row.created_at,
});

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[^\s@]+@localhost$/;

const isExpired = (expiresAt: string | null, now: string): boolean => expiresAt !== null && expiresAt <= now;

export class TenancyService {
  readonly #db: Kysely<Database>;
  readonly #principals: PrincipalCache<Principal> | undefined;
  readonly #cutOffs: UserCutOff[] = [];
  #reachOf: ReachResolver = async () => UNRESTRICTED;
  readonly #forgetListeners: (() => void)[] = [];

  /**
   * With a change stamp, resolved principals are cached (servers); without, every call reads the store. With
   * the store's barrier too (PostgreSQL), a cached principal is served only once the barrier has passed.
   */
  constructor(db: Kysely<Database>, changeStamp?: ChangeStamp, changeBarrier?: ChangeBarrier) {
    this.#db = db;
    this.#principals = changeStamp && new PrincipalCache(changeStamp, { barrier: changeBarrier });
  }

  /** How principals get their reach (portfolio/reach.ts); set once by services.ts. */
  useReach(resolver: ReachResolver): void {
    this.#reachOf = resolver;
  }

  /** Called whenever cached principals are dropped here, so caches of reaches elsewhere drop with them. */
  onForget(listener: () => void): void {
    this.#forgetListeners.push(listener);
  }

  #forget(): void {
    this.#principals?.invalidate();
    for (const listener of this.#forgetListeners) listener();
  }

  /**
   * A new organisation; with `ownerEmail`, its first user (role owner, no password) in the same transaction, so
   * `token create` works right after (a token needs a user to own it).
   */
  async createOrganization(input: {
    slug: string;
    name?: string;
    plan?: string;
    mcpWriteEnabled?: boolean;
    ownerEmail?: string;
    mcpSupplyChainTools?: boolean;
    portfolioAccess?: boolean;
  }) {
    if (!SLUG.test(input.slug)) {
      throw validationFailed(`Slug '${input.slug}' must be 1-64 lowercase letters, digits or dashes`);
    }
    const ownerEmail = input.ownerEmail?.trim().toLowerCase();
    if (ownerEmail !== undefined && !EMAIL.test(ownerEmail))
      throw validationFailed(`'${input.ownerEmail}' is not an e-mail address`);
    const plan = input.plan ?? 'professional';
    if (!PLAN_NAMES.includes(plan as Plan)) {
      throw validationFailed(`Plan '${plan}' is not one of ${PLAN_NAMES.join(', ')}`);
    }
    const now = nowIso();
    const row: OrganizationRow = {
      id: newId('org'),
      slug: input.slug,
      name: input.name ?? input.slug,
      plan,
      mcp_write_enabled: toBool(input.mcpWriteEnabled ?? false),
      mcp_supply_chain_tools: toBool(input.mcpSupplyChainTools ?? false),
      portfolio_access: toBool(input.portfolioAccess ?? false),
      retention: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.#db.transaction().execute(async (trx) => {
        await repo.insertOrg(trx, row);
        await recordAudit(trx, row.id, {
          actorId: SYSTEM_ACTOR,
          action: 'organization.create',
          entityType: 'organization',
          entityId: row.id,
          details: { slug: row.slug, plan },
        });
        if (ownerEmail === undefined) return;
        const owner: UserRow = {
          id: newId('usr'),
          org_id: row.id,
          email: ownerEmail,
          display_name: null,
          role: 'owner',
          password_hash: null,
          created_at: now,
        };
        await repo.insertUser(trx, owner);
        await recordAudit(trx, row.id, {
          actorId: SYSTEM_ACTOR,
          action: 'user.create',
          entityType: 'user',
          entityId: owner.id,
          details: { email: ownerEmail, role: 'owner' },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 409, `Organisation '${input.slug}' already exists`);
      throw error;
    }
    return toOrganization(row);
  }

  /** `actorId` is who asked (audit): a signed-in admin, or SYSTEM_ACTOR for the operator CLI. */
  async updateOrganization(
    slug: string,
    changes: {
      plan?: string;
      mcpWriteEnabled?: boolean;
      mcpSupplyChainTools?: boolean;
      name?: string;
      portfolioAccess?: boolean;
      /** null or `{}`: no default retention. */
      retention?: OrgRetention | null;
    },
    actorId = SYSTEM_ACTOR,
  ) {
    const org = await this.requireOrganization(slug);
    if (changes.plan !== undefined && !PLAN_NAMES.includes(changes.plan as Plan)) {
      throw validationFailed(`Plan '${changes.plan}' is not one of ${PLAN_NAMES.join(', ')}`);
    }
    const set: Partial<OrganizationRow> = { updated_at: nowIso() };
    if (changes.plan !== undefined) set.plan = changes.plan;
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.mcpWriteEnabled !== undefined) set.mcp_write_enabled = toBool(changes.mcpWriteEnabled);
    if (changes.mcpSupplyChainTools !== undefined)
      set.mcp_supply_chain_tools = toBool(changes.mcpSupplyChainTools);
    if (changes.portfolioAccess !== undefined) set.portfolio_access = toBool(changes.portfolioAccess);
    if (changes.retention !== undefined)
      set.retention =
        changes.retention && Object.keys(changes.retention).length > 0 ? toJson(changes.retention) : null;
    await this.#db.transaction().execute(async (trx) => {
      await repo.updateOrg(trx, org.id, set);
      await recordAudit(trx, org.id, {
        actorId,
        action: 'org.update',
        entityType: 'organization',
        entityId: org.id,
        details: { ...changes },
      });
    });
    // The store's stamp would say so too, but on PostgreSQL only once the notification arrives.
    this.#forget();
    return this.requireOrganization(slug);
  }

  async findOrganization(slug: string): Promise<Organization | undefined> {
    const row = await repo.findOrgBySlug(this.#db, slug);
    return row && toOrganization(row);
  }

  async requireOrganization(slug: string): Promise<Organization> {
    const org = await this.findOrganization(slug);
    if (!org) throw notFound('Organisation', slug);
    return org;
  }

  async getOrganizationById(id: string): Promise<Organization> {
    const row = await repo.findOrgById(this.#db, id);
    if (!row) throw notFound('Organisation', id);
    return toOrganization(row);
  }

  /** Every organisation, by slug (an operator's view: the CLI). */
  async listOrganizations(): Promise<Organization[]> {
    return (await repo.listOrgs(this.#db)).map(toOrganization);
  }

  countOrganizations(): Promise<number> {
    return repo.countOrgs(this.#db);
  }

  /**
   * Adds a user (role `member` unless given). A password, when given, must follow the rules in password.ts; a
   * user without one cannot sign in until `set-password`. `actorId` is who asked (audit).
   */
  async createUser(
    orgSlug: string,
    input: { email: string; name?: string; role?: string; password?: string },
    actorId = SYSTEM_ACTOR,
  ): Promise<User> {
    const org = await this.requireOrganization(orgSlug);
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
        throw new AppError('CONFLICT', 409, `User '${email}' already exists in '${orgSlug}'`);
      throw error;
    }
    return toUser(row);
  }

  async listUsers(orgId: string): Promise<User[]> {
    return (await repo.listUsers(this.#db, orgId)).map(toUser);
  }

  /**
   * Issues a token. The secret is returned once and only its hash is stored.
   * `actorId` is the user who asked (audit), SYSTEM_ACTOR for the operator CLI.
   */
  async createToken(input: {
    orgSlug: string;
    userEmail?: string;
    scopes: string[];
    expiresInMs?: number;
    name?: string;
    actorId?: string;
    /** Restricts the token to assets with one of these tags (docs/portfolio-access.md). */
    assetTags?: string[];
  }): Promise<{ token: ApiToken; secret: string }> {
    const org = await this.requireOrganization(input.orgSlug);
    const unknown = input.scopes.filter((s) => !isScope(s));
    if (unknown.length > 0 || input.scopes.length === 0) {
      throw validationFailed(
        `Scopes must be a non-empty subset of ${SCOPES.join(', ')} (got '${input.scopes.join(',')}')`,
      );
    }
    const assetTags = input.assetTags && [...new Set(input.assetTags.map((t) => t.trim().toLowerCase()))];
    const badTag = assetTags?.find((t) => !ASSET_TAG.test(t));
    if (badTag !== undefined)
      throw validationFailed(
        `Asset tag '${badTag}' must be lowercase letters, digits, '.', '_', ':' or '-'`,
        [{ path: 'assetTags', message: `'${badTag}' is not a tag` }],
      );
    if (assetTags?.length === 0)
      throw validationFailed('assetTags must name at least one tag (leave it out for no restriction)', [
        { path: 'assetTags', message: 'empty' },
      ]);
    const user = input.userEmail
      ? await repo.findUserByEmail(this.#db, org.id, input.userEmail.trim().toLowerCase())
      : await repo.findFirstUser(this.#db, org.id);
    if (!user) {
      throw input.userEmail
        ? notFound('User', input.userEmail)
        : new AppError(
            'NOT_FOUND',
            404,
            `Organisation '${input.orgSlug}' has no users yet; create one first`,
          );
    }
    const secret = generateTokenSecret();
    const now = nowIso();
    const row: ApiTokenRow = {
      id: newId('tok'),
      org_id: org.id,
      user_id: user.id,
      name: input.name ?? null,
      secret_hash: hashTokenSecret(secret),
      scopes: toJson([...new Set(input.scopes)]),
      asset_tags: assetTags ? toJson(assetTags) : null,
      expires_at: input.expiresInMs ? addMs(now, input.expiresInMs) : null,
      revoked_at: null,
      created_at: now,
    };
    await this.#db.transaction().execute(async (trx) => {
      await repo.insertToken(trx, row);
      await recordAudit(trx, org.id, {
        actorId: input.actorId ?? SYSTEM_ACTOR,
        action: 'token.create',
        entityType: 'token',
        entityId: row.id,
        details: {
          scopes: fromJson(row.scopes, []),
          userId: user.id,
          expiresAt: row.expires_at,
          ...(assetTags ? { assetTags } : {}),
        },
      });
    });
    return { token: toApiToken(row), secret };
  }

  /** With `orgId`, a token of another organisation is not found (404), as if it did not exist. */
  async revokeToken(tokenId: string, actorId = SYSTEM_ACTOR, orgId?: string): Promise<ApiToken> {
    const row = await repo.findTokenById(this.#db, tokenId);
    if (!row || (orgId !== undefined && row.org_id !== orgId)) throw notFound('Token', tokenId);
    if (!row.revoked_at) {
      await this.#db.transaction().execute(async (trx) => {
        await repo.revokeToken(trx, tokenId, nowIso());
        await recordAudit(trx, row.org_id, {
          actorId,
          action: 'token.revoke',
          entityType: 'token',
          entityId: tokenId,
        });
      });
      this.#forget();
    }
    return toApiToken((await repo.findTokenById(this.#db, tokenId))!);
  }

  /** Drops cached principals: call after changing users (their tokens go with them) outside this service. */
  forgetPrincipals(): void {
    this.#forget();
  }

  /** Registers access held outside tenancy/ that ends with a user (src/services.ts: the OAuth grants). */
  useCutOff(cutOff: UserCutOff): void {
    this.#cutOffs.push(cutOff);
  }

  /**
   * In the transaction that deactivates or deletes a user: revokes what the user holds outside tenancy/ (sessions
   * and API tokens are the caller's). Call forgetPrincipals() after the commit.
   */
  async cutOffElsewhere(trx: Kysely<Database>, userId: string): Promise<void> {
    for (const cutOff of this.#cutOffs) await cutOff.revokeUser(trx, userId);
  }

  async listTokens(orgSlug: string): Promise<ApiToken[]> {
    const org = await this.requireOrganization(orgSlug);
    return (await repo.listTokens(this.#db, org.id)).map(toApiToken);
  }

  /**
   * Resolves a bearer secret to its principal, or undefined when malformed, unknown, revoked or expired
   * (the caller answers all four the same way, so nothing leaks which one it was).
   */
  async authenticate(secret: string, now = nowIso()): Promise<Principal | undefined> {
    if (!TOKEN_PATTERN.test(secret)) return undefined;
    const hash = hashTokenSecret(secret);
    const cached = await this.#principals?.lookup(hash);
    if (cached?.hit) return isExpired(cached.hit.expiresAt, now) ? undefined : cached.hit.value;
    return this.#load(hash, cached?.generation, now);
  }

  /**
   * The principal of a live cached token, answered without a promise (the HTTP auth hook's path for nearly every
   * request on SQLite); undefined when the cache cannot answer, and the caller then uses `authenticate`. The
   * cache's checks are the same as there: the store's change stamp is read first, so a token revoked by any
   * process is gone. On PostgreSQL a hit waits for the barrier, so it always takes `authenticate`.
   */
  cachedPrincipal(secret: string): Principal | undefined {
    if (!this.#principals?.answersNow || !TOKEN_PATTERN.test(secret)) return undefined;
    const hit = this.#principals.trustedNow(hashTokenSecret(secret));
    // Most tokens never expire: the clock is read only for those that do.
    if (!hit || (hit.expiresAt !== null && isExpired(hit.expiresAt, nowIso()))) return undefined;
    return hit.value;
  }

  async #load(hash: string, generation: number | undefined, now: string): Promise<Principal | undefined> {
    const row = await repo.findTokenWithOrg(this.#db, hash);
    if (!row || !hashesEqual(row.secret_hash, hash)) return undefined;
    if (row.revoked_at !== null || isExpired(row.expires_at, now)) return undefined;
    const assetTags = fromJson<string[] | null>(row.asset_tags, null);
    const reaches = await this.#reachOf({ orgId: row.org_id, userId: row.user_id, assetTags });
    const principal: Principal = {
      tokenId: row.id,
      orgId: row.org_id,
      userId: row.user_id,
      scopes: new Set(fromJson<Scope[]>(row.scopes, [])),
      plan: row.plan,
      mcpWriteEnabled: fromBool(row.mcp_write_enabled),
      ...reaches,
    };
    // Only live tokens are cached: unknown secrets must not fill memory.
    this.#principals?.set(hash, generation, { value: principal, expiresAt: row.expires_at });
    return principal;
  }
}
