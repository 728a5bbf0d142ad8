// Test support: a real OpenID provider (oidc-provider) on loopback with a test client, users and a groups
// claim, and an HTTP driver that logs in through the provider's own interaction forms.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';

export interface ProviderUser {
  email: string;
  name?: string;
  groups: string[];
  email_verified?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By login name (what the provider's login form takes). */
  users: Map<string, ProviderUser>;
  /** Serve another key under the signing key's id: every ID token's signature then fails to verify. */
  serveWrongKeys(on: boolean): void;
  /** Milliseconds the provider spent answering so far (benchmarks subtract it from the callback's time). */
  busyMs(): number;
  /** Stops answering (the provider is "down"). */
  close(): Promise<void>;
}

function signingKeys() {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...rsa().privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const wrong = { ...rsa().publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  return { jwk, wrong };
}

export async function startProvider(
  t: Pick<TestContext, 'after'>,
  options: { redirectUris: string[]; idTokenTtlSeconds?: number },
): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = new Map<string, ProviderUser>();
  const { jwk, wrong } = signingKeys();
  const clientId = 'bulwark-test';
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-not-logged`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    // Groups in the ID token as Okta and Entra ID send them (not only at userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { IdToken: options.idTokenTtlSeconds ?? 3600 },
    findAccount: (_ctx: unknown, id: string) => {
      const user = users.get(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: user.email,
          email_verified: user.email_verified ?? true,
          name: user.name ?? id,
          groups: user.groups,
        }),
      };
    },
  });
  const handler = provider.callback();
  let wrongKeys = false;
  let busy = 0;
  server.on('request', (req, res) => {
    const start = performance.now();
    res.on('finish', () => (busy += performance.now() - start));
    if (wrongKeys && req.url?.startsWith('/jwks')) {
      res.setHeader('content-type', 'application/jwk-set+json');
      res.end(JSON.stringify({ keys: [wrong] }));
      return;
    }
    void handler(req, res);
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  t.after(close);
  return {
    issuer,
    clientId,
    clientSecret,
    users,
    serveWrongKeys: (on) => (wrongKeys = on),
    busyMs: () => busy,
    close,
  };
}

/** A cookie jar for one browser's visit of the provider. */
class Jar {
  readonly #cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.#cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows the provider from its authorization URL as a browser would, filling its login form (any password)
 * and its consent form, until it redirects to `callbackPrefix`; returns that URL.
 */
export async function loginAtProvider(authorizationUrl: string, login: string, callbackPrefix: string) {
  const jar = new Jar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body: body.toString() } : {}),
    });
    jar.take(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(callbackPrefix)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('the provider did not send the browser back');
}
