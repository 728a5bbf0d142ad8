// A policy's deletion takes its violations and their history, also when a writer of violations (an upload's batch
// or last transaction, a re-evaluation) evaluates the policy meanwhile: on PostgreSQL no foreign key does it since
// migration 2026-11-27-40, so deletePolicy deletes the policy before its violations and every writer holds its
// policies FOR KEY SHARE (livePolicyIds) and writes only those still there. Both orders of the race, on both
// dialects (SQLite's one writer serialises them).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { wholeOrg } from '../db/reach-filter.ts';
import { deleteOrganisation } from '../tenancy/tenancy.repository.ts';
import { build, createOrg } from '../../test/support/app.ts';
import { waitingOnLock } from '../../test/support/poll.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { violationRowsOfOrg } from '../../test/support/violation-rows.ts';
import { evaluateSbom, loadPolicySet } from './evaluation.ts';
import { deletePolicy, livePolicyIds } from './policy.repository.ts';
import type { PolicyViolationRow } from './policy.table.ts';
import { insertViolations } from './violation.repository.ts';

const sbom = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  components: ['a', 'b', 'c'].map((name) => ({
    type: 'library',
    name,
    version: '1.0.0',
    purl: `pkg:npm/${name}@1.0.0`,
    licenses: [{ license: { id: 'GPL-3.0-only' } }],
  })),
});

const copyleft = (name: string) => ({
  name,
  kind: 'license' as const,
  operator: 'any' as const,
  enabled: true,
  violationState: 'fail' as const,
  conditions: [{ subject: 'license_group' as const, operator: 'is' as const, value: 'copyleft' }],
});

/** Rows of the policy and the history of its violations, in the store (no service's filter). */
async function leftOf(db: Kysely<Database>, policyId: string) {
  const violations = await db
    .selectFrom('policy_violations')
    .select('id')
    .where('policy_id', '=', policyId)
    .execute();
  const history = await db
    .selectFrom('policy_violation_history as h')
    .leftJoin('policy_violations as v', 'v.id', 'h.violation_id')
    .select(['h.id', 'v.policy_id'])
    .where((eb) => eb.or([eb('v.policy_id', '=', policyId), eb('v.id', 'is', null)]))
    .execute();
  return { violations: violations.length, history: history.length };
}

/** Violations without their SBOM, policy or organisation, and history rows without their violation. */
async function orphans(db: Kysely<Database>) {
  const violations = await db
    .selectFrom('policy_violations as v')
    .leftJoin('sboms as s', 's.id', 'v.sbom_id')
    .leftJoin('policies as p', 'p.id', 'v.policy_id')
    .leftJoin('organizations as o', 'o.id', 'v.org_id')
    .select('v.id')
    .where((eb) => eb.or([eb('s.id', 'is', null), eb('p.id', 'is', null), eb('o.id', 'is', null)]))
    .execute();
  const history = await db
    .selectFrom('policy_violation_history as h')
    .leftJoin('policy_violations as v', 'v.id', 'h.violation_id')
    .select('h.id')
    .where('v.id', 'is', null)
    .execute();
  return { violations: violations.length, history: history.length };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: a policy deleted while violations of it are written`, () => {
    async function setUp(t: Parameters<typeof build>[0]) {
      const { app, services, store } = await build(t, dialect);
      const org = await createOrg(services);
      assert.equal((await uploadFile(app, org, sbom, 'app.cdx.json')).statusCode, 201);
      const policy = await services.policies.policies.create(org.id, org.userId, copyleft('No copyleft'));
      await services.policies.reevaluation.idle();
      const scope = wholeOrg(org.id);
      const items = (await services.policies.violations.list(scope, { policyId: policy.id })).items;
      assert.equal(items.length, 3);
      // A suppression: one history row to go with its violation.
      await services.policies.violations.update({ ...scope, userId: org.userId }, items[0]!.id, {
        status: 'suppressed',
        comment: 'accepted',
      });
      assert.deepEqual(await leftOf(store.db, policy.id), { violations: 3, history: 1 });
      const stored = await store.db
        .selectFrom('policy_violations')
        .selectAll()
        .where('id', '=', items[1]!.id)
        .executeTakeFirstOrThrow();
      // Another violation of the policy, as a writer would make it (a new finding of the same component).
      const extra: PolicyViolationRow = {
        ...stored,
        id: 'pvl_race',
        finding_id: 'GHSA-race',
        status: 'open',
      };
      return { app, services, store, org, policy, extra };
    }

    it('after the writer took it: the deletion waits and takes the writer’s rows', async (t) => {
      const { services, store, org, policy, extra } = await setUp(t);
      let deletion!: Promise<unknown>;
      await store.db.transaction().execute(async (trx) => {
        const live = await livePolicyIds(trx, org.id, [policy.id]);
        assert.deepEqual([...live], [policy.id]);
        deletion = services.policies.policies.delete(org.id, org.userId, policy.id);
        await waitingOnLock(store.db, 'delete from "policies"');
        await insertViolations(trx, [extra]);
      });
      assert.deepEqual(await deletion, { id: policy.id, deleted: true });
      assert.deepEqual(await leftOf(store.db, policy.id), { violations: 0, history: 0 });
    });

    it('before the writer took it: the writer finds it gone and writes none', async (t) => {
      const { store, org, policy, extra } = await setUp(t);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let deleted!: () => void;
      const started = new Promise<void>((resolve) => (deleted = resolve));
      const deletion = store.db.transaction().execute(async (trx) => {
        assert.equal(await deletePolicy(trx, org.id, policy.id), 1);
        deleted();
        await held;
      });
      await started;
      // The deletion commits a moment later: on PostgreSQL the writer's FOR KEY SHARE waits for it meanwhile.
      setTimeout(release, 100);
      const live = await store.db.transaction().execute(async (trx) => {
        const ids = await livePolicyIds(trx, org.id, [policy.id]);
        await insertViolations(
          trx,
          [extra].filter((r) => ids.has(r.policy_id)),
        );
        return ids;
      });
      await deletion;
      assert.deepEqual([...live], []);
      assert.deepEqual(await leftOf(store.db, policy.id), { violations: 0, history: 0 });
    });

    it('a re-evaluation with the policy set read before the deletion writes none of it', async (t) => {
      const { services, store, org, policy } = await setUp(t);
      const other = await services.policies.policies.create(org.id, org.userId, copyleft('Still here'));
      await services.policies.reevaluation.idle();
      const set = await loadPolicySet(store.db, org.id);
      assert.deepEqual(set.policies.map((p) => p.id).sort(), [policy.id, other.id].sort());
      await services.policies.policies.delete(org.id, org.userId, policy.id);
      const sbomId = (
        await store.db.selectFrom('sboms').select('id').where('org_id', '=', org.id).execute()
      )[0]!.id;
      // Fresh: every violation counts as new, the deleted policy's too; only the live one's are written.
      await store.db.deleteFrom('policy_violations').where('policy_id', '=', other.id).execute();
      const result = await store.db
        .transaction()
        .execute((trx) => evaluateSbom(trx, org.id, sbomId, set, { fresh: true }));
      assert.deepEqual(result, { created: 3, removed: 0 });
      assert.deepEqual(await leftOf(store.db, policy.id), { violations: 0, history: 0 });
      assert.equal((await leftOf(store.db, other.id)).violations, 3);
    });
    it('an SBOM’s deletion and retention take its violations and their history', async (t) => {
      const { app, services, store, org, policy } = await setUp(t);
      const scope = { ...wholeOrg(org.id), userId: org.userId };
      const [first] = await services.sboms.list(wholeOrg(org.id));
      assert.equal((await uploadFile(app, org, sbom, 'app.cdx.json')).statusCode, 201);
      assert.equal((await uploadFile(app, org, sbom, 'app.cdx.json')).statusCode, 201);
      assert.deepEqual(await violationRowsOfOrg(store.db, org.id), { violations: 9, history: 1 });
      await services.sboms.delete(scope, first!.id);
      assert.deepEqual(await violationRowsOfOrg(store.db, org.id), { violations: 6, history: 0 });
      await services.organisations.update(org.id, { retention: { keepVersions: 1 } });
      const run = await app.inject({
        method: 'POST',
        url: '/api/v1/sscs/assets/retention/run',
        headers: org.bearer(),
      });
      assert.equal(run.statusCode, 200, run.body);
      assert.equal(run.json().data.sbomsDeleted, 1);
      assert.deepEqual(await violationRowsOfOrg(store.db, org.id), { violations: 3, history: 0 });
      assert.equal((await leftOf(store.db, policy.id)).violations, 3);
      assert.deepEqual(await orphans(store.db), { violations: 0, history: 0 });
    });

    it('an organisation’s deletion takes its violations and their history', async (t) => {
      const { store, org } = await setUp(t);
      assert.equal(await deleteOrganisation(store.db, org.id), true);
      assert.deepEqual(await violationRowsOfOrg(store.db, org.id), { violations: 0, history: 0 });
      assert.deepEqual(await orphans(store.db), { violations: 0, history: 0 });
    });
  });
}
