/**
 * API tokens and authentication: issuing, listing and revoking tokens, and resolving a bearer secret to its
 * principal (cached on servers). The principal cache is owned here; whoever changes what a principal carries
 * (settings, users, teams) calls forgetPrincipals().
 */
import type { Kysely } from 'kysely';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import type { ChangeBarrier, ChangeStamp } from '../db/change-stamp.ts';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson, toJson } from '../db/helpers.ts';
import { AppError, notFound } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { addMs, nowIso } from '../shared/time.ts';
import type { Scope } from './plans.ts';
import { UNRESTRICTED, type Principal, type ReachResolver } from './principal.ts';
import { PrincipalCache } from './principal-cache.ts';
import * as repo from './tenancy.repository.ts';
import type { ApiTokenRow } from './tenancy.table.ts';
import { checkAssetTags, checkScopes } from './token-input.ts';
import { generateTokenSecret, hashesEqual, hashTokenSecret, TOKEN_PATTERN } from './token-secret.ts';
import type { UserCutOff } from './user-cut-off.ts';

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

const isExpired = (expiresAt: string | null, now: string): boolean => expiresAt !== null && expiresAt <= now;

export class TokenService {
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

  /** Drops cached principals: call after changing what they carry (settings, users and their tokens, teams). */
  forgetPrincipals(): void {
    this.#principals?.invalidate();
    for (const listener of this.#forgetListeners) listener();
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

  /**
   * Issues a token of the organisation `orgId`, owned by `userEmail` (else its first user). The secret is returned
   * once and only its hash is stored. `actorId` is the user who asked (audit), SYSTEM_ACTOR for the operator CLI.
   */
  async create(input: {
    orgId: string;
    userEmail?: string;
    scopes: string[];
    expiresInMs?: number;
    name?: string;
    actorId?: string;
    /** Restricts the token to assets with one of these tags (docs/portfolio-access.md). */
    assetTags?: string[];
  }): Promise<{ token: ApiToken; secret: string }> {
    const org = await repo.findOrgById(this.#db, input.orgId);
    if (!org) throw notFound('Organisation', input.orgId);
    checkScopes(input.scopes);
    const assetTags = input.assetTags && checkAssetTags(input.assetTags);
    const user = input.userEmail
      ? await repo.findUserByEmail(this.#db, org.id, input.userEmail.trim().toLowerCase())
      : await repo.findFirstUser(this.#db, org.id);
    if (!user) {
      throw input.userEmail
        ? notFound('User', input.userEmail)
        : new AppError('NOT_FOUND', 404, `Organisation '${org.slug}' has no users yet; create one first`);
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

  async list(orgId: string): Promise<ApiToken[]> {
    return (await repo.listTokens(this.#db, orgId)).map(toApiToken);
  }

  /**
   * With `orgId`, a token of another organisation is not found (404), as if it did not exist; without, the
   * operator's `token revoke <tokenId>`, which names no organisation.
   */
  async revoke(tokenId: string, actorId = SYSTEM_ACTOR, orgId?: string): Promise<ApiToken> {
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
      this.forgetPrincipals();
    }
    return toApiToken((await repo.findTokenById(this.#db, tokenId))!);
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
