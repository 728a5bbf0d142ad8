// While an upload is stored, readers see nothing of it, and another organisation's write does not wait for it
// (issue 34, "Fairness on SQLite"; docs/upload-fairness.md). The upload is held between two batches of rows: after
// the first batch's components are committed and matched, before the next batch arrives.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { wholeOrg } from '../src/db/reach-filter.ts';
import { AppError } from '../src/errors.ts';
import { withCarryOver } from '../src/pipeline/index.ts';
import { prepareSbom, streamed, type StreamedSbom } from '../src/sboms/prepared-sbom.ts';
import { SbomService } from '../src/sboms/sbom.service.ts';
import { buildOnFile, createOrg, type TestEnv } from './support/app.ts';
import { DIALECTS } from './support/store.ts';

const BATCH = 10;
const BATCHES = 3;

/** One advisory on lodash < 4.17.21: each component below (4.16.0 … 4.16.29) is one finding. */
const advisory = {
  schema_version: '1.6.0',
  id: 'GHSA-1111-2222-3333',
  modified: '2024-01-01T00:00:00Z',
  affected: [
    {
      package: { ecosystem: 'npm', name: 'lodash' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '4.0.0' }, { fixed: '4.17.21' }] }],
    },
  ],
};

const file = new TextEncoder().encode(
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: Array.from({ length: BATCH * BATCHES }, (_, i) => ({
      type: 'library',
      name: 'lodash',
      version: `4.16.${i}`,
      purl: `pkg:npm/lodash@4.16.${i}`,
    })),
  }),
);

/** An upload of `file` that stops before its second batch until `release` is called. */
async function heldUpload(t: TestContext, env: TestEnv) {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-osv-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(join(dir, 'feed.json'), JSON.stringify([advisory]));
  await env.services.vulndb.import([dir]);
  const org = await createOrg(env.services);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: (sbomId: string) => void;
  const holding = new Promise<string>((resolve) => (held = resolve));
  const sboms = new SbomService(env.store.db, {
    hooks: withCarryOver(env.services.findings),
    prepare: (fileName, bytes, orgId, sbomId, limits): StreamedSbom =>
      streamed(prepareSbom(fileName, bytes, orgId, sbomId, limits), async function* (rows) {
        for (let start = 0; start < rows.length; start += BATCH) {
          if (start === BATCH) {
            held(sbomId);
            await released;
          }
          yield rows.slice(start, start + BATCH);
        }
      }),
  });
  const upload = sboms.upload(org.id, org.userId, { fileName: 'held.cdx.json', bytes: file }, {});
  // Released however the test ends, so a failed assertion does not leave the upload's transaction open.
  t.after(async () => {
    release();
    await upload.catch(() => undefined);
  });
  return { org, sbomId: await holding, release, upload };
}

/** The organisation's SBOMs, components and findings, counted in the store (no service's filter). */
async function stored(env: TestEnv, orgId: string): Promise<number[]> {
  const n = async (table: 'sboms' | 'sbom_components' | 'findings') =>
    Number(
      (
        await env.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('sboms'), await n('sbom_components'), await n('findings')];
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: an upload in progress`, () => {
    it('is invisible to readers until it is complete', { timeout: 30_000 }, async (t) => {
      const env = await buildOnFile(t, dialect);
      const { org, sbomId, release, upload } = await heldUpload(t, env);
      // The pending SBOM and the first batch's 10 components are committed by now (docs/upload-fairness.md); its
      // 10 findings wait in memory for the last transaction. No reader sees any of it.
      assert.deepEqual(await stored(env, org.id), [1, 10, 0]);
      assert.deepEqual(await env.services.sboms.list(wholeOrg(org.id)), []);
      const notFound = (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND';
      await assert.rejects(env.services.sboms.get(wholeOrg(org.id), sbomId), notFound);
      await assert.rejects(env.services.sboms.components(wholeOrg(org.id), sbomId), notFound);
      await assert.rejects(
        env.services.sboms.delete({ ...wholeOrg(org.id), userId: org.userId }, sbomId),
        notFound,
      );
      release();
      const done = await upload;
      assert.equal(done.id, sbomId);
      assert.equal(done.componentCount, 30);
      assert.equal(done.findingCount, 30);
      assert.deepEqual(
        (await env.services.sboms.list(wholeOrg(org.id))).map((s) => [
          s.id,
          s.componentCount,
          s.findingCount,
        ]),
        [[sbomId, 30, 30]],
      );
      assert.deepEqual(await stored(env, org.id), [1, 30, 30]);
    });

    it("does not hold up another organisation's write", { timeout: 30_000 }, async (t) => {
      const env = await buildOnFile(t, dialect);
      // Created first: on SQLite creating it during the upload would itself wait for the writer.
      const other = await createOrg(env.services);
      const { release, upload } = await heldUpload(t, env);
      const write = env.services.vendors.create(other.id, other.userId, {
        name: 'Acme Widgets',
        type: 'commercial',
        riskTier: 2,
        assessmentStatus: 'not_started',
      });
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        write.then((v) => v.name),
        new Promise<string>(
          (resolve) => (timer = setTimeout(() => resolve('still waiting after 2 s'), 2_000)),
        ),
      ]);
      clearTimeout(timer);
      release();
      await upload;
      await write;
      assert.equal(outcome, 'Acme Widgets');
    });
  });
}
