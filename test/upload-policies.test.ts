// An upload's violations of component-only policies are written with its pending batches (docs/upload-fairness.md,
// docs/policies.md): no reader sees them before the last transaction, which keeps them only while the policy still
// applies unchanged; a failed upload leaves none. The upload is held between its first and second batch.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { wholeOrg } from '../src/db/reach-filter.ts';
import { withCarryOver } from '../src/pipeline/index.ts';
import { withPolicies, type PolicyInput } from '../src/policies/index.ts';
import { prepareSbom, streamed, type StreamedSbom } from '../src/sboms/prepared-sbom.ts';
import { SbomService } from '../src/sboms/sbom.service.ts';
import type { UploadFieldsInput } from '../src/sboms/sbom.schemas.ts';
import { buildOnFile, createOrg, type TestEnv } from './support/app.ts';
import { DIALECTS } from './support/store.ts';

const BATCH = 10;
const BATCHES = 3;

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

/** Every component of the file violates it once. */
const noLodash = (extra: Partial<PolicyInput> = {}): PolicyInput => ({
  name: 'No lodash',
  kind: 'operational',
  operator: 'any',
  enabled: true,
  violationState: 'fail',
  conditions: [{ subject: 'purl', operator: 'matches', value: 'pkg:npm/lodash' }],
  ...extra,
});

/**
 * An upload of `file` with the policy hooks that stops before its second batch until `release`; with `fail`, the
 * parser fails there instead of going on.
 */
async function heldUpload(
  t: TestContext,
  env: TestEnv,
  orgId: string,
  userId: string,
  fields: UploadFieldsInput,
  fail = false,
) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: (sbomId: string) => void;
  const holding = new Promise<string>((resolve) => (held = resolve));
  const sboms = new SbomService(env.store.db, {
    hooks: withPolicies(withCarryOver(env.services.findings), env.services.policies.violations),
    prepare: (fileName, bytes, org, sbomId, limits): StreamedSbom =>
      streamed(prepareSbom(fileName, bytes, org, sbomId, limits), async function* (rows) {
        for (let start = 0; start < rows.length; start += BATCH) {
          if (start === BATCH) {
            held(sbomId);
            await released;
            if (fail) throw new Error('parser failed part-way');
          }
          yield rows.slice(start, start + BATCH);
        }
      }),
  });
  const upload = sboms.upload(orgId, userId, { fileName: 'held.cdx.json', bytes: file }, fields);
  t.after(async () => {
    release();
    await upload.catch(() => undefined);
  });
  return { sbomId: await holding, release, upload };
}

/** The organisation's violation rows in the store, pending or not (no service's filter). */
async function storedViolations(env: TestEnv, orgId: string): Promise<number> {
  const row = await env.store.db
    .selectFrom('policy_violations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: violations of an upload in progress`, () => {
    it('are written per batch, invisible until the last transaction', { timeout: 30_000 }, async (t) => {
      const env = await buildOnFile(t, dialect);
      const org = await createOrg(env.services);
      await env.services.policies.policies.create(org.id, org.userId, noLodash());
      const { sbomId, release, upload } = await heldUpload(t, env, org.id, org.userId, {});
      // The first batch's 10 violations are stored with its components; no reader sees them.
      assert.equal(await storedViolations(env, org.id), 10);
      const scope = wholeOrg(org.id);
      assert.deepEqual(await env.services.policies.violations.summary(scope), {
        fail: 0,
        warn: 0,
        info: 0,
        total: 0,
      });
      assert.deepEqual((await env.services.policies.violations.list(scope, {})).items, []);
      release();
      await upload;
      assert.deepEqual(await env.services.policies.violations.summary(scope, { sbomId }), {
        fail: 30,
        warn: 0,
        info: 0,
        total: 30,
      });
      assert.equal((await env.services.policies.violations.list(scope, {})).items.length, 30);
      assert.equal(await storedViolations(env, org.id), 30);
    });

    it('follow a policy changed, disabled or deleted during the upload', { timeout: 30_000 }, async (t) => {
      const env = await buildOnFile(t, dialect);
      const org = await createOrg(env.services);
      const changed = await env.services.policies.policies.create(org.id, org.userId, noLodash());
      const disabled = await env.services.policies.policies.create(
        org.id,
        org.userId,
        noLodash({ name: 'No lodash either' }),
      );
      const deleted = await env.services.policies.policies.create(
        org.id,
        org.userId,
        noLodash({ name: 'No lodash at all' }),
      );
      const { sbomId, release, upload } = await heldUpload(t, env, org.id, org.userId, {});
      assert.equal(await storedViolations(env, org.id), 30);
      // Deleted: the next batches' rows of it would reference no policy, so they are dropped.
      await env.services.policies.policies.delete(org.id, org.userId, deleted.id);
      await env.services.policies.policies.replace(org.id, org.userId, changed.id, {
        ...noLodash(),
        violationState: 'warn',
      });
      await env.services.policies.policies.replace(org.id, org.userId, disabled.id, {
        ...noLodash({ name: 'No lodash either' }),
        enabled: false,
      });
      // The re-evaluation these schedule leaves the pending SBOM alone: the last transaction is what corrects it.
      await env.services.policies.reevaluation.idle();
      release();
      await upload;
      const items = (await env.services.policies.violations.list(wholeOrg(org.id), { sbomId })).items;
      assert.deepEqual([...new Set(items.map((v) => `${v.policyId} ${v.state}`))], [`${changed.id} warn`]);
      assert.equal(items.length, 30);
      assert.equal(await storedViolations(env, org.id), 30);
    });

    it('of policies scoped by asset name, per batch or at the end', { timeout: 30_000 }, async (t) => {
      const env = await buildOnFile(t, dialect);
      const org = await createOrg(env.services);
      // The form names the asset: evaluated per batch.
      const named = await env.services.policies.policies.create(
        org.id,
        org.userId,
        noLodash({ name: 'app', assetNames: ['app'] }),
      );
      // Another asset's: never.
      await env.services.policies.policies.create(
        org.id,
        org.userId,
        noLodash({ name: 'other', assetNames: ['other'] }),
      );
      const first = await heldUpload(t, env, org.id, org.userId, { assetName: 'app' });
      assert.equal(await storedViolations(env, org.id), 10);
      first.release();
      await first.upload;
      const items = (await env.services.policies.violations.list(wholeOrg(org.id), {})).items;
      assert.deepEqual([...new Set(items.map((v) => v.policyId))], [named.id]);
      assert.equal(items.length, 30);
      // Without a name in the form the asset is the file's: the policy naming it waits for the last transaction.
      const byFile = await env.services.policies.policies.create(
        org.id,
        org.userId,
        noLodash({ name: 'file', assetNames: ['held.cdx.json'] }),
      );
      await env.services.policies.reevaluation.idle();
      const second = await heldUpload(t, env, org.id, org.userId, {});
      assert.equal(await storedViolations(env, org.id), 30);
      second.release();
      await second.upload;
      const ofSecond = (
        await env.services.policies.violations.list(wholeOrg(org.id), { sbomId: second.sbomId })
      ).items;
      assert.deepEqual([...new Set(ofSecond.map((v) => v.policyId))], [byFile.id]);
      assert.equal(ofSecond.length, 30);
    });

    it('are gone after a failed upload', { timeout: 30_000 }, async (t) => {
      const env = await buildOnFile(t, dialect);
      const org = await createOrg(env.services);
      await env.services.policies.policies.create(org.id, org.userId, noLodash());
      const { release, upload } = await heldUpload(t, env, org.id, org.userId, {}, true);
      assert.equal(await storedViolations(env, org.id), 10);
      release();
      await assert.rejects(upload, /parser failed part-way/);
      assert.equal(await storedViolations(env, org.id), 0);
      const left = await env.store.db
        .selectFrom('sbom_components')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', org.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(left.n), 0);
    });
  });
}
