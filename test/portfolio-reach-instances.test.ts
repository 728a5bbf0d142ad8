// A reach cached by one server follows team, grant, tag and setting changes made through another handle on the
// same store (another instance, or the CLI in another process): SQLite through data_version, PostgreSQL
// through the triggers' notifications (docs/portfolio-access.md, "Reach").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultConfig } from '../src/config.ts';
import { replaceTags } from '../src/portfolio/asset.repository.ts';
import { createServices } from '../src/services.ts';
import { eventually } from './support/poll.ts';
import { addAsset } from './support/portfolio-rows.ts';
import { DIALECTS, twoHandles } from './support/store.ts';

const ids = (reach: ReadonlySet<string> | null | undefined) => (reach ? [...reach].sort() : reach);

for (const dialect of DIALECTS) {
  describe(`${dialect}: reaches follow changes made by another instance`, () => {
    it('a grant, a tag and the setting changed elsewhere apply to the cached principal', async (t) => {
      const { server, other } = await twoHandles(t, dialect);
      const config = defaultConfig();
      const here = createServices(server, config);
      const there = createServices(other, config);
      const org = await there.organisations.create({ slug: 'acme' });
      const admin = await there.users.add(org.id, { email: 'admin@acme.example', role: 'admin' });
      const member = await there.users.add(org.id, { email: 'm@acme.example', role: 'member' });
      for (const id of ['ast_a', 'ast_b']) await addAsset(other.db, org.id, id);
      await replaceTags(other.db, org.id, 'ast_a', ['pay']);
      await replaceTags(other.db, org.id, 'ast_b', ['web']);
      const team = await there.teams.create(org.id, admin.id, {
        name: 'A',
        members: [member.id],
        grants: [{ assetTags: ['pay'], role: 'member' }],
      });
      await there.organisations.update(org.id, { portfolioAccess: true });
      const { secret } = await there.tokens.create({
        orgId: org.id,
        userEmail: member.email,
        scopes: ['sbom:read'],
      });
      const reach = async () => (await here.tokens.authenticate(secret))?.reach;
      // Wait until the server caches (at once on SQLite; once its listener is up on PostgreSQL).
      await eventually(reach, () => server.changeStamp() !== undefined);
      assert.deepEqual(ids(await eventually(reach, (r) => ids(r)?.join() === 'ast_a')), ['ast_a']);
      // Cached: on SQLite the hook's synchronous lookup answers; on PostgreSQL hits wait for the barrier.
      if (dialect === 'sqlite') assert.ok(here.tokens.cachedPrincipal(secret), 'cached');

      await there.teams.update(org.id, admin.id, team.id, {
        grants: [{ assetTags: ['web'], role: 'member' }],
      });
      assert.deepEqual(ids(await eventually(reach, (r) => ids(r)?.join() === 'ast_b')), ['ast_b']);

      await replaceTags(other.db, org.id, 'ast_a', ['web']);
      assert.deepEqual(ids(await eventually(reach, (r) => ids(r)?.length === 2)), ['ast_a', 'ast_b']);

      await there.organisations.update(org.id, { portfolioAccess: false });
      assert.equal(await eventually(reach, (r) => r === null), null);
    });
  });
}
