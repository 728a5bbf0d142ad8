// A cached reach remembers the ids of its SBOMs (db/reach-filter.ts), so a member's findings list does not read
// them on every request. A new SBOM in a reached asset, a deleted SBOM, a tag moved onto an asset and a grant
// changed, each made through another instance of the same store (or this one), show on the server's very next
// list, by both of its plans (the probe per SBOM and the walk): SQLite through data_version, PostgreSQL through the
// sboms, asset_tags and teams triggers' notifications and the store's barrier (docs/portfolio-access.md, "Reach").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultConfig } from '../src/config.ts';
import { wholeOrg } from '../src/db/reach-filter.ts';
import { replaceTags } from '../src/portfolio/asset.repository.ts';
import { createServices } from '../src/services.ts';
import { eventually } from './support/poll.ts';
import { addAsset, addSbom } from './support/portfolio-rows.ts';
import { DIALECTS, twoHandles } from './support/store.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: a cached reach's SBOMs follow changes made anywhere`, () => {
    it('new and deleted SBOMs, tags and grants show on the next request', async (t) => {
      const { server, other } = await twoHandles(t, dialect);
      const config = defaultConfig();
      const here = createServices(server, config);
      const there = createServices(other, config);
      const org = await there.organisations.create({ slug: 'acme' });
      const admin = await there.users.add(org.id, { email: 'admin@acme.example', role: 'admin' });
      const member = await there.users.add(org.id, { email: 'm@acme.example', role: 'member' });
      for (const asset of ['ast_a', 'ast_b', 'ast_c']) await addAsset(other.db, org.id, asset);
      await replaceTags(other.db, org.id, 'ast_a', ['pay']);
      await replaceTags(other.db, org.id, 'ast_b', ['web']);
      await addSbom(other.db, org.id, 'ast_a', 'sbom_a1', ['fnd_a1x', 'fnd_a1y']);
      await addSbom(other.db, org.id, 'ast_b', 'sbom_b1', ['fnd_b1x']);
      await addSbom(other.db, org.id, 'ast_c', 'sbom_c1', ['fnd_c1x']);
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

      /** The member's list on the server, newest first: through the probe and through the walk (a filter). */
      const list = async () => {
        const principal = (await here.tokens.authenticate(secret))!;
        const probed = await here.findings.listPage(principal, { limit: 50 });
        const walked = await here.findings.listPage(principal, { limit: 50, severity: 'HIGH' });
        assert.deepEqual(
          walked.findings.map((f) => f.id),
          probed.findings.map((f) => f.id),
          'the walk lists what the probe does',
        );
        return probed.findings.map((f) => f.id);
      };
      // Wait until the server caches (at once on SQLite; once its listener is up on PostgreSQL); from here on
      // every change must show on the very next call.
      await eventually(list, () => server.changeStamp() !== undefined);
      assert.deepEqual(await list(), ['fnd_a1y', 'fnd_a1x']);
      assert.deepEqual(await list(), ['fnd_a1y', 'fnd_a1x'], 'again, from the cache');

      await addSbom(other.db, org.id, 'ast_a', 'sbom_a2', ['fnd_a2x']);
      assert.deepEqual(await list(), ['fnd_a2x', 'fnd_a1y', 'fnd_a1x'], 'a new SBOM of a reached asset');

      await there.sboms.delete({ ...wholeOrg(org.id), userId: admin.id }, 'sbom_a1');
      assert.deepEqual(await list(), ['fnd_a2x'], 'an SBOM deleted');

      await replaceTags(other.db, org.id, 'ast_c', ['pay']);
      assert.deepEqual(await list(), ['fnd_c1x', 'fnd_a2x'], 'a tag put on another asset');

      await there.teams.update(org.id, admin.id, team.id, {
        grants: [{ assetTags: ['web'], role: 'member' }],
      });
      assert.deepEqual(await list(), ['fnd_b1x'], 'a grant changed');

      await addSbom(other.db, org.id, 'ast_a', 'sbom_a3', ['fnd_a3x']);
      assert.deepEqual(await list(), ['fnd_b1x'], 'a new SBOM out of reach stays out');

      await addSbom(server.db, org.id, 'ast_b', 'sbom_b2', ['fnd_b2x']);
      assert.deepEqual(await list(), ['fnd_b2x', 'fnd_b1x'], 'a new SBOM written by the server itself');

      await here.sboms.delete({ ...wholeOrg(org.id), userId: admin.id }, 'sbom_b1');
      assert.deepEqual(await list(), ['fnd_b2x'], 'an SBOM deleted by the server itself');
    });
  });
}
