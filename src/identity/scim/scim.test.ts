// SCIM 2.0 provisioning with the request sequences Entra ID and Okta send: create, PATCH, group members and
// roles, deactivation (sessions and tokens refused on the very next request), deletion, errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg, type TestOrg } from '../../../test/support/app.ts';
import { PASSWORD, signIn } from '../../../test/support/session.ts';
import { createTestStore, DIALECTS, testStoreUrl } from '../../../test/support/store.ts';
import { openStore } from '../../db/connect.ts';
import type { App } from '../../http/app-type.ts';
import type { Services } from '../../services.ts';

const SCIM = 'application/scim+json';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

function scimClient(app: App, token: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) => {
    const res = await app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': SCIM } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return {
      status: res.statusCode,
      type: res.headers['content-type'],
      body: res.body ? res.json() : undefined,
    };
  };
}

async function setup(services: Services, app: App) {
  const org = await createOrg(services, { tokens: { scim: ['scim'], read: ['sbom:read'] } });
  const owner = await services.users.add(org.id, {
    email: `boss@${org.slug}.example.com`,
    role: 'owner',
    password: PASSWORD,
  });
  const session = await signIn(app, owner.email);
  await app.inject({
    method: 'PUT',
    url: '/api/v1/org/sso',
    headers: session.write,
    payload: {
      issuer: 'https://idp.example.com',
      clientId: 'c',
      clientSecret: 's',
      roleMapping: { 'Bulwark Admins': 'admin', Engineering: 'member' },
    },
  });
  return { org, scim: scimClient(app, org.tokens.scim!) };
}

/** The provisioned user signs in (a password set by the operator) and gets an API token of its own. */
async function sessionAndToken(app: App, services: Services, org: TestOrg, email: string) {
  await services.users.setPassword(org.id, email, PASSWORD);
  const session = await signIn(app, email);
  const { secret } = await services.tokens.create({
    orgId: org.id,
    userEmail: email,
    scopes: ['sbom:read'],
  });
  return { session, bearer: { authorization: `Bearer ${secret}` } };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: SCIM provisioning`, () => {
    it("follows Entra ID's sequence: create, update, groups give roles, deactivate cuts off at once, delete", async (t) => {
      const { app, services } = await build(t, dialect);
      const { org, scim } = await setup(services, app);
      const userName = 'Test_User_ab6490ee@contoso.com';
      const probe = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
      assert.deepEqual(probe.body, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 0,
        startIndex: 1,
        itemsPerPage: 0,
        Resources: [],
      });
      assert.equal(probe.type, 'application/scim+json; charset=utf-8');

      const created = await scim('POST', '/Users', {
        schemas: [
          'urn:ietf:params:scim:schemas:core:2.0:User',
          'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
        ],
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName,
        active: true,
        emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b@testuser.com' }],
        meta: { resourceType: 'User' },
        name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
        roles: [],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'R&D' },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id: string = created.body.id;
      assert.deepEqual(created.body, {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        id,
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName: 'test_user_ab6490ee@contoso.com',
        displayName: 'givenName familyName',
        name: { formatted: 'givenName familyName' },
        emails: [{ value: 'test_user_ab6490ee@contoso.com', type: 'work', primary: true }],
        active: true,
        groups: [],
        meta: {
          resourceType: 'User',
          created: created.body.meta.created,
          location: `http://localhost:80/scim/v2/Users/${id}`,
        },
      });
      const again = await scim('POST', '/Users', { schemas: [], userName });
      assert.deepEqual(again.body, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '409',
        scimType: 'uniqueness',
        detail: 'User test_user_ab6490ee@contoso.com already exists',
      });
      const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
      assert.deepEqual([found.body.totalResults, found.body.Resources[0].id], [1, id]);

      const renamed = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@contoso.com' },
          { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
          { op: 'Add', path: 'displayName', value: 'Updated Name' },
        ],
      });
      assert.deepEqual(
        [renamed.status, renamed.body.userName, renamed.body.displayName],
        [200, 'updatedemail@contoso.com', 'Updated Name'],
      );
      assert.equal(
        (await services.users.list(org.id)).find((u) => u.id === id)!.role,
        'viewer',
        'no mapped group yet',
      );

      const group = await scim('POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        externalId: '8aa1a0c0',
        displayName: 'Bulwark Admins',
        meta: { resourceType: 'Group' },
      });
      assert.equal(group.status, 201);
      const added = await scim('PATCH', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
      });
      assert.deepEqual(added.body.members, [
        { value: id, display: 'updatedemail@contoso.com', $ref: `http://localhost:80/scim/v2/Users/${id}` },
      ]);
      assert.equal((await services.users.list(org.id)).find((u) => u.id === id)!.role, 'admin');
      const user = await scim('GET', `/Users/${id}`);
      assert.deepEqual(
        user.body.groups.map((g: { display: string }) => g.display),
        ['Bulwark Admins'],
      );
      await scim('PATCH', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
      });
      assert.equal(
        (await services.users.list(org.id)).find((u) => u.id === id)!.role,
        'viewer',
        'removed from the group',
      );
      await scim('PATCH', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
      });

      const { session, bearer } = await sessionAndToken(app, services, org, 'updatedemail@contoso.com');
      assert.equal((await app.inject({ url: '/api/v1/sscs/vendors', headers: bearer })).statusCode, 200);
      assert.equal((await app.inject({ url: '/api/v1/session', headers: session.cookie })).statusCode, 200);
      const off = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      assert.deepEqual([off.status, off.body.active], [200, false]);
      assert.equal(
        (await app.inject({ url: '/api/v1/sscs/vendors', headers: bearer })).statusCode,
        401,
        'the token, on the very next request',
      );
      assert.equal(
        (await app.inject({ url: '/api/v1/session', headers: session.cookie })).statusCode,
        401,
        'the session too',
      );
      const password = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: 'updatedemail@contoso.com', password: PASSWORD },
      });
      assert.deepEqual([password.statusCode, password.json().error.code], [403, 'FORBIDDEN']);

      assert.equal((await scim('DELETE', `/Users/${id}`)).status, 204);
      assert.equal((await scim('GET', `/Users/${id}`)).status, 404);
      assert.deepEqual((await scim('GET', `/Groups/${group.body.id}`)).body.members, []);
    });

    it("follows Okta's sequence: create, PUT, replace without a path, group add/remove/rename, paging", async (t) => {
      const { app, services } = await build(t, dialect);
      const { org, scim } = await setup(services, app);
      const base = {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        name: { givenName: 'John', familyName: 'Smith' },
        locale: 'en-US',
        groups: [],
        password: 'ignored-by-bulwark',
        active: true,
      };
      const john = await scim('POST', '/Users', {
        ...base,
        userName: 'john@okta.local',
        emails: [{ primary: true, value: 'john@okta.local', type: 'work' }],
        displayName: 'John Smith',
        externalId: '00u1',
      });
      const jane = await scim('POST', '/Users', {
        ...base,
        userName: 'jane@okta.local',
        name: { givenName: 'Jane', familyName: 'Doe' },
        externalId: '00u2',
      });
      assert.deepEqual(
        [john.status, john.body.displayName, jane.body.displayName],
        [201, 'John Smith', 'Jane Doe'],
      );

      // The organisation's own user plus the owner plus John and Jane: 4, paged one at a time.
      const page = await scim('GET', '/Users?startIndex=2&count=1');
      assert.deepEqual([page.body.totalResults, page.body.startIndex, page.body.itemsPerPage], [4, 2, 1]);
      const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "00u2"')}`);
      assert.deepEqual(
        byExternal.body.Resources.map((u: { userName: string }) => u.userName),
        ['jane@okta.local'],
      );

      const put = await scim('PUT', `/Users/${john.body.id}`, {
        ...base,
        userName: 'john@okta.local',
        displayName: 'Johnny Smith',
        externalId: '00u1',
      });
      assert.deepEqual([put.status, put.body.displayName], [200, 'Johnny Smith']);

      const group = await scim('POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Engineering',
        members: [],
      });
      const add = await scim('PATCH', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [
          {
            op: 'add',
            path: 'members',
            value: [
              { value: john.body.id, display: 'john@okta.local' },
              { value: jane.body.id, display: 'jane@okta.local' },
            ],
          },
        ],
      });
      assert.equal(add.body.members.length, 2);
      const roles = async () =>
        Object.fromEntries(
          (await services.users.list(org.id))
            .filter((u) => u.email.endsWith('okta.local'))
            .map((u) => [u.email, u.role]),
        );
      assert.deepEqual(await roles(), { 'john@okta.local': 'member', 'jane@okta.local': 'member' });
      await scim('PATCH', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${jane.body.id}"]` }],
      });
      assert.deepEqual(await roles(), { 'john@okta.local': 'member', 'jane@okta.local': 'viewer' });
      const renamed = await scim('PATCH', `/Groups/${group.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { id: group.body.id, displayName: 'Bulwark Admins' } }],
      });
      assert.equal(renamed.body.displayName, 'Bulwark Admins');
      assert.deepEqual(
        await roles(),
        { 'john@okta.local': 'admin', 'jane@okta.local': 'viewer' },
        'the new name maps to admin',
      );
      const groups = await scim(
        'GET',
        `/Groups?filter=${encodeURIComponent('displayName eq "Bulwark Admins"')}`,
      );
      assert.deepEqual(
        groups.body.Resources.map((g: { id: string }) => g.id),
        [group.body.id],
      );

      const deactivated = await scim('PATCH', `/Users/${john.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      assert.equal(deactivated.body.active, false);
      const reactivated = await scim('PATCH', `/Users/${john.body.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: true } }],
      });
      assert.equal(reactivated.body.active, true);
      assert.equal((await scim('DELETE', `/Groups/${group.body.id}`)).status, 204);
      assert.deepEqual(await roles(), { 'john@okta.local': 'viewer', 'jane@okta.local': 'viewer' });
      assert.equal((await scim('GET', '/ServiceProviderConfig')).body.patch.supported, true);
      assert.deepEqual(
        (await scim('GET', '/ResourceTypes')).body.Resources.map((r: { id: string }) => r.id),
        ['User', 'Group'],
      );
      assert.equal((await scim('GET', '/Schemas')).body.totalResults, 2);
    });

    it("answers errors in SCIM's format: authentication, scope, filters, ids of another organisation", async (t) => {
      const { app, services } = await build(t, dialect);
      const { scim } = await setup(services, app);
      const other = await setup(services, app);
      const theirs = await other.scim('POST', '/Users', { userName: 'theirs@example.com' });

      const none = await app.inject({ url: '/scim/v2/Users' });
      assert.deepEqual(
        [none.statusCode, none.json().schemas, none.json().status],
        [401, ['urn:ietf:params:scim:api:messages:2.0:Error'], '401'],
      );
      const readOnly = await scimClient(
        app,
        (await createOrg(services, { tokens: { r: ['sbom:read'] } })).tokens.r!,
      )('GET', '/Users');
      assert.deepEqual([readOnly.status, readOnly.body.detail], [403, 'The token lacks the scope scim']);
      const filter = await scim('GET', `/Users?filter=${encodeURIComponent('name.familyName co "x"')}`);
      assert.deepEqual([filter.status, filter.body.scimType], [400, 'invalidFilter']);
      assert.deepEqual([(await scim('GET', `/Users/${theirs.body.id}`)).status], [404]);
      assert.equal(
        (
          await scim('PATCH', `/Users/${theirs.body.id}`, {
            schemas: [PATCH_OP],
            Operations: [{ op: 'replace', value: { active: false } }],
          })
        ).status,
        404,
      );
      assert.equal((await scim('DELETE', `/Users/${theirs.body.id}`)).status, 404);
      assert.equal((await other.scim('GET', `/Users/${theirs.body.id}`)).body.active, true, 'untouched');
      const member = await scim('POST', '/Groups', {
        displayName: 'G',
        members: [{ value: theirs.body.id }],
      });
      assert.deepEqual([member.status, member.body.detail], [400, `No such user: ${theirs.body.id}`]);
      assert.equal((await scim('GET', '/Groups')).body.totalResults, 0, 'nothing half-written');
      const badJson = await app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: {
          authorization: (await createOrg(services, { tokens: { s: ['scim'] } })).bearer('s').authorization,
          'content-type': SCIM,
        },
        payload: '{"userName":',
      });
      assert.deepEqual([badJson.statusCode, badJson.json().scimType], [400, 'invalidSyntax']);
      const noName = await scim('POST', '/Users', { emails: [] });
      assert.deepEqual(
        [noName.status, noName.body.detail],
        [400, 'userName must be a non-empty string of at most 320 characters'],
      );
      const control = await scim('POST', '/Users', { userName: 'a\u0000b@example.com' });
      assert.deepEqual([control.status, control.body.detail], [400, 'userName contains a control character']);
      const badOp = await scim('PATCH', `/Users/${theirs.body.id}`, { Operations: [{ op: 'move' }] });
      assert.deepEqual([badOp.status, badOp.body.scimType], [400, 'invalidSyntax']);
    });

    if (dialect === 'postgres')
      it('deactivation on one instance refuses the token on another on its very next request', async (t) => {
        const store = await createTestStore(dialect);
        const second = openStore(testStoreUrl(store));
        t.after(async () => {
          await second.close();
          await store.close();
        });
        const a = await build(t, dialect, { store });
        const b = await build(t, dialect, { store: second });
        const { org, scim } = await setup(a.services, a.app);
        const created = await scim('POST', '/Users', { userName: 'leaver@example.com' });
        const { bearer } = await sessionAndToken(a.app, a.services, org, 'leaver@example.com');
        // Instance b caches the principal once its change listener is up.
        for (let i = 0; i < 50 && second.changeStamp() === undefined; i++)
          await new Promise((r) => setTimeout(r, 20));
        const onB = () => b.app.inject({ url: '/api/v1/sscs/vendors', headers: bearer });
        assert.equal((await onB()).statusCode, 200);
        assert.equal((await onB()).statusCode, 200, "served from b's cache");
        await scim('PATCH', `/Users/${created.body.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        });
        // No wait for b's listener: its cache hit waits for the store's barrier (docs/identity.md).
        assert.equal((await onB()).statusCode, 401);
      });
  });
}
