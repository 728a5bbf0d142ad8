// An upload's violations of component-only policies are written with its pending batches (docs/upload-fairness.md,
// docs/policies.md): no reader sees them before the last transaction, which keeps them only while the policy still
// applies unchanged; a failed upload leaves none. The upload is held between its first and second batch.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { wholeOrg } from '../src/db/reach-filter.ts';
import { withCarryOver } from '../src/pipeline/index.ts';
import { withPolicies, type PolicyInput } from '../src/policies/index.ts';
import { sweepPendingUploads } from '../src/sboms/pending-uploads.ts';
import { prepareSbom, streamed, type StreamedSbom } from '../src/sboms/prepared-sbom.ts';
import { SbomService } from '../src/sboms/sbom.service.ts';
import type { UploadFieldsInput } from '../src/sboms/sbom.schemas.ts';
import { buildOnFile, createOrg, type TestEnv } from './support/app.ts';
import { waitingOnLock } from './support/poll.ts';
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
 * parser fails there instead of going on. `at`: 'last' stops after the last batch instead (before the last
 * transaction), 'in batch' inside the second batch's transaction, its components and violations written.
 */
async function heldUpload(
  t: TestContext,
  env: TestEnv,
  orgId: string,
  userId: string,
  fields: UploadFieldsInput,
  fail = false,
  at: 'second' | 'last' | 'in batch' = 'second',
) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: (sbomId: string) => void;
  const holding = new Promise<string>((resolve) => (held = resolve));
  const hooks = withPolicies(withCarryOver(env.services.findings), env.services.policies.violations);
  const holdAt = at === 'second' ? BATCH : at === 'last' ? BATCH * BATCHES : -1;
  const sboms = new SbomService(env.store.db, {
    hooks:
      at === 'in batch'
        ? {
            ...hooks,
            beginUpload: async (db, org, sbomId, assetName) => {
              const pending = await hooks.beginUpload!(db, org, sbomId, assetName);
              let batches = 0;
              return (
                pending && {
                  batch: (components) => {
                    const write = pending.batch(components);
                    if (!write || ++batches !== 2) return write;
                    return async (trx) => {
                      await write(trx);
                      held(sbomId);
                      await released;
                    };
                  },
                }
              );
            },
          }
        : hooks,
    prepare: (fileName, bytes, org, sbomId, limits): StreamedSbom =>
      streamed(prepareSbom(fileName, bytes, org, sbomId, limits), async function* (rows) {
        for (let start = 0; start <= rows.length; start += BATCH) {
          if (start === holdAt) {
            held(sbomId);
            await released;
            if (fail) throw new Error('parser failed part-way');
          }
          if (start < rows.length) yield rows.slice(start, start + BATCH);
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
  return storedRows(env, orgId, 'policy_violations');
}

/** The organisation's rows of a table in the store (no service's filter). */
async function storedRows(
  env: TestEnv,
  orgId: string,
  table: 'policy_violations' | 'sbom_components' | 'sboms' | 'assets',
): Promise<number> {
  const row = await env.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An organisation with the policy and one finished upload of `file`: 30 violations the sweeps must leave. */
async function bystander(env: TestEnv) {
  const org = await createOrg(env.services);
  await env.services.policies.policies.create(org.id, org.userId, noLodash());
  await env.services.sboms.upload(org.id, org.userId, { fileName: 'done.cdx.json', bytes: file }, {});
  assert.equal(await storedViolations(env, org.id), 30);
  return org;
}

/** The sweep as at a start-up on SQLite: every pending SBOM. */
const sweepAll = (env: TestEnv) => sweepPendingUploads(env.store.db, new Date(Date.now() + 1).toISOString());

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

    it('are gone after the sweep takes an abandoned upload, others’ kept', { timeout: 30_000 }, async (t) => {
      const env = await buildOnFile(t, dialect);
      const other = await bystander(env);
      const org = await createOrg(env.services);
      await env.services.policies.policies.create(org.id, org.userId, noLodash());
      const { release, upload } = await heldUpload(t, env, org.id, org.userId, {});
      assert.equal(await storedViolations(env, org.id), 10);
      assert.equal(await sweepAll(env), 1);
      assert.equal(await storedViolations(env, org.id), 0);
      assert.equal(await storedRows(env, org.id, 'sbom_components'), 0);
      assert.equal(await storedRows(env, org.id, 'sboms'), 0);
      // The upload's next batch finds its SBOM gone (its components' foreign key) and writes nothing.
      release();
      await assert.rejects(upload);
      assert.equal(await storedViolations(env, org.id), 0);
      assert.equal(await storedViolations(env, other.id), 30);
      assert.equal(await storedRows(env, other.id, 'sbom_components'), 30);
    });

    it(
      'written by a batch while the sweep deletes its SBOM go with the SBOM',
      { timeout: 30_000 },
      async (t) => {
        const env = await buildOnFile(t, dialect);
        const other = await bystander(env);
        const org = await createOrg(env.services);
        await env.services.policies.policies.create(org.id, org.userId, noLodash());
        const { release, upload } = await heldUpload(t, env, org.id, org.userId, {}, false, 'in batch');
        // The second batch's transaction holds the SBOM's row (its components' foreign key): on PostgreSQL the sweep
        // deletes the first batch's rows, then waits at the row for the batch's commit and deletes its rows after.
        const sweep = sweepAll(env);
        await waitingOnLock(env.store.db, 'delete from "sboms"');
        release();
        assert.equal(await sweep, 1);
        assert.equal(await storedViolations(env, org.id), 0);
        assert.equal(await storedRows(env, org.id, 'sbom_components'), 0);
        assert.equal(await storedRows(env, org.id, 'sboms'), 0);
        await assert.rejects(upload);
        assert.equal(await storedViolations(env, org.id), 0);
        assert.equal(await storedViolations(env, other.id), 30);
      },
    );

    it(
      'an upload whose SBOM the sweep took before its last transaction fails and leaves nothing',
      {
        timeout: 30_000,
      },
      async (t) => {
        const env = await buildOnFile(t, dialect);
        const org = await createOrg(env.services);
        await env.services.policies.policies.create(org.id, org.userId, noLodash());
        const { release, upload } = await heldUpload(t, env, org.id, org.userId, {}, false, 'last');
        assert.equal(await storedViolations(env, org.id), 30);
        assert.equal(await sweepAll(env), 1);
        release();
        await assert.rejects(upload, /the pending SBOM sbom_\w+ is gone/);
        assert.equal(await storedViolations(env, org.id), 0);
        assert.equal(await storedRows(env, org.id, 'sboms'), 0);
        assert.equal(await storedRows(env, org.id, 'assets'), 0);
        assert.deepEqual(
          await env.store.db.selectFrom('events').select('type').where('org_id', '=', org.id).execute(),
          [],
        );
      },
    );
  });
}
