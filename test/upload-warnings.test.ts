import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build, createOrg } from './support/app.ts';
import { DIALECTS } from './support/store.ts';
import { uploadFile } from './support/upload.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: upload warnings`, () => {
    it('duplicate bom-refs are stored and reported in meta.warnings; a clean upload has none', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const doc = (refs: string[]) =>
        JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          components: refs.map((ref, i) => ({ name: `c${i}`, 'bom-ref': ref })),
        });
      const dup = await uploadFile(env.app, org, doc(['a', 'b', 'a']), 'dup.cdx.json');
      assert.equal(dup.statusCode, 201);
      assert.equal(dup.json().data.componentCount, 3);
      assert.deepEqual(dup.json().meta.warnings, [
        "duplicate bom-ref 'a': component 3 repeats component 1; dependencies refer to the first",
      ]);
      const clean = await uploadFile(env.app, org, doc(['a', 'b']), 'clean.cdx.json');
      assert.equal(clean.statusCode, 201);
      assert.equal('warnings' in clean.json().meta, false);
      const refused = await uploadFile(
        env.app,
        org,
        JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [{ name: 7 }] }),
        'bad.cdx.json',
      );
      assert.equal(refused.statusCode, 400);
      assert.deepEqual(refused.json().error, {
        code: 'PARSE_ERROR',
        message: "'bad.cdx.json': components[0].name must be a string, not number",
      });
    });
  });
}
