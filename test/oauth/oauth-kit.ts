/** Test helpers for the OAuth flow: a server on a known loopback port, an SDK OAuth client, the browser's steps. */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Config } from '../../src/config.ts';
import type { DialectName } from '../../src/db/connect.ts';
import type { SignedIn } from '../support/session.ts';
import { build, type TestEnv } from '../support/app.ts';

export const REDIRECT_URI = 'http://127.0.0.1:9999/callback';

/** A free loopback port: PUBLIC_URL must name the server's address before the app is built. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running extends TestEnv {
  base: string;
  mcpUrl: string;
}

export async function startServer(
  t: Parameters<typeof build>[0],
  dialect: DialectName,
  config: Partial<Config> = {},
  /** Further public origins after the server's own (an apex host). */
  moreOrigins: string[] = [],
): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = await build(t, dialect, { config: { ...config, PUBLIC_URL: [base, ...moreOrigins] } });
  await env.app.listen({ port, host: '127.0.0.1' });
  return { ...env, base, mcpUrl: `${base}/api/v1/mcp` };
}

/** The MCP SDK's client-side OAuth state, kept in memory; the "browser" redirect is captured for the test. */
export class TestOAuthClient implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly #metadata: OAuthClientMetadata;

  constructor(name = 'Test assistant') {
    this.#metadata = {
      client_name: name,
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return this.#metadata;
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.information = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const cookiesOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * The browser's part: open the authorization URL (the server sends it to the console's consent page), let
 * `decide` answer as the signed-in person (it returns where to go next), follow that back to the server, and
 * return where the server finally redirects (the client's redirect URI with a code or an error).
 */
export async function authorizeInBrowser(
  authorizationUrl: URL,
  decide: (uid: string) => Promise<string>,
): Promise<URL> {
  const start = await fetch(authorizationUrl, { redirect: 'manual' });
  assert.equal(start.status, 303, await start.text());
  const consent = new URL(start.headers.get('location')!, authorizationUrl);
  assert.equal(consent.pathname, '/authorize');
  const uid = consent.searchParams.get('uid')!;
  const next = await decide(uid);
  const resumed = await fetch(new URL(next, authorizationUrl), {
    redirect: 'manual',
    headers: { cookie: cookiesOf(start) },
  });
  assert.equal(resumed.status, 303, await resumed.text());
  return new URL(resumed.headers.get('location')!);
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(env: Running, extra: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${env.base}/oauth/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Probe',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...extra,
    }),
  });
}

export async function clientId(env: Running): Promise<string> {
  const response = await register(env);
  assert.equal(response.status, 201);
  return ((await response.json()) as { client_id: string }).client_id;
}

export function authorizeUrl(env: Running, params: Record<string, string>): URL {
  const url = new URL(`${env.base}/oauth/auth`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'mcp:read mcp:write',
    resource: env.mcpUrl,
    state: 'st4te',
    code_challenge_method: 'S256',
    ...params,
  }))
    if (v !== '') url.searchParams.set(k, v);
  return url;
}

/** Where the authorization endpoint sends the browser (an error for the client), or its JSON error. */
export async function authorizeError(url: URL): Promise<{ status: number; error: string | null }> {
  const response = await fetch(url, { redirect: 'manual' });
  if (response.status === 303) {
    const location = new URL(response.headers.get('location')!);
    assert.equal(location.origin + location.pathname, REDIRECT_URI);
    // An implicit request is answered in the fragment, as its response mode would be.
    const params = location.hash ? new URLSearchParams(location.hash.slice(1)) : location.searchParams;
    assert.equal(params.get('code'), null);
    return { status: 303, error: params.get('error') };
  }
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

export async function approvedCode(
  env: Running,
  person: SignedIn,
  id: string,
  challenge: string,
): Promise<string> {
  const url = authorizeUrl(env, { client_id: id, code_challenge: challenge });
  const back = await authorizeInBrowser(url, async (uid) => {
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/oauth/requests/${uid}/approve`,
      headers: person.write,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.redirectTo as string;
  });
  return back.searchParams.get('code')!;
}

export async function token(
  env: Running,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${env.base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

export const codeGrant = (id: string, code: string, verifier: string, env: Running) => ({
  grant_type: 'authorization_code',
  client_id: id,
  code,
  code_verifier: verifier,
  redirect_uri: REDIRECT_URI,
  resource: env.mcpUrl,
});

export const accessTokens = async (env: Running) =>
  Number(
    (
      await env.store.db
        .selectFrom('oauth_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('model', '=', 'AccessToken')
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function mcp(env: Running, secret: string, host?: string, remoteAddress?: string) {
  return env.app.inject({
    ...(remoteAddress ? { remoteAddress } : {}),
    method: 'POST',
    url: '/api/v1/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${secret}`,
      ...(host ? { host } : {}),
    },
    payload: LIST,
  });
}
