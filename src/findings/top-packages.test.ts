// GET /sscs/findings/packages: the packages with the most open findings, counted in the database (the console's
// overview shows them without downloading every finding), per organisation, triaged findings left out.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { DIALECTS } from '../../test/support/store.ts';

const advisory = (id: string, name: string) => ({
  schema_version: '1.6.0',
  id,
  modified: '2026-01-01T00:00:00Z',
  affected: [
    {
      package: { ecosystem: 'npm', name },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '9.0.0' }] }],
    },
  ],
});

const cdx = (components: [string, string][]) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: components.map(([name, version]) => ({
      type: 'library',
      name,
      version,
      purl: `pkg:npm/${name}@${version}`,
    })),
  });

for (const dialect of DIALECTS) {
  describe(`${dialect}: top packages by open findings`, () => {
    it('counts open findings per name and version, most first, ties by name; other orgs and triage excluded', async (t) => {
      const { app, services } = await build(t, dialect);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-top-'));
      t.after(() => rmSync(dir, { recursive: true, force: true }));
      // alpha has three advisories, beta two, gamma and delta one each.
      const files = [
        ['A-1', 'alpha'],
        ['A-2', 'alpha'],
        ['A-3', 'alpha'],
        ['B-1', 'beta'],
        ['B-2', 'beta'],
        ['G-1', 'gamma'],
        ['D-1', 'delta'],
      ].map(([id, name]) => {
        const path = join(dir, `${id}.json`);
        writeFileSync(path, JSON.stringify(advisory(id!, name!)));
        return path;
      });
      await services.vulndb.import(files);
      const org = await createOrg(services);
      const other = await createOrg(services);
      // Two SBOMs with alpha 1.0.0: its findings add up (6); alpha 2.0.0 is another version (3).
      for (const components of [
        [
          ['alpha', '1.0.0'],
          ['beta', '1.0.0'],
          ['gamma', '1.0.0'],
        ],
        [
          ['alpha', '1.0.0'],
          ['alpha', '2.0.0'],
          ['delta', '1.0.0'],
        ],
      ] as [string, string][][])
        assert.equal((await uploadFile(app, org, cdx(components), 'app.cdx.json')).statusCode, 201);
      // Another organisation's findings never count.
      await uploadFile(app, other, cdx([['delta', '1.0.0']]), 'other.cdx.json');
      await uploadFile(app, other, cdx([['delta', '1.0.0']]), 'other2.cdx.json');

      // One beta finding triaged: beta counts 1.
      const list = await app.inject({
        url: '/api/v1/sscs/findings?vulnerabilityId=B-1',
        headers: org.bearer('read'),
      });
      const beta = (list.json() as { data: { id: string }[] }).data;
      assert.equal(beta.length, 1);
      const patch = await app.inject({
        method: 'PATCH',
        url: `/api/v1/sscs/findings/${beta[0]!.id}/status`,
        headers: org.bearer('write'),
        payload: { status: 'false_positive' },
      });
      assert.equal(patch.statusCode, 200);

      const top = await app.inject({
        url: '/api/v1/sscs/findings/packages?limit=4',
        headers: org.bearer('read'),
      });
      assert.equal(top.statusCode, 200);
      assert.deepEqual(top.json(), {
        data: [
          { name: 'alpha', version: '1.0.0', open: 6 },
          { name: 'alpha', version: '2.0.0', open: 3 },
          { name: 'beta', version: '1.0.0', open: 1 },
          { name: 'delta', version: '1.0.0', open: 1 },
        ],
        error: null,
        meta: null,
      });

      const bad = await app.inject({
        url: '/api/v1/sscs/findings/packages?limit=0',
        headers: org.bearer('read'),
      });
      assert.equal(bad.statusCode, 400);
      assert.equal((bad.json() as { error: { code: string } }).error.code, 'VALIDATION_FAILED');
      const noScope = await app.inject({ url: '/api/v1/sscs/findings/packages', headers: org.bearer('mcp') });
      assert.equal(noScope.statusCode, 403);
    });
  });
}
