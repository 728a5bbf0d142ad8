/**
 * The OAuth authorization server's rules around the library: the consent (scopes capped by the person's role),
 * connected applications (list, revoke at once), and resolving an OAuth access token to a principal that acts as
 * its user under the same checks as an API token.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { Database } from '../db/database.ts';
import { fromBool, fromJson } from '../db/helpers.ts';
import { notFound } from '../errors.ts';
import { isScope, type Scope } from '../tenancy/plans.ts';
import { isRole, scopesOfRole } from '../tenancy/roles.ts';
import { UNRESTRICTED, type Principal, type ReachResolver } from '../tenancy/principal.ts';
import * as repo from './oauth.repository.ts';
import type { ChangeBarrier, ChangeStamp } from '../db/change-stamp.ts';
import { PrincipalCache } from '../tenancy/principal-cache.ts';
import type { UserCutOff } from '../tenancy/user-cut-off.ts';
import { sha256 } from './adapter.ts';
import { createProvider, MCP_SCOPES, originFor } from './provider.ts';

export interface OAuthConfig {
  publicOrigins: readonly string[];
  resourcePath: string;
  consentPath: string;
  allowPrivateFetch: boolean;
}

/** What the consent page shows. */
export interface ConsentView {
  uid: string;
  client: { id: string; name: string | null; metadataDocument: boolean };
  redirectUri: string;
  redirectHost: string;
  resource: string;
  requestedScopes: string[];
  /** The requested scopes the person's role allows: what approving grants. */
  grantableScopes: Scope[];
}

export interface Connection {
  id: string;
  clientId: string;
  clientName: string | null;
  scopes: string[];
  resource: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const COOKIE_KEYS = { model: 'Secret', id: 'cookie-keys' };
const nowIso = (now: number) => new Date(now).toISOString();

export class OAuthService implements UserCutOff {
  readonly #db: Kysely<Database>;
  readonly #config: OAuthConfig;
  readonly #now: () => number;
  #provider: Promise<Provider> | undefined;
  #reachOf: ReachResolver = async () => UNRESTRICTED;
  /**
   * OAuth principals by token hash, like API tokens' (the same change stamp: any commit on SQLite; on PostgreSQL
   * the notifications of tokens, organisations, users and oauth_records, and a hit waits for the store's
   * barrier), so a call costs no store read.
   */
  readonly #principals: PrincipalCache<{ principal: Principal; audiences: string[] }> | undefined;

  constructor(
    db: Kysely<Database>,
    config: OAuthConfig,
    now: () => number = Date.now,
    changeStamp?: ChangeStamp,
    changeBarrier?: ChangeBarrier,
  ) {
    this.#db = db;
    this.#config = config;
    this.#now = now;
    this.#principals = changeStamp && new PrincipalCache(changeStamp, { barrier: changeBarrier });
  }

  /** How OAuth principals get their reach (portfolio/reach.ts); set once by services.ts. */
  useReach(resolver: ReachResolver): void {
    this.#reachOf = resolver;
  }

  /** The library's provider, built once; its cookie keys are shared by every instance through the store. */
  provider(): Promise<Provider> {
    this.#provider ??= this.#createProvider();
    return this.#provider;
  }

  async #createProvider(): Promise<Provider> {
    const stored = await repo.ensureRecord(this.#db, {
      ...COOKIE_KEYS,
      payload: JSON.stringify([randomBytes(32).toString('base64url')]),
      grant_id: null,
      account_id: null,
      uid: null,
      expires_at: null,
      consumed_at: null,
      created_at: nowIso(this.#now()),
    });
    return createProvider({
      db: this.#db,
      publicOrigins: this.#config.publicOrigins,
      resourcePath: this.#config.resourcePath,
      consentPath: this.#config.consentPath,
      cookieKeys: fromJson<string[]>(stored.payload, []),
      allowPrivateFetch: this.#config.allowPrivateFetch,
      accountExists: async (userId) => (await repo.findAccount(this.#db, userId)) !== undefined,
      changed: () => this.#principals?.invalidate(),
    });
  }

  get publicOrigins(): readonly string[] {
    return this.#config.publicOrigins;
  }

  /** The resource indicator of the tool server as reached through `host`. */
  resourceFor(host: string | undefined): string {
    return `${originFor(this.#config.publicOrigins, host)}${this.#config.resourcePath}`;
  }

  async #interaction(uid: string) {
    const provider = await this.provider();
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.result !== undefined) throw notFound('Authorization request', uid);
    const clientId = String(interaction.params.client_id ?? '');
    const client = await provider.Client.find(clientId);
    if (!client) throw notFound('Authorization request', uid);
    return { provider, interaction, client };
  }

  /** The pending authorization request `uid`, as the signed-in person would approve it. */
  async consent(uid: string, principal: Principal): Promise<ConsentView> {
    const { interaction, client } = await this.#interaction(uid);
    const requested = String(interaction.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    const redirectUri = String(interaction.params.redirect_uri ?? '');
    return {
      uid,
      client: {
        id: client.clientId,
        name: client.clientName ?? null,
        metadataDocument: client.clientIdMetadataDocument === true,
      },
      redirectUri,
      redirectHost: URL.parse(redirectUri)?.host ?? '',
      resource: this.#resourceOf(interaction),
      requestedScopes: requested,
      grantableScopes: grantable(requested, principal),
    };
  }

  #resourceOf(interaction: {
    params: Record<string, unknown>;
    prompt: { details: Record<string, unknown> };
  }): string {
    const missing = interaction.prompt.details.missingResourceScopes as Record<string, unknown> | undefined;
    const named = interaction.params.resource;
    return Object.keys(missing ?? {})[0] ?? (typeof named === 'string' ? named : this.resourceFor(undefined));
  }

  /** Approves as the signed-in person: a grant of the requested scopes their role allows, the rest refused. */
  async approve(uid: string, principal: Principal): Promise<{ redirectTo: string }> {
    const { provider, interaction, client } = await this.#interaction(uid);
    const requested = String(interaction.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    const granted = grantable(requested, principal);
    const refused = requested.filter((s) => !(granted as string[]).includes(s));
    const resource = this.#resourceOf(interaction);
    const grant = new provider.Grant({ accountId: principal.userId, clientId: client.clientId });
    // The library sees the scopes both as its own (registration) and as the resource's: answer for both.
    grant.addResourceScope(resource, granted.join(' '));
    grant.addOIDCScope(granted.join(' '));
    if (refused.length > 0) {
      grant.rejectResourceScope(resource, refused.join(' '));
      grant.rejectOIDCScope(refused.join(' '));
    }
    const grantId = await grant.save();
    interaction.result = { login: { accountId: principal.userId }, consent: { grantId } };
    await interaction.save(this.#remaining(interaction.exp));
    return { redirectTo: interaction.returnTo };
  }

  async deny(uid: string): Promise<{ redirectTo: string }> {
    const { interaction } = await this.#interaction(uid);
    interaction.result = { error: 'access_denied', error_description: 'The user denied the request' };
    await interaction.save(this.#remaining(interaction.exp));
    return { redirectTo: interaction.returnTo };
  }

  #remaining(exp: number): number {
    return Math.max(1, exp - Math.floor(this.#now() / 1000));
  }

  /** The applications the signed-in person connected, newest first. */
  async connections(principal: Principal): Promise<Connection[]> {
    const now = nowIso(this.#now());
    const grants = await repo.listGrantsOfUser(this.#db, principal.orgId, principal.userId, now);
    const used = new Map(
      (
        await repo.lastIssuedUnder(
          this.#db,
          grants.map((g) => g.id),
        )
      ).map((r) => [r.grant_id, r.last as string]),
    );
    const provider = await this.provider();
    return Promise.all(
      grants.map(async (row) => {
        const payload = fromJson<{ clientId: string; resources?: Record<string, string> }>(row.payload, {
          clientId: '',
        });
        const client = await provider.Client.find(payload.clientId).catch(() => undefined);
        const [resource, scopes] = Object.entries(payload.resources ?? {})[0] ?? ['', ''];
        return {
          id: row.id,
          clientId: payload.clientId,
          clientName: client?.clientName ?? null,
          scopes: scopes.split(' ').filter(Boolean),
          resource,
          createdAt: row.created_at,
          lastUsedAt: used.get(row.id) ?? null,
        };
      }),
    );
  }

  /** Ends a connection: the grant and every code and token under it, effective on the next request. */
  async revokeConnection(principal: Principal, grantId: string): Promise<void> {
    const mine = await repo.listGrantsOfUser(
      this.#db,
      principal.orgId,
      principal.userId,
      nowIso(this.#now()),
    );
    if (!mine.some((g) => g.id === grantId)) throw notFound('Connected application', grantId);
    await repo.deleteByGrant(this.#db, grantId);
    // The store's stamp would say so too, but on PostgreSQL only once the notification arrives.
    this.#principals?.invalidate();
  }

  /**
   * UserCutOff (src/tenancy/user-cut-off.ts): in the transaction that deactivates or deletes the user, every grant
   * and token of the user's assistants is deleted, so the next call, refresh or code exchange is refused.
   */
  async revokeUser(trx: Kysely<Database>, userId: string): Promise<void> {
    await repo.deleteOfAccount(trx, userId);
  }

  /** After such a transaction committed, or a team, grant or organisation setting changed reaches: this
   * instance's cached OAuth principals go. */
  forgetPrincipals(): void {
    this.#principals?.invalidate();
  }

  /**
   * The principal of an OAuth access token presented to the tool server reached through `host`, or undefined
   * (unknown, expired, revoked, or bound to another resource). Scopes are the granted ones the user's role
   * allows today, so lowering a role takes effect on the next call.
   */
  async authenticate(secret: string, host: string | undefined): Promise<Principal | undefined> {
    const key = sha256(secret);
    const cached = await this.#principals?.lookup(key);
    if (cached?.hit) {
      if (cached.hit.expiresAt !== null && Date.parse(cached.hit.expiresAt) <= this.#now()) return undefined;
      return cached.hit.value.audiences.includes(this.resourceFor(host))
        ? cached.hit.value.principal
        : undefined;
    }
    const loaded = await this.#load(secret);
    if (!loaded) return undefined;
    this.#principals?.set(key, cached?.generation, {
      value: loaded,
      expiresAt: new Date(loaded.exp * 1000).toISOString(),
    });
    return loaded.audiences.includes(this.resourceFor(host)) ? loaded.principal : undefined;
  }

  async #load(
    secret: string,
  ): Promise<{ principal: Principal; audiences: string[]; exp: number } | undefined> {
    const provider = await this.provider();
    const token = await provider.AccessToken.find(secret).catch(() => undefined);
    if (!token || token.isExpired || !token.accountId) return undefined;
    const audiences = (Array.isArray(token.aud) ? token.aud : [token.aud]).filter(
      (a) => typeof a === 'string',
    );
    const account = await repo.findAccount(this.#db, token.accountId);
    if (!account || !isRole(account.role)) return undefined;
    const allowed = scopesOfRole(account.role);
    const scopes = String(token.scope ?? '')
      .split(' ')
      .filter((s): s is Scope => isScope(s) && allowed.has(s));
    const principal: Principal = {
      tokenId: `oauth:${token.grantId ?? token.jti}`,
      orgId: account.org_id,
      userId: account.user_id,
      scopes: new Set(scopes),
      plan: account.plan,
      mcpWriteEnabled: fromBool(account.mcp_write_enabled),
      ...(await this.#reachOf({ orgId: account.org_id, userId: account.user_id, assetTags: null })),
    };
    return { principal, audiences, exp: token.exp ?? Math.floor(this.#now() / 1000) + 3600 };
  }
}

function grantable(requested: string[], principal: Principal): Scope[] {
  const role = principal.session?.role;
  const allowed = role ? scopesOfRole(role) : new Set<Scope>();
  return MCP_SCOPES.filter((s) => requested.includes(s) && allowed.has(s));
}
