// Policies and license groups over REST on both dialects: CRUD, default groups, validation (path and reason,
// nothing saved), scopes and roles, another organisation's ids.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';

const copyleftDeny = {
  name: 'No copyleft',
  kind: 'license',
  operator: 'any',
  violationState: 'fail',
  conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: policies`, () => {
    it('creates, reads, replaces and deletes a policy; another organisation gets 404', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: org.bearer(),
        payload: copyleftDeny,
      });
      assert.equal(created.statusCode, 201, created.body);
      const policy = created.json().data;
      assert.match(policy.id, /^pol_[0-9a-z]{26}$/);
      assert.deepEqual(
        { ...policy, id: undefined, createdAt: undefined, updatedAt: undefined },
        {
          ...copyleftDeny,
          id: undefined,
          description: null,
          assetNames: null,
          tags: null,
          enabled: true,
          createdAt: undefined,
          updatedAt: undefined,
        },
      );
      const url = `/api/v1/sscs/policies/${policy.id}`;
      assert.equal((await app.inject({ url, headers: org.bearer('read') })).json().data.name, 'No copyleft');
      assert.equal((await app.inject({ url, headers: other.bearer() })).statusCode, 404);
      assert.equal((await app.inject({ method: 'DELETE', url, headers: other.bearer() })).statusCode, 404);

      const replaced = await app.inject({
        method: 'PUT',
        url,
        headers: org.bearer(),
        payload: { ...copyleftDeny, violationState: 'warn', assetNames: ['web-shop'], enabled: false },
      });
      assert.equal(replaced.statusCode, 200);
      assert.equal(replaced.json().data.violationState, 'warn');
      assert.deepEqual(replaced.json().data.assetNames, ['web-shop']);
      assert.equal(replaced.json().data.enabled, false);
      assert.equal(replaced.json().data.createdAt, policy.createdAt);

      const duplicate = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: org.bearer(),
        payload: copyleftDeny,
      });
      assert.equal(duplicate.statusCode, 409);
      assert.equal(duplicate.json().error.code, 'CONFLICT');

      const listed = await app.inject({ url: '/api/v1/sscs/policies', headers: org.bearer('read') });
      assert.deepEqual(
        listed.json().data.map((p: { id: string }) => p.id),
        [policy.id],
      );
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/policies', headers: other.bearer() })).json().data,
        [],
      );

      const deleted = await app.inject({ method: 'DELETE', url, headers: org.bearer() });
      assert.deepEqual(deleted.json().data, { id: policy.id, deleted: true });
      assert.equal((await app.inject({ url, headers: org.bearer() })).statusCode, 404);
      const audit = await services.audit.page(org.id, { limit: 50, offset: 0 });
      assert.deepEqual(
        audit.rows.map((e) => e.action).filter((a) => a.startsWith('policy.')),
        ['policy.delete', 'policy.replace', 'policy.create'],
      );
    });

    it('refuses bad conditions with the path and reason, and saves nothing', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const cases: [unknown, string, RegExp][] = [
        [
          { subject: 'colour', operator: 'is', value: 'red' },
          'body.conditions.0.subject',
          /not one of license, license_group/,
        ],
        [
          { subject: 'license', operator: 'at_least', value: 'MIT' },
          'body.conditions.0.operator',
          /does not apply to license \(use is or is_not\)/,
        ],
        [
          { subject: 'license', operator: 'is', value: 'Not-A-License' },
          'body.conditions.0.value',
          /not an SPDX license id/,
        ],
        [
          { subject: 'license_group', operator: 'is', value: 'nope' },
          'body.conditions.0.value',
          /not a license group/,
        ],
        [
          { subject: 'severity', operator: 'at_least', value: 'SEVERE' },
          'body.conditions.0.value',
          /CRITICAL, HIGH, MEDIUM, LOW/,
        ],
        [{ subject: 'epss', operator: 'at_least', value: 1.5 }, 'body.conditions.0.value', /from 0 to 1/],
        [{ subject: 'cwe', operator: 'is', value: '79' }, 'body.conditions.0.value', /CWE id/],
        [
          { subject: 'purl', operator: 'matches', value: 'npm/event-stream' },
          'body.conditions.0.value',
          /must be a purl/,
        ],
        [
          { subject: 'purl', operator: 'matches', value: 'pkg:npm/event-stream@3.3.6' },
          'body.conditions.0.value',
          /no version/,
        ],
        [
          { subject: 'version', operator: 'in_range', value: 'vers:nope/>=1' },
          'body.conditions.0.value',
          /no version ordering for 'nope'/,
        ],
        [
          { subject: 'version', operator: 'in_range', value: '>=1.0' },
          'body.conditions.0.value',
          /vers:<type>/,
        ],
        [
          { subject: 'expression', operator: 'matches', value: 'component.name ==' },
          'body.conditions.0.value',
          /does not compile/,
        ],
        [
          { subject: 'expression', operator: 'matches', value: '"a" + "b"' },
          'body.conditions.0.value',
          /must be a bool expression, not string/,
        ],
        [
          {
            subject: 'expression',
            operator: 'matches',
            value: 'vulns.all(a, vulns.all(b, vulns.all(c, a.id != b.id + c.id || true)))',
          },
          'body.conditions.0.value',
          /ran over its budget/,
        ],
        [
          { subject: 'missing', operator: 'is', value: 'supplier' },
          'body.conditions.0.value',
          /purl, version, license/,
        ],
      ];
      for (const [condition, path, message] of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sscs/policies',
          headers: org.bearer(),
          payload: {
            name: 'bad',
            kind: 'security',
            conditions: [{ subject: 'kev', operator: 'is', value: true }, condition],
          },
        });
        const expectedPath = path.replace('conditions.0', 'conditions.1');
        assert.equal(res.statusCode, 400, JSON.stringify(condition));
        assert.equal(res.json().error.code, 'VALIDATION_FAILED');
        assert.equal(res.json().error.details.length, 1, JSON.stringify(res.json().error.details));
        assert.equal(res.json().error.details[0].path, expectedPath, JSON.stringify(condition));
        assert.match(res.json().error.details[0].message, message);
      }
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/policies', headers: org.bearer() })).json().data,
        [],
      );
      const unknownField = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: org.bearer(),
        payload: { ...copyleftDeny, colour: 'red' },
      });
      assert.equal(unknownField.statusCode, 400);
      assert.equal(unknownField.json().error.details[0].path, 'body');
    });

    it('seeds the three default groups once; groups are edited, and a group in use cannot be deleted', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const other = await createOrg(services);
      const groups = (
        await app.inject({ url: '/api/v1/sscs/license-groups', headers: org.bearer('read') })
      ).json().data;
      assert.deepEqual(
        groups.map((g: { name: string }) => g.name),
        ['copyleft', 'permissive', 'weak-copyleft'],
      );
      const copyleft = groups[0];
      for (const id of ['GPL-2.0-only', 'GPL-3.0-or-later', 'AGPL-3.0-only'])
        assert.ok(copyleft.licenses.includes(id), id);
      assert.ok(!copyleft.licenses.includes('LGPL-2.1-only'));
      assert.ok(groups[2].licenses.includes('LGPL-2.1-only'));
      assert.ok(groups[1].licenses.includes('MIT'));
      assert.equal(
        (await app.inject({ url: `/api/v1/sscs/license-groups/${copyleft.id}`, headers: other.bearer() }))
          .statusCode,
        404,
      );

      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/license-groups',
        headers: org.bearer(),
        payload: { name: 'mine', licenses: ['MIT', 'MIT OR ISC', 'Foo'] },
      });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(
        bad.json().error.details.map((d: { path: string }) => d.path),
        ['body.licenses.1', 'body.licenses.2'],
      );

      const mine = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/license-groups',
        headers: org.bearer(),
        payload: {
          name: 'mine',
          licenses: ['mit', 'LicenseRef-acme', 'GPL-2.0-only WITH Classpath-exception-2.0'],
        },
      });
      assert.equal(mine.statusCode, 201);
      await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: org.bearer(),
        payload: copyleftDeny,
      });
      const inUse = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/license-groups/${copyleft.id}`,
        headers: org.bearer(),
      });
      assert.equal(inUse.statusCode, 409);
      assert.match(inUse.json().error.message, /policy 'No copyleft' uses it/);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/sscs/license-groups/${groups[1].id}`,
        headers: org.bearer(),
      });
      assert.equal(deleted.statusCode, 200);
      const after = (await app.inject({ url: '/api/v1/sscs/license-groups', headers: org.bearer() })).json()
        .data;
      assert.deepEqual(
        after.map((g: { name: string }) => g.name),
        ['copyleft', 'mine', 'weak-copyleft'],
        'a deleted default stays deleted',
      );
    });

    it('needs sbom:write to write, and the admin role for a session', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const readOnly = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: org.bearer('read'),
        payload: copyleftDeny,
      });
      assert.equal(readOnly.statusCode, 403);
      assert.equal(readOnly.json().error.code, 'INSUFFICIENT_SCOPE');
      const member = await signInAs(app, services, org, 'member');
      const asMember = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: member.write,
        payload: copyleftDeny,
      });
      assert.equal(asMember.statusCode, 403);
      assert.equal(asMember.json().error.code, 'FORBIDDEN');
      assert.equal(
        (await app.inject({ url: '/api/v1/sscs/policies', headers: member.cookie })).statusCode,
        200,
      );
      const admin = await signInAs(app, services, org, 'admin');
      const asAdmin = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies',
        headers: admin.write,
        payload: copyleftDeny,
      });
      assert.equal(asAdmin.statusCode, 201);
    });
  });
}
