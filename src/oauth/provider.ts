/**
 * Bulwark's OAuth 2.1 authorization server, configured on oidc-provider (the protocol library: no hand-made token
 * parsing or crypto): authorization code + PKCE S256 only, public clients, dynamic registration and client ID
 * metadata documents, resource indicators bound to the tool server, rotating refresh tokens, revocation.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { ClientModel, KoaContextLike } from 'oidc-provider';
import type { Database } from '../db/database.ts';
import { StoreAdapter } from './adapter.ts';
import { guardedFetch } from './guarded-fetch.ts';

/** The scopes an assistant may ask for on the tool server; a user's role caps what is granted. */
export const MCP_SCOPES = ['mcp:read', 'mcp:write'] as const;
/** Where the library's endpoints live under the issuer. */
export const OAUTH_MOUNT = '/oauth';
export const ACCESS_TOKEN_TTL_S = 3600;
const REFRESH_TOKEN_TTL_S = 30 * 86_400;
const GRANT_TTL_S = 365 * 86_400;

export interface ProviderOptions {
  db: Kysely<Database>;
  /** PUBLIC_URL's origins; the first is the issuer. */
  publicOrigins: readonly string[];
  /** The path of the protected resource (the tool server). */
  resourcePath: string;
  cookieKeys: string[];
  allowPrivateFetch: boolean;
  /** Whether a user id names a user who may still act (deleted users' grants die with them). */
  accountExists: (userId: string) => Promise<boolean>;
  /** The console page an authorization request is sent to (approve or deny). */
  consentPath: string;
  /** Told when the library revokes or consumes something (cached principals are dropped). */
  changed: () => void;
}

/** The resource indicator of the tool server for each public origin. */
export const resourcesOf = (origins: readonly string[], resourcePath: string): string[] =>
  origins.map((o) => `${o}${resourcePath}`);

/** The public origin a request came to (its Host among PUBLIC_URL's), else the first. */
export function originFor(origins: readonly string[], host: string | undefined): string {
  const wanted = host?.toLowerCase();
  return origins.find((o) => new URL(o).host === wanted) ?? origins[0]!;
}

/**
 * The library is loaded here, when the first OAuth request builds the provider, not when the server or a CLI
 * command starts: it is about 180 modules, 0.4 s of CPU that most processes never use.
 */
export async function createProvider(options: ProviderOptions): Promise<Provider> {
  const { default: OidcProvider, errors } = await import('oidc-provider');
  const resources = resourcesOf(options.publicOrigins, options.resourcePath);
  // Signs only ID tokens, which this server never issues for the tool server's scopes; kept in memory.
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const provider = new OidcProvider(options.publicOrigins[0]!, {
    adapter: (model: string) => new StoreAdapter(options.db, model, options.changed),
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'ES256', kid: 'bulwark-oauth' }] },
    cookies: { keys: options.cookieKeys },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    // Public clients only (assistants hold no secret worth the name); PKCE stands in for client authentication.
    clientAuthMethods: ['none'],
    responseTypes: ['code'],
    // Named here too so that a registration listing them is accepted (RFC 7591 `scope`).
    scopes: ['openid', 'offline_access', ...MCP_SCOPES],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (ctx: KoaContextLike, _client: unknown, oneOf?: string) =>
          oneOf ?? `${originFor(options.publicOrigins, ctx.host)}${options.resourcePath}`,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          if (!resources.includes(indicator))
            throw new errors.InvalidTarget(`the only resource is the tool server (${resources.join(', ')})`);
          return {
            scope: MCP_SCOPES.join(' '),
            audience: indicator,
            accessTokenTTL: ACCESS_TOKEN_TTL_S,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    fetch: guardedFetch(options.allowPrivateFetch),
    findAccount: async (_ctx: unknown, sub: string) =>
      (await options.accountExists(sub)) ? { accountId: sub, claims: async () => ({ sub }) } : undefined,
    interactions: {
      url: async (_ctx: unknown, interaction: { uid: string }) =>
        `${options.consentPath}?uid=${interaction.uid}`,
    },
    // Every authorization is shown to the signed-in person: only the grant their approval just made is used.
    loadExistingGrant: async (ctx: KoaContextLike) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: async (_ctx: unknown, client: ClientModel) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Tokens live by their own expiry, not the library's short browser session (the consent is per request).
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_S,
      Interaction: 600,
      Session: 600,
      Grant: GRANT_TTL_S,
    },
    // Errors the library cannot send back to a redirect URI (unknown client, unregistered redirect_uri) are
    // answered as the RFC's JSON error object rather than its HTML page.
    renderError: async (ctx: KoaContextLike, out: Record<string, string>) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    // RFC 8414 metadata: name the tool server's scopes (the library lists only its OpenID ones).
    if (ctx.path.endsWith('/.well-known/oauth-authorization-server') && ctx.status === 200) {
      const body = ctx.body as Record<string, unknown>;
      body.scopes_supported = [...MCP_SCOPES];
    }
  });
  return provider;
}
