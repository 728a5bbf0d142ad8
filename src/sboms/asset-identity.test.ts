// Which asset an upload belongs to when the form does not say: the SBOM's own subject, then the file name
// (the contract's default); and export file names that do not double the SBOM extensions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { stemOfSbomFileName } from './file-names.ts';

const cdx = (subject?: { name: string; version: string }) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    ...(subject ? { metadata: { component: { type: 'application', ...subject } } } : {}),
    components: [{ type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
  });

const spdx = JSON.stringify({
  spdxVersion: 'SPDX-2.3',
  SPDXID: 'SPDXRef-DOCUMENT',
  name: 'doc',
  documentDescribes: ['SPDXRef-svc'],
  packages: [
    { SPDXID: 'SPDXRef-svc', name: 'billing-service', versionInfo: '4.2.0' },
    { SPDXID: 'SPDXRef-lib', name: 'left-pad', versionInfo: '1.3.0' },
  ],
});

describe('file names of SBOMs', () => {
  it('drops the SBOM extensions, alone or stacked, and nothing else', () => {
    const cases: [string, string][] = [
      ['app-1.bom.json', 'app-1'],
      ['x.cdx.json', 'x'],
      ['service.spdx.json', 'service'],
      ['lib.spdx', 'lib'],
      ['bom.xml', 'bom'],
      ['.bom.json', '.bom.json'],
      ['my.lib-2.0.cyclonedx.xml', 'my.lib-2.0'],
      ['web shop', 'web shop'],
      ['dir/sub/app.sbom.json', 'app'],
    ];
    assert.deepEqual(
      cases.map(([name]) => [name, stemOfSbomFileName(name)]),
      cases,
    );
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: asset identity of an upload`, () => {
    it("takes the SBOM's subject, then the file name; name stays the file name", async (t) => {
      const { app, services } = await build(t, dialect);
      const org = await createOrg(services);
      const identity = async (content: string, fileName: string) => {
        const res = await uploadFile(app, org, content, fileName);
        assert.equal(res.statusCode, 201, res.body);
        const { id, name, assetName, version } = res.json().data;
        return { id: id as string, fields: [name, assetName, version] };
      };
      const one = await identity(cdx({ name: 'app', version: '1' }), 'app-1.bom.json');
      const two = await identity(cdx({ name: 'app', version: '2' }), 'app-2.bom.json');
      assert.deepEqual(
        [one.fields, two.fields],
        [
          ['app-1.bom.json', 'app', '1'],
          ['app-2.bom.json', 'app', '2'],
        ],
        'two versions of one asset',
      );
      assert.deepEqual((await identity(spdx, 'billing.spdx.json')).fields, [
        'billing.spdx.json',
        'billing-service',
        '4.2.0',
      ]);
      const bare = await identity(cdx(), 'svc.cdx.json');
      assert.deepEqual(bare.fields, ['svc.cdx.json', 'svc.cdx.json', null]);

      const assets = await app.inject({ url: '/api/v1/sscs/assets', headers: org.bearer() });
      assert.equal(assets.statusCode, 200, assets.body);
      assert.deepEqual(
        assets.json().data.map((a: { assetName: string }) => a.assetName),
        ['app', 'billing-service', 'svc.cdx.json'],
      );

      const exported = async (sbomId: string) =>
        (
          await app.inject({
            url: `/api/v1/sscs/sboms/${sbomId}/export?format=cyclonedx`,
            headers: org.bearer(),
          })
        ).headers['content-disposition'];
      assert.equal(await exported(bare.id), 'attachment; filename="svc.cdx.json"');
      assert.equal(await exported(one.id), 'attachment; filename="app-1-1.cdx.json"');
    });
  });
}
