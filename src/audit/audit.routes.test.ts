// GET /audit (session only, admins, unmasked, filters) and GET /vulndb/status (the CLI's status object) over REST.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { addUser, signIn, signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';

const npmSbom = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  components: [
    { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
    { type: 'library', name: 'serde', version: '1.0.0', purl: 'pkg:cargo/serde@1.0.0' },
  ],
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: audit log and vulndb status over REST`, () => {
    it('gives admins their own organisation’s audit, unmasked and filtered; refuses tokens and viewers', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const admin = await addUser(services, org, 'admin', 'ada@example.com');
      const session = await signIn(app, admin.email);
      const viewer = await signInAs(app, services, org, 'viewer');
      const outsider = await signInAs(app, services, other, 'admin');
      await signIn(app, admin.email); // Ada again, from another browser

      const get = (query: string, headers: Record<string, string>) =>
        app.inject({ url: `/api/v1/audit${query}`, headers });
      const signIns = await get('?action=session.sign_in', session.cookie);
      assert.equal(signIns.statusCode, 200);
      const page = signIns.json().data;
      assert.equal(page.total, 3);
      assert.deepEqual([page.limit, page.offset, page.items.length], [50, 0, 3]);
      // Newest first: Ada, the viewer, Ada; Ada's e-mail is whole (the tool server would mask it).
      assert.deepEqual(page.items[2], {
        id: page.items[2].id,
        action: 'session.sign_in',
        actor: { id: admin.id, email: 'ada@example.com', name: 'A admin' },
        entityType: 'session',
        entityId: page.items[2].entityId,
        details: { client: '127.0.0.1' },
        at: page.items[2].at,
      });
      assert.deepEqual(
        page.items.map((i: { actor: { id: string } }) => i.actor.id),
        [admin.id, viewer.userId, admin.id],
      );
      assert.match(page.items[2].id, /^aud_/);

      const ada = (await get(`?actorId=${admin.id}&limit=1`, session.cookie)).json().data;
      assert.equal(ada.items.length, 1);
      assert.equal(ada.items[0].actor.id, admin.id);
      assert.equal(ada.total, 2);
      const second = (await get(`?actorId=${admin.id}&limit=1&offset=1`, session.cookie)).json().data;
      assert.notEqual(second.items[0].id, ada.items[0].id);

      // Another organisation's admin sees none of it, even by naming Ada.
      const theirs = (await get(`?actorId=${admin.id}`, outsider.cookie)).json().data;
      assert.deepEqual([theirs.items, theirs.total], [[], 0]);
      const theirSignIns = (await get('?action=session.sign_in', outsider.cookie)).json().data;
      assert.deepEqual(
        theirSignIns.items.map((i: { actor: { id: string } }) => i.actor.id),
        [outsider.userId],
      );

      const bearer = await get('', org.bearer());
      assert.deepEqual([bearer.statusCode, bearer.json().error.code], [403, 'FORBIDDEN']);
      const asViewer = await get('', viewer.cookie);
      assert.deepEqual([asViewer.statusCode, asViewer.json().error.code], [403, 'FORBIDDEN']);
      for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?actor=x']) {
        const bad = await get(query, session.cookie);
        assert.deepEqual([bad.statusCode, bad.json().error.code], [400, 'VALIDATION_FAILED'], query);
      }
    });

    it('answers vulndb status as the CLI prints it, with the caller’s own ecosystems only', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      assert.equal((await uploadFile(app, org, npmSbom, 'a.cdx.json')).statusCode, 201);
      const viewer = await signInAs(app, services, other, 'viewer');

      const mine = await app.inject({ url: '/api/v1/vulndb/status', headers: org.bearer('read') });
      assert.equal(mine.statusCode, 200);
      const empty = {
        osv: [],
        kev: { entries: 0, catalogVersion: null, lastSyncAt: null },
        epss: { entries: 0, scoreDate: null, lastSyncAt: null },
      };
      assert.deepEqual(mine.json().data, { ...empty, ecosystemsWithoutAdvisories: ['crates.io', 'npm'] });
      // The CLI's object, for the whole store (no organisation), has the same shape and values here.
      assert.deepEqual(await services.vulndbSync.status(), mine.json().data);
      // Another organisation (by session, any role) does not learn which ecosystems this one uses.
      const theirs = await app.inject({ url: '/api/v1/vulndb/status', headers: viewer.cookie });
      assert.deepEqual(theirs.json().data, { ...empty, ecosystemsWithoutAdvisories: [] });
      const noScope = await app.inject({ url: '/api/v1/vulndb/status', headers: org.bearer('mcp') });
      assert.deepEqual([noScope.statusCode, noScope.json().error.code], [403, 'INSUFFICIENT_SCOPE']);
      const bad = await app.inject({ url: '/api/v1/vulndb/status?x=1', headers: org.bearer('read') });
      assert.deepEqual([bad.statusCode, bad.json().error.code], [400, 'VALIDATION_FAILED']);
    });
  });
}
