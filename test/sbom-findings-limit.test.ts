// MAX_FINDINGS_PER_SBOM: an upload whose components match more findings is refused 413 TOO_MANY_FINDINGS with
// nothing stored; and the app's own findings hooks delete an SBOM's findings in chunks (docs/resilience.md).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { withCarryOver } from '../src/pipeline/index.ts';
import { DELETE_CHUNK_ROWS, SbomService } from '../src/sboms/sbom.service.ts';
import { build, createOrg, type TestEnv } from './support/app.ts';
import { DeleteRecorder } from './support/statement-recorders.ts';
import { DIALECTS } from './support/store.ts';
import { uploadFile } from './support/upload.ts';

/** Two advisories on lodash < 4.17.21: every component below it is two findings. */
const advisories = ['GHSA-4444-5555-6666', 'GHSA-7777-8888-9999'].map((id) => ({
  schema_version: '1.6.0',
  id,
  modified: '2024-01-01T00:00:00Z',
  affected: [
    {
      package: { ecosystem: 'npm', name: 'lodash' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '4.0.0' }, { fixed: '4.17.21' }] }],
    },
  ],
}));

async function importAdvisories(t: TestContext, env: TestEnv): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-osv-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify(advisories));
  await env.services.vulndb.import([dir]);
}

const sbomOf = (count: number) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: Array.from({ length: count }, (_, i) => ({
      type: 'library',
      name: 'lodash',
      version: `4.16.${i}`,
      purl: `pkg:npm/lodash@4.16.${i}`,
    })),
  });

const countOf = async (env: TestEnv, table: 'sboms' | 'sbom_components' | 'findings' | 'audit_log') =>
  Number(
    (
      await env.store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

for (const dialect of DIALECTS) {
  describe(`${dialect}: findings per SBOM`, () => {
    it('refuses an upload past MAX_FINDINGS_PER_SBOM with 413 and stores nothing', async (t) => {
      const env = await build(t, dialect, { config: { MAX_FINDINGS_PER_SBOM: 50 } });
      await importAdvisories(t, env);
      const org = await createOrg(env.services);
      const before = {
        sboms: await countOf(env, 'sboms'),
        audit: await countOf(env, 'audit_log'),
      };

      // 26 components × 2 advisories = 52 findings > 50.
      const refused = await uploadFile(env.app, org, sbomOf(26), 'many.cdx.json');
      assert.equal(refused.statusCode, 413);
      assert.deepEqual(refused.json(), {
        data: null,
        error: {
          code: 'TOO_MANY_FINDINGS',
          message:
            "'many.cdx.json' matches more than 50 findings; an SBOM may have at most 50 (MAX_FINDINGS_PER_SBOM)",
        },
        meta: null,
      });
      assert.equal(await countOf(env, 'sboms'), before.sboms);
      assert.equal(await countOf(env, 'sbom_components'), 0);
      assert.equal(await countOf(env, 'findings'), 0);
      assert.equal(await countOf(env, 'audit_log'), before.audit);

      // 25 × 2 = 50: exactly the cap is accepted.
      const accepted = await uploadFile(env.app, org, sbomOf(25), 'fits.cdx.json');
      assert.equal(accepted.statusCode, 201);
      assert.equal(accepted.json().data.findingCount, 50);
      assert.equal(await countOf(env, 'findings'), 50);
    });

    it('the default cap is 100,000 findings', async (t) => {
      const env = await build(t, dialect);
      assert.equal(env.config.MAX_FINDINGS_PER_SBOM, 100_000);
    });

    it("the app's findings hooks delete findings in chunks before the components", async (t) => {
      const env = await build(t, dialect);
      await importAdvisories(t, env);
      const org = await createOrg(env.services);
      const components = DELETE_CHUNK_ROWS / 2 + 5; // 2,010 findings
      const upload = await uploadFile(env.app, org, sbomOf(components), 'big.cdx.json');
      assert.equal(upload.json().data.findingCount, 2 * components);
      const sbomId = upload.json().data.id as string;

      const recorder = new DeleteRecorder();
      const sboms = new SbomService(env.store.db.withPlugin(recorder), {
        hooks: withCarryOver(env.services.findings),
      });
      assert.deepEqual(
        await sboms.delete({ orgId: org.id, userId: org.userId, reach: null, writable: null }, sbomId),
        {
          id: sbomId,
          deleted: true,
        },
      );
      // Before, withCarryOver had no deleteFindingsOfSbom: the findings went with each chunk of components
      // through the foreign key (298,000 in one statement for the Go stdlib SBOM).
      // The policy violations (none here) go first and, what a writer added meanwhile, after the row.
      assert.deepEqual(recorder.deleted, [
        ['policy_violations', 0],
        ['findings', DELETE_CHUNK_ROWS],
        ['findings', 10],
        ['sbom_components', components],
        ['sboms', 1],
        ['policy_violations', 0],
      ]);
      assert.equal(await countOf(env, 'findings'), 0);
    });
  });
}
