// The server for the OAuth benchmark, in its own process: the real app on a fresh store (SQLite under bench/.out/,
// or a throw-away schema of DATABASE_URL), one organisation with an API token and an OAuth access token obtained
// through the real endpoints (registration, authorization with PKCE, the consent, the token exchange).
// Prints LISTENING <url> <apiToken> <oauthToken>.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { buildApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';
import { scopesOfRole } from '../../src/tenancy/roles.ts';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';

const outDir = new URL('../.out/', import.meta.url).pathname;
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

async function open(): Promise<Store> {
  if (pgUrl) return openThrowawaySchemaStore(pgUrl);
  mkdirSync(outDir, { recursive: true });
  const file = `${outDir}oauth.sqlite`;
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  return openStore(`sqlite:${file}`);
}

const probe = createServer();
await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
const port = (probe.address() as { port: number }).port;
await new Promise((resolve) => probe.close(resolve));
const base = `http://127.0.0.1:${port}`;

const store = await open();
await migrateToLatest(store.db);
const config = defaultConfig({ RATE_LIMIT_MAX: 1_000_000_000, PUBLIC_URL: [base] });
const services = createServices(store, config);
const app = await buildApp({ store, config, services, logger: createLogger('silent') });
await app.listen({ port, host: '127.0.0.1' });

const org = await services.organisations.create({ slug: 'bench' });
const user = await services.users.add(org.id, { email: 'admin@bench.example', role: 'admin' });
const api = await services.tokens.create({ orgId: org.id, scopes: ['mcp:read', 'mcp:write'] });

const redirectUri = 'http://127.0.0.1:9999/callback';
const registered = (await (
  await fetch(`${base}/oauth/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
  })
).json()) as { client_id: string };
const verifier = randomBytes(32).toString('base64url');
const authorize = new URL(`${base}/oauth/auth`);
for (const [k, v] of Object.entries({
  client_id: registered.client_id,
  response_type: 'code',
  redirect_uri: redirectUri,
  scope: 'mcp:read mcp:write',
  resource: `${base}/api/v1/mcp`,
  code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  code_challenge_method: 'S256',
}))
  authorize.searchParams.set(k, v);
const started = await fetch(authorize, { redirect: 'manual' });
const uid = new URL(started.headers.get('location')!, base).searchParams.get('uid')!;
// The consent as the console's approve route gives it (the person's session stands behind it there).
const { redirectTo } = await services.oauth.approve(uid, {
  tokenId: null,
  orgId: user.orgId,
  userId: user.id,
  scopes: scopesOfRole('admin'),
  plan: 'professional',
  mcpWriteEnabled: false,
  reach: null,
  writable: null,
  session: { id: 'bench', role: 'admin', csrfToken: '', view: undefined as never },
});
const cookies = started.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const resumed = await fetch(new URL(redirectTo, base), { redirect: 'manual', headers: { cookie: cookies } });
const code = new URL(resumed.headers.get('location')!).searchParams.get('code')!;
const tokens = (await (
  await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: registered.client_id,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      resource: `${base}/api/v1/mcp`,
    }),
  })
).json()) as { access_token: string };

process.stdout.write(`LISTENING ${base} ${api.secret} ${tokens.access_token}\n`);
const stop = async () => {
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
