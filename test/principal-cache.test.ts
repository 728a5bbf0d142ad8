import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Store } from '../src/db/connect.ts';
import { OrganisationService } from '../src/tenancy/organisation.service.ts';
import { TokenService } from '../src/tenancy/token.service.ts';
import { UserService } from '../src/tenancy/user.service.ts';
import { eventually } from './support/poll.ts';
import { DIALECTS, twoHandles } from './support/store.ts';

/** The tenancy services on one handle, wired as src/services.ts wires them; `cached`: a server's principals. */
function tenancyOn(store: Store, cached: boolean) {
  const tokens = cached
    ? new TokenService(store.db, store.changeStamp, store.changeBarrier)
    : new TokenService(store.db);
  const organisations = new OrganisationService(store.db, () => tokens.forgetPrincipals());
  return { organisations, users: new UserService(store.db, tokens), tokens };
}
type Tenancy = ReturnType<typeof tenancyOn>;

/** An organisation `acme` (plan professional) with one user and one `sbom:read` token. */
async function acmeToken(tenancy: Tenancy, expiresInMs?: number) {
  const org = await tenancy.organisations.create({ slug: 'acme', plan: 'professional' });
  await tenancy.users.add(org.id, { email: 'ops@acme.example' });
  const created = await tenancy.tokens.create({
    orgId: org.id,
    scopes: ['sbom:read'],
    ...(expiresInMs ? { expiresInMs } : {}),
  });
  return { ...created, orgId: org.id };
}

/** Authenticates until the server can cache (at once on SQLite; once the listener is up on PostgreSQL). */
async function warm(server: Store, tenancy: Tenancy, secret: string): Promise<void> {
  await eventually(
    () => tenancy.tokens.authenticate(secret),
    () => server.changeStamp() !== undefined,
  );
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: cached principals follow changes made elsewhere`, () => {
    it('a token revoked by another process stops authenticating', async (t) => {
      const { server, other: cli } = await twoHandles(t, dialect);
      const serverTenancy = tenancyOn(server, true);
      const cliTenancy = tenancyOn(cli, false);
      const { token, secret } = await acmeToken(cliTenancy);
      await warm(server, serverTenancy, secret);
      const first = await serverTenancy.tokens.authenticate(secret);
      assert.equal(first?.tokenId, token.id);
      assert.equal(await serverTenancy.tokens.authenticate(secret), first, 'the second call is a cache hit');

      await cliTenancy.tokens.revoke(token.id);
      // At once: SQLite reads data_version, PostgreSQL's hit waits for the barrier (docs/identity.md).
      assert.equal(await serverTenancy.tokens.authenticate(secret), undefined);
    });

    it('the synchronous lookup of the HTTP auth hook answers only from a live entry (SQLite only), and drops a revoked token', async (t) => {
      const { server, other: cli } = await twoHandles(t, dialect);
      const serverTenancy = tenancyOn(server, true);
      const cliTenancy = tenancyOn(cli, false);
      const { token, secret } = await acmeToken(cliTenancy);
      assert.equal(serverTenancy.tokens.cachedPrincipal(secret), undefined, 'nothing cached before a load');
      await warm(server, serverTenancy, secret);
      assert.equal((await serverTenancy.tokens.authenticate(secret))?.tokenId, token.id);
      // PostgreSQL: a hit waits for the store's barrier, so there is no answer without a promise.
      assert.equal(
        serverTenancy.tokens.cachedPrincipal(secret)?.tokenId,
        dialect === 'sqlite' ? token.id : undefined,
      );
      assert.equal(serverTenancy.tokens.cachedPrincipal('bwk_not-a-token'), undefined);

      await cliTenancy.tokens.revoke(token.id);
      assert.equal(serverTenancy.tokens.cachedPrincipal(secret), undefined);
      assert.equal(await serverTenancy.tokens.authenticate(secret), undefined);
    });

    it("an organisation's plan changed by another process applies to cached principals", async (t) => {
      const { server, other: cli } = await twoHandles(t, dialect);
      const serverTenancy = tenancyOn(server, true);
      const cliTenancy = tenancyOn(cli, false);
      const { secret, orgId } = await acmeToken(cliTenancy);
      await warm(server, serverTenancy, secret);
      assert.equal((await serverTenancy.tokens.authenticate(secret))?.plan, 'professional');

      await cliTenancy.organisations.update(orgId, { plan: 'essentials' });
      assert.equal((await serverTenancy.tokens.authenticate(secret))?.plan, 'essentials');
    });

    it('changes made through the same service apply at once, with no notification to wait for', async (t) => {
      const { server } = await twoHandles(t, dialect);
      const tenancy = tenancyOn(server, true);
      const { token, secret, orgId } = await acmeToken(tenancy);
      await warm(server, tenancy, secret);
      assert.equal((await tenancy.tokens.authenticate(secret))?.tokenId, token.id);
      await tenancy.organisations.update(orgId, { mcpWriteEnabled: true });
      assert.equal((await tenancy.tokens.authenticate(secret))?.mcpWriteEnabled, true);
      await tenancy.tokens.revoke(token.id);
      assert.equal(await tenancy.tokens.authenticate(secret), undefined);
    });

    it('an expired token stops authenticating even while its principal is cached', async (t) => {
      const { server } = await twoHandles(t, dialect);
      const tenancy = tenancyOn(server, true);
      const { token, secret } = await acmeToken(tenancy, 3_600_000);
      await warm(server, tenancy, secret);
      assert.equal((await tenancy.tokens.authenticate(secret))?.tokenId, token.id);
      const later = new Date(Date.parse(token.expiresAt!) + 1000).toISOString();
      assert.equal(await tenancy.tokens.authenticate(secret, later), undefined);
    });
  });
}
