// The policy preview on both dialects: an unsaved policy over the latest SBOM of each asset (older versions
// left out), scoped by asset, vulnerability conditions per finding, nothing written, bad input named, any
// reading role allowed, another organisation's SBOMs never seen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { signInAs } from '../../test/support/session.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { loadFeed, policySbom } from './policy-fixture.ts';

const copyleftDeny = {
  name: 'No copyleft',
  kind: 'license',
  violationState: 'fail',
  conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
};

type Preview = {
  sboms: number;
  violations: number;
  components: number;
  sample: {
    sbomId: string;
    assetName: string;
    component: { name: string; version: string | null; purl: string | null };
    findingId: string | null;
    state: string;
    reason: string;
  }[];
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: policy preview`, () => {
    it('evaluates an unsaved policy over the latest SBOM of each asset and writes nothing', async (t) => {
      const { app, services } = await build(t, dialect);
      await loadFeed(t, services);
      const org = await createOrg(services);
      const other = await createOrg(services);
      // web-shop twice (only the second is its latest), back-office once.
      const first = (await uploadFile(app, org, policySbom('web-shop'), 'a.cdx.json')).json().data.id;
      const latest = (await uploadFile(app, org, policySbom('web-shop'), 'b.cdx.json')).json().data.id;
      const office = (await uploadFile(app, org, policySbom('back-office'), 'c.cdx.json')).json().data.id;
      assert.notEqual(first, latest);
      const preview = async (body: object, headers = org.bearer('read')) =>
        app.inject({ method: 'POST', url: '/api/v1/sscs/policies/preview', headers, payload: body });

      const res = await preview(copyleftDeny);
      assert.equal(res.statusCode, 200, res.body);
      const data = res.json().data as Preview;
      // gpl-lib (GPL-2.0-or-later) is copyleft in each latest SBOM; the first web-shop is not looked at.
      assert.deepEqual(
        { sboms: data.sboms, violations: data.violations, components: data.components },
        { sboms: 2, violations: 2, components: 2 },
      );
      assert.deepEqual(
        data.sample
          .map((v) => [v.sbomId, v.assetName, v.component.name, v.state, v.findingId, v.reason])
          .sort(),
        [
          [latest, 'web-shop', 'gpl-lib', 'fail', null, 'license GPL-2.0-or-later is in group copyleft'],
          [office, 'back-office', 'gpl-lib', 'fail', null, 'license GPL-2.0-or-later is in group copyleft'],
        ].sort(),
      );
      assert.deepEqual(data.sample[0]!.component, {
        name: 'gpl-lib',
        version: '2.0.0',
        purl: 'pkg:npm/gpl-lib@2.0.0',
      });

      // Scoped to one asset, a vulnerability condition: one violation per finding, with the finding's id.
      const scoped = (
        await preview({
          name: 'High',
          kind: 'security',
          violationState: 'warn',
          assetNames: ['back-office'],
          conditions: [{ subject: 'severity', operator: 'at_least', value: 'HIGH' }],
        })
      ).json().data as Preview;
      assert.deepEqual(
        { sboms: scoped.sboms, violations: scoped.violations, components: scoped.components },
        { sboms: 2, violations: 1, components: 1 },
      );
      assert.equal(scoped.sample[0]!.sbomId, office);
      assert.equal(scoped.sample[0]!.state, 'warn');
      assert.match(scoped.sample[0]!.findingId!, /^fnd_/);
      assert.equal(scoped.sample[0]!.reason, 'CVE-2026-0001 has severity HIGH (at least HIGH)');

      // A policy that meets nothing is a preview of nothing.
      const none = (
        await preview({
          ...copyleftDeny,
          conditions: [{ subject: 'license', operator: 'is', value: '0BSD' }],
        })
      ).json().data as Preview;
      assert.deepEqual(none, { sboms: 2, violations: 0, components: 0, sample: [] });

      // Nothing was saved or written.
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/policies', headers: org.bearer() })).json().data,
        [],
      );
      assert.deepEqual(
        (await app.inject({ url: '/api/v1/sscs/violations', headers: org.bearer() })).json().data,
        [],
      );

      // Another organisation sees none of these SBOMs; a viewer's session may preview (it only reads).
      assert.deepEqual((await preview(copyleftDeny, other.bearer())).json().data, {
        sboms: 0,
        violations: 0,
        components: 0,
        sample: [],
      });
      const viewer = await signInAs(app, services, org, 'viewer');
      const asViewer = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies/preview',
        headers: viewer.write,
        payload: copyleftDeny,
      });
      assert.equal(asViewer.statusCode, 200, asViewer.body);
      assert.equal((asViewer.json().data as Preview).violations, 2);
    });

    it('refuses what create refuses, naming the path', async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies/preview',
        headers: org.bearer('read'),
        payload: {
          ...copyleftDeny,
          conditions: [
            { subject: 'colour', operator: 'is', value: 'red' },
            { subject: 'license_group', operator: 'is', value: 'no-such-group' },
          ],
        },
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error.code, 'VALIDATION_FAILED');
      assert.deepEqual(
        bad.json().error.details.map((d: { path: string }) => d.path),
        ['body.conditions.0.subject', 'body.conditions.1.value'],
      );
      const unknownField = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies/preview',
        headers: org.bearer('read'),
        payload: { ...copyleftDeny, colour: 'red' },
      });
      assert.equal(unknownField.statusCode, 400);
      const query = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/policies/preview?dry=1',
        headers: org.bearer('read'),
        payload: copyleftDeny,
      });
      assert.equal(query.statusCode, 400);
    });
  });
}
