/** Test helpers for the OAuth flow: a server on a known loopback port, an SDK OAuth client, the browser's steps. */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { DialectName } from '../../src/db/connect.ts';
import { build, type TestEnv } from '../support/app.ts';

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

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
  config: Parameters<typeof build>[2] extends infer O
    ? O extends { config?: infer C }
      ? C
      : never
    : never = {},
): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = await build(t, dialect, { config: { PUBLIC_URL: [base], ...config } });
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
  assert.equal(consent.pathname, '/connect');
  const uid = consent.searchParams.get('uid')!;
  const next = await decide(uid);
  const resumed = await fetch(new URL(next, authorizationUrl), {
    redirect: 'manual',
    headers: { cookie: cookiesOf(start) },
  });
  assert.equal(resumed.status, 303, await resumed.text());
  return new URL(resumed.headers.get('location')!);
}
