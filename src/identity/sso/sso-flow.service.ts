/**
 * OpenID Connect sign-in with openid-client: discovery, authorization code with PKCE (S256), state and nonce,
 * ID token validation, then the just-in-time user and its role (docs/identity.md, "Single sign-on").
 */
import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SsoConfig, SsoConfigService } from './sso-config.service.ts';
import { isLoopbackHttp } from './sso-config.service.ts';
import { evaluateClaims, type ClaimsEvaluation } from './sso-claims.ts';
import * as repo from './sso.repository.ts';

/** A pending sign-in lives this long: enough to log in at the provider, short enough to be useless later. */
const STATE_TTL_MS = 10 * 60_000;
/** Discovery documents are re-read after this (a provider's endpoints rarely move, its keys are in jwks). */
const DISCOVERY_TTL_MS = 10 * 60_000;
/** A provider that does not answer within this is "down": the sign-in page says so instead of hanging. */
const PROVIDER_TIMEOUT_S = 5;
/** The dry run's marker in `return_to`: its callback signs nobody in. */
export const TEST_PREFIX = 'test:';

/** A refusal with the short reason code the sign-in page shows (`/sign-in?error=<reason>`). */
export class SsoRefusal extends Error {
  readonly reason: string;
  constructor(reason: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Only a path on this site is a place to return to (never `//host` or a URL: no open redirect). */
export const safeReturnPath = (path: string | undefined): string =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/';

export class SsoFlowService {
  readonly #db: Kysely<Database>;
  readonly #configs: SsoConfigService;
  readonly #now: () => number;
  readonly #discovered = new Map<string, { at: number; server: oidc.ServerMetadata }>();

  constructor(db: Kysely<Database>, configs: SsoConfigService, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#configs = configs;
    this.#now = options.now ?? Date.now;
  }

  /** The openid-client configuration; discovery is cached per issuer, the clock follows the service's. */
  async client(config: SsoConfig): Promise<oidc.Configuration> {
    const cached = this.#discovered.get(config.issuer);
    let server = cached && this.#now() - cached.at < DISCOVERY_TTL_MS ? cached.server : undefined;
    if (!server) {
      try {
        const discovered = await oidc.discovery(
          new URL(config.issuer),
          config.clientId,
          undefined,
          oidc.ClientSecretBasic(config.clientSecret),
          {
            timeout: PROVIDER_TIMEOUT_S,
            ...(isLoopbackHttp(config.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
          },
        );
        server = discovered.serverMetadata();
      } catch (error) {
        throw providerError(error, 'discovery');
      }
      this.#discovered.set(config.issuer, { at: this.#now(), server });
    }
    const client = new oidc.Configuration(
      server,
      config.clientId,
      { [oidc.clockSkew]: Math.round((this.#now() - Date.now()) / 1000) },
      oidc.ClientSecretBasic(config.clientSecret),
    );
    client.timeout = PROVIDER_TIMEOUT_S;
    // openid-client trusts an ID token from the token endpoint over TLS without its signature; we check the
    // signature against the provider's keys too (a forged or mis-keyed token is refused, not trusted).
    oidc.enableNonRepudiationChecks(client);
    if (isLoopbackHttp(config.issuer)) oidc.allowInsecureRequests(client);
    return client;
  }

  /** Starts a sign-in: the provider's authorization URL and the browser-binding value for a cookie. */
  async begin(
    orgId: string,
    callbackUrl: string,
    returnTo: string,
  ): Promise<{ url: string; binding: string }> {
    const config = await this.#configs.find(orgId);
    if (!config) throw new SsoRefusal('sso_not_configured', 'This organisation has no single sign-on');
    const client = await this.client(config);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const now = new Date(this.#now()).toISOString();
    await repo.deleteExpiredSsoStates(this.#db, now);
    await repo.insertSsoState(this.#db, {
      state_hash: sha256(state),
      org_id: orgId,
      nonce,
      code_verifier: verifier,
      return_to: returnTo,
      expires_at: new Date(this.#now() + STATE_TTL_MS).toISOString(),
    });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: callbackUrl,
      scope: config.scopes.join(' '),
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    // The cookie ties the callback to the browser that started it (a login-CSRF link cannot carry it).
    return { url: url.href, binding: sha256(`bulwark-sso:${state}`) };
  }

  /**
   * Checks a callback (state once, PKCE, ID token signature, issuer, audience, expiry and nonce) and returns
   * the organisation, the claims and what they give. Nothing is written here but the state's removal.
   */
  async complete(
    currentUrl: URL,
    binding: string | undefined,
  ): Promise<{
    orgId: string;
    returnTo: string;
    claims: Record<string, unknown>;
    evaluation: ClaimsEvaluation;
  }> {
    const state = currentUrl.searchParams.get('state');
    if (!state) throw new SsoRefusal('state', 'The answer of the provider has no state');
    const pending = await repo.takeSsoState(this.#db, sha256(state));
    if (!pending || pending.expires_at <= new Date(this.#now()).toISOString())
      throw new SsoRefusal('state', 'The sign-in is unknown, expired or was already used; start again');
    if (binding !== sha256(`bulwark-sso:${state}`))
      throw new SsoRefusal('state', 'The sign-in was started in another browser; start again');
    const refused = currentUrl.searchParams.get('error');
    if (refused)
      throw new SsoRefusal('provider_error', `The provider refused the sign-in (${refused.slice(0, 100)})`);
    const config = await this.#configs.find(pending.org_id);
    if (!config) throw new SsoRefusal('sso_not_configured', 'This organisation has no single sign-on');
    const client = await this.client(config);
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
      // Some providers put e-mail and groups only in userinfo (openid-client checks its sub).
      const missing = claims.email === undefined || claims[config.groupsClaim] === undefined;
      if (missing && client.serverMetadata().userinfo_endpoint && typeof claims.sub === 'string') {
        const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
        claims = { ...info, ...claims };
      }
    } catch (error) {
      throw providerError(error, 'token');
    }
    return {
      orgId: pending.org_id,
      returnTo: pending.return_to,
      claims,
      evaluation: evaluateClaims(config, claims),
    };
  }
}

/** Maps openid-client's errors to a refusal: the provider unreachable, or what its answer failed. */
function providerError(error: unknown, step: 'discovery' | 'token'): SsoRefusal {
  if (error instanceof SsoRefusal) return error;
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const text = `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  const code = e.code ?? '';
  if (
    code === 'OAUTH_TIMEOUT' ||
    /fetch failed|ECONNREFUSED|timed? ?out|abort/i.test(text) ||
    e.cause?.code === 'ECONNREFUSED'
  )
    return new SsoRefusal('provider_unavailable', 'The identity provider did not answer; try again later', {
      cause: error,
    });
  if (step === 'discovery' && /issuer/i.test(text))
    return new SsoRefusal('issuer_mismatch', "The provider's discovery document names another issuer", {
      cause: error,
    });
  if (/nonce/i.test(text))
    return new SsoRefusal('nonce', 'The ID token was issued for another sign-in (nonce)', { cause: error });
  if (/"iss"|issuer/i.test(text))
    return new SsoRefusal('issuer_mismatch', 'The ID token was issued by another issuer', { cause: error });
  if (/"exp"|expired|timestamp/i.test(text))
    return new SsoRefusal('token_expired', 'The ID token has expired', { cause: error });
  if (/signature|JWS|key/i.test(text))
    return new SsoRefusal('token_signature', 'The ID token signature does not verify', { cause: error });
  return new SsoRefusal('provider_error', `The provider's answer was refused: ${text.trim().slice(0, 200)}`, {
    cause: error,
  });
}

export const newBindingSecret = () => randomBytes(16).toString('base64url');
