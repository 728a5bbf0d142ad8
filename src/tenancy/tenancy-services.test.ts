// The three tenancy services keyed by organisation id: the answers and messages the slug-keyed service gave
// (the slug still named where the operator sees it), 404 for an id that is not there, and the principal cache
// dropped by an organisation's update.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createServices } from '../services.ts';
import { defaultConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';

/** The code, status and message of what `run` throws. */
async function refusal(run: () => Promise<unknown>): Promise<[string, number, string]> {
  try {
    await run();
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    return [error.code, error.status, error.message];
  }
  assert.fail('expected a refusal');
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: organisations, users and tokens keyed by organisation id`, () => {
    it('names the slug in the answers the operator reads, and 404s an id that is not there', async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const { organisations, users, tokens } = createServices(store, defaultConfig());
      const acme = await organisations.create({ slug: 'acme' });
      assert.equal((await organisations.requireBySlug('acme')).id, acme.id);
      assert.deepEqual(await refusal(() => organisations.requireBySlug('nope')), [
        'NOT_FOUND',
        404,
        "Organisation 'nope' was not found",
      ]);
      assert.deepEqual(await refusal(() => tokens.create({ orgId: acme.id, scopes: ['sbom:read'] })), [
        'NOT_FOUND',
        404,
        "Organisation 'acme' has no users yet; create one first",
      ]);
      const ops = await users.add(acme.id, { email: 'Ops@Acme.example' });
      assert.deepEqual([ops.orgId, ops.email, ops.role], [acme.id, 'ops@acme.example', 'member']);
      assert.deepEqual(await refusal(() => users.add(acme.id, { email: 'ops@acme.example' })), [
        'CONFLICT',
        409,
        "User 'ops@acme.example' already exists in 'acme'",
      ]);
      for (const run of [
        () => organisations.get('org_missing'),
        () => organisations.update('org_missing', { name: 'X' }),
        () => users.add('org_missing', { email: 'a@b.example' }),
        () => tokens.create({ orgId: 'org_missing', scopes: ['sbom:read'] }),
      ])
        assert.deepEqual(await refusal(run), ['NOT_FOUND', 404, "Organisation 'org_missing' was not found"]);
      assert.deepEqual(
        await refusal(() => users.setPassword(acme.id, 'nobody@acme.example', 'x'.repeat(20))),
        ['NOT_FOUND', 404, "User 'nobody@acme.example' was not found"],
      );
      const { token } = await tokens.create({ orgId: acme.id, scopes: ['sbom:read'] });
      assert.deepEqual(
        (await tokens.list(acme.id)).map((t) => [t.id, t.userId]),
        [[token.id, ops.id]],
      );
      const other = await organisations.create({ slug: 'other' });
      assert.deepEqual(await tokens.list(other.id), []);
      assert.deepEqual(await users.list(other.id), []);
      assert.deepEqual(await refusal(() => tokens.revoke(token.id, 'system', other.id)), [
        'NOT_FOUND',
        404,
        `Token '${token.id}' was not found`,
      ]);
    });

    it("drops cached principals when an organisation's plan or settings change", async (t) => {
      const store = await createTestStore(dialect);
      t.after(() => store.close());
      const { organisations, tokens } = createServices(store, defaultConfig());
      const acme = await organisations.create({ slug: 'acme', ownerEmail: 'owner@acme.example' });
      const { secret } = await tokens.create({ orgId: acme.id, scopes: ['sbom:read'] });
      let forgotten = 0;
      tokens.onForget(() => (forgotten += 1));
      assert.deepEqual(
        [(await tokens.authenticate(secret))?.plan, (await tokens.authenticate(secret))?.mcpWriteEnabled],
        ['professional', false],
      );
      const updated = await organisations.update(acme.id, { plan: 'essentials', mcpWriteEnabled: true });
      assert.deepEqual([updated.slug, updated.plan, updated.mcpWriteEnabled], ['acme', 'essentials', true]);
      assert.equal(forgotten, 1);
      const principal = await tokens.authenticate(secret);
      assert.deepEqual([principal?.plan, principal?.mcpWriteEnabled], ['essentials', true]);
    });
  });
}
