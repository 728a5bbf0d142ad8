import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LIST_PAGE_ROWS } from '../src/db/paging.ts';
import { newId } from '../src/shared/ids.ts';
import { build, createOrg, type TestOrg } from './support/app.ts';
import { DIALECTS } from './support/store.ts';
import { uploadFile as uploadSbom } from './support/upload.ts';

// Long lists keep the full-array contract but are written page by page (no Content-Length: the body is
// streamed); short ones are answered as before. 2 pages + 100 rows cover the first, middle and last page.
const MANY = 2 * LIST_PAGE_ROWS + 100;

const lodashAdvisory = {
  schema_version: '1.6.0',
  id: 'GHSA-4444-5555-6666',
  modified: '2024-01-01T00:00:00Z',
  summary: 'lodash prototype pollution',
  affected: [
    {
      package: { ecosystem: 'npm', name: 'lodash' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '4.0.0' }, { fixed: '4.17.21' }] }],
    },
  ],
};

const sbomOf = (count: number) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: Array.from({ length: count }, (_, i) => ({
      type: 'library',
      'bom-ref': `c${i}`,
      name: 'lodash',
      version: `4.16.${i}`,
      purl: `pkg:npm/lodash@4.16.${i}`,
    })),
  });

for (const dialect of DIALECTS) {
  describe(`${dialect}: long lists are streamed whole`, () => {
    const get = async (env: Awaited<ReturnType<typeof build>>, org: TestOrg, url: string) => {
      const res = await env.app.inject({ url: `/api/v1${url}`, headers: org.bearer() });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      return { streamed: res.headers['content-length'] === undefined, body: res.json() };
    };

    it('components and findings of one SBOM', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const other = await createOrg(env.services);
      const dir = mkdtempSync(join(tmpdir(), 'bulwark-osv-'));
      t.after(() => rmSync(dir, { recursive: true }));
      writeFileSync(join(dir, 'feed.json'), JSON.stringify([lodashAdvisory]));
      await env.services.vulndb.import([dir]);
      const upload = await uploadSbom(env.app, org, sbomOf(MANY), 'many.cdx.json');
      assert.equal(upload.statusCode, 201);
      const sbomId = upload.json().data.id as string;

      const components = await get(env, org, `/sscs/sboms/${sbomId}/components`);
      assert.equal(components.streamed, true);
      assert.equal(components.body.error, null);
      assert.equal(components.body.meta, null);
      assert.deepEqual(
        components.body.data.map((c: { bomRef: string; version: string }) => [c.bomRef, c.version]),
        Array.from({ length: MANY }, (_, i) => [`c${i}`, `4.16.${i}`]),
      );

      const findings = await get(env, org, `/sscs/findings?sbomId=${sbomId}`);
      assert.equal(findings.streamed, true);
      const versions = findings.body.data.map((f: { component: { version: string } }) => f.component.version);
      assert.equal(versions.length, MANY);
      assert.equal(new Set(versions).size, MANY, 'no finding twice');
      const ids = findings.body.data.map((f: { id: string }) => f.id);
      assert.deepEqual(ids, [...ids].sort().reverse(), 'newest first across page boundaries');
      assert.equal(findings.body.data[0].vulnerabilityId, 'GHSA-4444-5555-6666');

      // Another organisation sees none of it.
      const res = await env.app.inject({
        url: `/api/v1/sscs/sboms/${sbomId}/components`,
        headers: other.bearer(),
      });
      assert.equal(res.statusCode, 404);
      assert.deepEqual((await get(env, other, '/sscs/findings')).body, { data: [], error: null, meta: null });
    });

    it('SBOMs and vendors, with names that differ only in case across page boundaries', async (t) => {
      const env = await build(t, dialect);
      const org = await createOrg(env.services);
      const now = new Date().toISOString();
      const vendors = Array.from({ length: MANY }, (_, i) => ({
        id: newId('vnd'),
        org_id: org.id,
        // Pairs with one lower-case name: the page key must be the store's lower(name) plus the id.
        name: `${i % 2 ? 'ACME' : 'acme'} ${String(Math.floor(i / 2)).padStart(4, '0')}`,
        type: 'commercial',
        risk_tier: 2,
        assessment_status: 'not_started',
        website: null,
        notes: null,
        created_at: now,
        updated_at: now,
      }));
      const sboms = Array.from({ length: MANY }, (_, i) => ({
        id: newId('sbom'),
        org_id: org.id,
        name: `app-${i}`,
        asset_name: `app-${i}`,
        version: null,
        format: null,
        spec_version: null,
        asset_id: `ast_app${i}`,
        repo_url: null,
        branch: null,
        component_count: 0,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < MANY; i += 500) {
        await env.store.db
          .insertInto('vendors')
          .values(vendors.slice(i, i + 500))
          .execute();
        await env.store.db
          .insertInto('sboms')
          .values(sboms.slice(i, i + 500))
          .execute();
      }

      const vendorList = await get(env, org, '/sscs/vendors');
      assert.equal(vendorList.streamed, true);
      const expected = Array.from({ length: MANY / 2 }, (_, k) =>
        [vendors[2 * k]!, vendors[2 * k + 1]!].sort((a, b) => (a.id < b.id ? -1 : 1)).map((v) => v.id),
      ).flat();
      assert.deepEqual(
        vendorList.body.data.map((v: { id: string }) => v.id),
        expected,
      );

      const sbomList = await get(env, org, '/sscs/sboms');
      assert.equal(sbomList.streamed, true);
      assert.deepEqual(
        sbomList.body.data.map((s: { id: string }) => s.id),
        sboms
          .map((s) => s.id)
          .sort()
          .reverse(),
      );
      const filtered = await get(env, org, '/sscs/sboms?q=APP-10');
      assert.equal(filtered.streamed, false, 'one page: answered as before');
      assert.equal(filtered.body.data.length, 111); // app-10, app-100…109, app-1000…1099
    });
  });
}
