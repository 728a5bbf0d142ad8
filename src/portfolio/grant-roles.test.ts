// A grant's role limits writes (docs/portfolio-access.md, "Grant roles"): what each principal of the scoped world
// reaches and may change, worked out by hand from its teams' grants, then the writes through the API.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from '../../test/support/store.ts';
import { scopedWorld, type ScopedWorld } from '../../test/support/portfolio.ts';
import type { Reach } from '../tenancy/principal.ts';

const ids = (set: Reach) => (set === null ? null : [...set].sort());

async function reachesOf(w: ScopedWorld, userId: string, assetTags: string[] | null = null) {
  const { reach, writable } = await w.services.reach.resolve({ orgId: w.org.id, userId, assetTags });
  return { reach: ids(reach), writable: ids(writable) };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: grant roles`, () => {
    it('lets a member change only what a grant of role member covers, a viewer nothing', async (t) => {
      const w = await scopedWorld(t, dialect);
      const { x, y, z } = w.assets;
      const sorted = (...list: string[]) => list.sort();
      // Team A: pay (X) as member; team B: pay and web (X, Y) as viewer.
      assert.deepEqual(await reachesOf(w, w.memberA.userId), { reach: [x], writable: [x] });
      // memberB is a workspace viewer: the lower of workspace role and grant role wins.
      assert.deepEqual(await reachesOf(w, w.memberB.userId), { reach: sorted(x, y), writable: [] });
      // mixed is in both teams: X is covered by A's member grant, Y only by B's viewer grant.
      assert.deepEqual(await reachesOf(w, w.mixed.userId), { reach: sorted(x, y), writable: [x] });
      // A token's tags narrow both (web: Y, which mixed may only view).
      assert.deepEqual(await reachesOf(w, w.mixed.userId, ['web']), { reach: [y], writable: [] });
      assert.deepEqual(await reachesOf(w, w.mixed.userId, ['pay', 'web']), {
        reach: sorted(x, y),
        writable: [x],
      });
      assert.deepEqual(await reachesOf(w, w.admin.userId), { reach: null, writable: null });
      // An admin's token with tags: its reach, all of it writable (scopes decide the rest).
      assert.deepEqual(await reachesOf(w, w.admin.userId, ['web']), { reach: [y], writable: null });

      // Grants cover descendants: Z under X is X's, for reading and writing alike.
      await w.services.portfolio.assets.update(w.org.id, w.admin.userId, z, { parentId: x });
      w.services.reach.invalidate();
      assert.deepEqual(await reachesOf(w, w.mixed.userId), {
        reach: sorted(x, y, z),
        writable: sorted(x, z),
      });
      // A member grant on Y too: mixed may now change it.
      await w.services.teams.update(w.org.id, w.admin.userId, w.teamB, {
        grants: [
          { assetTags: ['pay', 'web'], role: 'viewer' },
          { assetIds: [y], role: 'member' },
        ],
      });
      assert.deepEqual(await reachesOf(w, w.mixed.userId), {
        reach: sorted(x, y, z),
        writable: sorted(x, y, z),
      });
      // Z is now X's too for memberB (team B grants pay), still read-only.
      assert.deepEqual(await reachesOf(w, w.memberB.userId), { reach: sorted(x, y, z), writable: [] });
      // With portfolioAccess off grants decide nothing.
      await w.services.organisations.update(w.org.id, { portfolioAccess: false });
      assert.deepEqual(await reachesOf(w, w.mixed.userId), { reach: null, writable: null });
    });

    it('answers a write to a view-only asset 403 FORBIDDEN and changes nothing; reads and writes in reach pass', async (t) => {
      const w = await scopedWorld(t, dialect);
      const findingOf = async (sbomId: string) =>
        (
          await w.store.db
            .selectFrom('findings')
            .select(['id', 'status'])
            .where('sbom_id', '=', sbomId)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id;
      const patchStatus = (id: string) =>
        w.app.inject({
          method: 'PATCH',
          url: `/api/v1/sscs/findings/${id}/status`,
          headers: w.mixed.write,
          payload: { status: 'accepted_risk', remediationNotes: 'tracked elsewhere' },
        });
      const onY = await patchStatus(await findingOf(w.sboms.y));
      assert.deepEqual(
        [onY.statusCode, onY.json()],
        [
          403,
          {
            data: null,
            error: {
              code: 'FORBIDDEN',
              message: `You may view but not change finding '${await findingOf(w.sboms.y)}': your teams grant its asset with role viewer only`,
            },
            meta: null,
          },
        ],
      );
      const statuses = await w.store.db
        .selectFrom('findings')
        .select('status')
        .where('sbom_id', '=', w.sboms.y)
        .execute();
      assert.deepEqual([...new Set(statuses.map((f) => f.status))], ['open']);
      assert.equal((await patchStatus(await findingOf(w.sboms.x))).statusCode, 200);
      // Reading Y is unchanged.
      const read = await w.app.inject({ url: `/api/v1/sscs/sboms/${w.sboms.y}`, headers: w.mixed.cookie });
      assert.equal(read.statusCode, 200);
      // A workspace viewer never writes, whatever its grants: its role lacks sbom:write.
      await w.services.teams.update(w.org.id, w.admin.userId, w.teamB, {
        grants: [{ assetTags: ['pay', 'web'], role: 'member' }],
      });
      const viewer = await w.app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${await findingOf(w.sboms.y)}/status`,
        headers: w.memberB.write,
        payload: { status: 'accepted_risk' },
      });
      assert.deepEqual([viewer.statusCode, viewer.json().error.code], [403, 'INSUFFICIENT_SCOPE']);
      // The same grant, now of role member, lets mixed change Y.
      assert.equal((await patchStatus(await findingOf(w.sboms.y))).statusCode, 200);
    });
  });
}
