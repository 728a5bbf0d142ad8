import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from '../../test/support/store.ts';
import { replaceTags } from './asset.repository.ts';
import { scopedWorld, type ScopedWorld } from '../../test/support/portfolio.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The SBOM ids a caller's list shows, sorted. */
async function sbomIds(w: ScopedWorld, headers: Record<string, string>): Promise<string[]> {
  const res = await w.app.inject({ method: 'GET', url: '/api/v1/sscs/sboms', headers });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().data as { id: string }[]).map((s) => s.id).sort();
}

const sorted = (...ids: string[]) => [...ids].sort();

for (const dialect of DIALECTS) {
  describe(`${dialect}: teams`, () => {
    it('creates, lists, updates and deletes teams as an admin, each change audited', async (t) => {
      const w = await scopedWorld(t, dialect);
      const created = await w.app.inject({
        method: 'POST',
        url: '/api/v1/teams',
        headers: w.admin.write,
        payload: {
          name: '  Platform ',
          members: [w.loner.userId, w.memberA.userId, w.loner.userId],
          grants: [{ assetTags: ['WEB'], assetIds: [w.assets.z], role: 'viewer' }],
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      const team = created.json().data;
      assert.match(team.id, /^team_/);
      assert.match(team.grants[0].id, /^tgr_/);
      assert.deepEqual(
        { ...team, id: 'x', createdAt: 'x', updatedAt: 'x', grants: [{ ...team.grants[0], id: 'g' }] },
        {
          id: 'x',
          name: 'Platform',
          members: sorted(w.loner.userId, w.memberA.userId),
          grants: [{ id: 'g', assetTags: ['web'], assetIds: [w.assets.z], role: 'viewer' }],
          createdAt: 'x',
          updatedAt: 'x',
        },
      );
      const list = await w.app.inject({ method: 'GET', url: '/api/v1/teams', headers: w.admin.cookie });
      assert.deepEqual(
        list.json().data.map((x: { name: string }) => x.name),
        ['Platform', 'Team A', 'Team B'],
      );
      const patched = await w.app.inject({
        method: 'PATCH',
        url: `/api/v1/teams/${team.id}`,
        headers: w.admin.write,
        payload: { members: [] },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.deepEqual([patched.json().data.name, patched.json().data.members], ['Platform', []]);
      assert.equal(patched.json().data.grants.length, 1, 'grants left out are kept');
      const got = await w.app.inject({
        method: 'GET',
        url: `/api/v1/teams/${team.id}`,
        headers: w.admin.cookie,
      });
      assert.deepEqual(got.json().data, patched.json().data);
      const deleted = await w.app.inject({
        method: 'DELETE',
        url: `/api/v1/teams/${team.id}`,
        headers: w.admin.write,
      });
      assert.deepEqual(deleted.json().data, { id: team.id, deleted: true });
      const gone = await w.app.inject({
        method: 'GET',
        url: `/api/v1/teams/${team.id}`,
        headers: w.admin.cookie,
      });
      assert.deepEqual([gone.statusCode, gone.json().error.code], [404, 'NOT_FOUND']);
      const audit = await w.store.db
        .selectFrom('audit_log')
        .select('action')
        .where('org_id', '=', w.org.id)
        .where('entity_id', '=', team.id)
        .execute();
      assert.deepEqual(audit.map((a) => a.action).sort(), ['team.create', 'team.delete', 'team.update']);
    });

    it('answers bad grants and members with 400 naming each, duplicates with 409, others with 403/404', async (t) => {
      const w = await scopedWorld(t, dialect);
      const post = (payload: unknown, headers: Record<string, string> = w.admin.write) =>
        w.app.inject({ method: 'POST', url: '/api/v1/teams', headers, payload: payload as object });
      const bad = await post({
        name: 'Bad',
        members: ['usr_nobody'],
        grants: [{ assetTags: ['pay', 'nothing-tagged'], assetIds: [w.assets.foreign], role: 'member' }],
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error.code, 'VALIDATION_FAILED');
      assert.deepEqual(bad.json().error.details, [
        { path: 'members[0]', message: "no user 'usr_nobody' in this organisation" },
      ]);
      const badGrant = await post({
        name: 'Bad',
        grants: [
          { assetTags: ['pay', 'nothing-tagged'], assetIds: [w.assets.foreign], role: 'member' },
          { role: 'viewer' },
        ],
      });
      assert.deepEqual(badGrant.json().error.details, [
        { path: 'grants[1]', message: 'a grant names assetTags, assetIds or both' },
      ]);
      const unknown = await post({
        name: 'Bad',
        grants: [{ assetTags: ['pay', 'nothing-tagged'], assetIds: [w.assets.foreign], role: 'member' }],
      });
      assert.equal(unknown.statusCode, 400);
      assert.deepEqual(unknown.json().error.details, [
        { path: 'grants[0].assetTags', message: "no asset carries the tag 'nothing-tagged'" },
        { path: 'grants[0].assetIds', message: `no asset '${w.assets.foreign}' in this organisation` },
      ]);
      assert.match(unknown.json().error.message, /nothing-tagged/);
      const role = await post({ name: 'Bad', grants: [{ assetTags: ['pay'], role: 'admin' }] });
      assert.deepEqual([role.statusCode, role.json().error.code], [400, 'VALIDATION_FAILED']);
      const extra = await post({ name: 'Bad', colour: 'red' });
      assert.deepEqual([extra.statusCode, extra.json().error.code], [400, 'VALIDATION_FAILED']);
      const dup = await post({ name: 'Team A' });
      assert.deepEqual([dup.statusCode, dup.json().error.code], [409, 'CONFLICT']);
      const member = await post({ name: 'Mine' }, w.memberA.write);
      assert.deepEqual([member.statusCode, member.json().error.code], [403, 'FORBIDDEN']);
      const token = await post({ name: 'Mine' }, bearer(w.tokens.admin));
      assert.deepEqual([token.statusCode, token.json().error.code], [403, 'FORBIDDEN']);
      // Another organisation's admin does not see this one's teams.
      const { addUser, signIn } = await import('../../test/support/session.ts');
      const stranger = await signIn(w.app, (await addUser(w.services, w.other, 'admin')).email);
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await w.app.inject({
          method,
          url: `/api/v1/teams/${w.teamA}`,
          headers: stranger.write,
          ...(method === 'PATCH' ? { payload: { name: 'Mine' } } : {}),
        });
        assert.deepEqual([res.statusCode, res.json().error.code], [404, 'NOT_FOUND'], method);
      }
      assert.deepEqual(
        (await w.app.inject({ method: 'GET', url: '/api/v1/teams', headers: stranger.cookie })).json().data,
        [],
      );
    });

    it('scopes members and viewers to their teams, not owners and admins; off, everyone sees everything', async (t) => {
      const w = await scopedWorld(t, dialect);
      const { x, y, z } = w.sboms;
      assert.deepEqual(await sbomIds(w, w.admin.cookie), sorted(x, y, z));
      assert.deepEqual(await sbomIds(w, w.memberA.cookie), [x]);
      assert.deepEqual(await sbomIds(w, w.memberB.cookie), sorted(x, y));
      assert.deepEqual(await sbomIds(w, w.loner.cookie), []);
      assert.deepEqual(await sbomIds(w, bearer(w.tokens.memberA)), [x]);
      // The setting goes off: the very next request (the token's principal was cached) sees everything.
      const off = await w.app.inject({
        method: 'PATCH',
        url: '/api/v1/org',
        headers: w.admin.write,
        payload: { portfolioAccess: false },
      });
      assert.equal(off.json().data.portfolioAccess, false);
      assert.deepEqual(await sbomIds(w, bearer(w.tokens.memberA)), sorted(x, y, z));
      assert.deepEqual(await sbomIds(w, w.loner.cookie), sorted(x, y, z));
    });

    it('applies a change of grant, membership, tag or parent on the very next request', async (t) => {
      const w = await scopedWorld(t, dialect);
      const { x, y, z } = w.sboms;
      const headers = bearer(w.tokens.memberA);
      assert.deepEqual(await sbomIds(w, headers), [x]);
      await w.app.inject({
        method: 'PATCH',
        url: `/api/v1/teams/${w.teamA}`,
        headers: w.admin.write,
        payload: { grants: [{ assetTags: ['web'], role: 'member' }] },
      });
      assert.deepEqual(await sbomIds(w, headers), [y]);
      // A tag added to Z (the asset records' own write) reaches the cached principal too.
      await replaceTags(w.store.db, w.org.id, w.assets.z, ['web']);
      w.services.tokens.forgetPrincipals();
      assert.deepEqual(await sbomIds(w, headers), sorted(y, z));
      // Z moves under X: a grant of X by id covers its descendants.
      await replaceTags(w.store.db, w.org.id, w.assets.z, []);
      await w.store.db
        .updateTable('assets')
        .set({ parent_id: w.assets.x })
        .where('id', '=', w.assets.z)
        .execute();
      w.services.tokens.forgetPrincipals();
      await w.app.inject({
        method: 'PATCH',
        url: `/api/v1/teams/${w.teamA}`,
        headers: w.admin.write,
        payload: { grants: [{ assetIds: [w.assets.x], role: 'member' }] },
      });
      assert.deepEqual(await sbomIds(w, headers), sorted(x, z));
      await w.app.inject({
        method: 'PATCH',
        url: `/api/v1/teams/${w.teamA}`,
        headers: w.admin.write,
        payload: { members: [] },
      });
      assert.deepEqual(await sbomIds(w, headers), []);
    });

    it('restricts a token with assetTags whatever its role, on top of the teams', async (t) => {
      const w = await scopedWorld(t, dialect, { portfolioAccess: false });
      const create = await w.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: w.admin.write,
        payload: { scopes: ['sbom:read'], assetTags: ['Web'] },
      });
      assert.equal(create.statusCode, 201, create.body);
      assert.deepEqual(create.json().data.assetTags, ['web']);
      assert.deepEqual(await sbomIds(w, bearer(create.json().data.token)), [w.sboms.y]);
      const listed = await w.app.inject({ method: 'GET', url: '/api/v1/tokens', headers: w.admin.cookie });
      const item = listed.json().data.find((tk: { id: string }) => tk.id === create.json().data.id);
      assert.deepEqual(item.assetTags, ['web']);
      const bad = await w.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: w.admin.write,
        payload: { scopes: ['sbom:read'], assetTags: ['no spaces'] },
      });
      assert.deepEqual([bad.statusCode, bad.json().error.code], [400, 'VALIDATION_FAILED']);
      // memberB's team reaches X and Y; a token of theirs tagged web reaches only Y (the intersection).
      await w.services.organisations.update(w.org.id, { portfolioAccess: true });
      const users = await w.services.users.list(w.org.id);
      const b = users.find((u) => u.id === w.memberB.userId)!;
      const { secret } = await w.services.tokens.create({
        orgId: w.org.id,
        userEmail: b.email,
        scopes: ['sbom:read'],
        assetTags: ['web', 'ops'],
      });
      assert.deepEqual(await sbomIds(w, bearer(secret)), [w.sboms.y]);
    });
  });
}
