// An SBOM's or an organisation's deletion takes its policy violations and their history, also when a writer of
// violations (a re-evaluation) writes them meanwhile: on PostgreSQL no foreign key does it since migration
// 2026-11-28-10, so the deletions delete them a chunk at a time before the row and what is left after it, and every
// writer holds the SBOM's row in its transaction (holdSbom). On both dialects (SQLite keeps the key and its one
// writer serialises the race); the rows are counted in the store, not through a service's filter.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { wholeOrg } from '../db/reach-filter.ts';
import { DELETE_CHUNK_ROWS } from '../sboms/chunked-delete.ts';
import { deleteSbom } from '../sboms/sbom.repository.ts';
import { SbomService } from '../sboms/sbom.service.ts';
import { deleteOrganisation } from '../tenancy/tenancy.repository.ts';
import { build, createOrg, type TestEnv } from '../../test/support/app.ts';
import { waitingOnLock } from '../../test/support/poll.ts';
import { DeleteRecorder } from '../../test/support/statement-recorders.ts';
import { DIALECTS, refuseSbomDeletes } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { violationRowsOfOrg } from '../../test/support/violation-rows.ts';
import { evaluateSbom, loadPolicySet } from './evaluation.ts';
import { holdSbom } from './facts.repository.ts';
import type { PolicyViolationRow } from './policy.table.ts';
import { insertHistory, insertViolations } from './violation.repository.ts';

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

/** More violations than two of the deletions' chunks (DELETE_CHUNK_ROWS, 2,000) hold. */
const MANY = 4_500;

/** An SBOM's violation and history rows in the store; history by the violations' ids read before. */
async function rowsOfSbom(db: Kysely<Database>, sbomId: string, violationIds: readonly string[]) {
  const violations = await db
    .selectFrom('policy_violations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sbom_id', '=', sbomId)
    .executeTakeFirstOrThrow();
  let history = 0;
  for (let i = 0; i < violationIds.length; i += 500) {
    const row = await db
      .selectFrom('policy_violation_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('violation_id', 'in', violationIds.slice(i, i + 500))
      .executeTakeFirstOrThrow();
    history += Number(row.n);
  }
  return { violations: Number(violations.n), history };
}

const idsOfSbom = async (db: Kysely<Database>, sbomId: string) =>
  (await db.selectFrom('policy_violations').select('id').where('sbom_id', '=', sbomId).execute()).map(
    (r) => r.id,
  );

for (const dialect of DIALECTS) {
  describe(`${dialect}: an SBOM's or organisation's deletion and its policy violations`, () => {
    /**
     * An organisation with a copyleft policy and two uploads (3 violations each); the first SBOM gets `MANY` more
     * violations and two history rows (suppressions), the second one history row.
     */
    async function setUp(t: Parameters<typeof build>[0], built?: TestEnv) {
      const env = built ?? (await build(t, dialect));
      const { app, store } = env;
      const org = await createOrg(env.services);
      await env.services.policies.policies.create(org.id, org.userId, {
        name: 'No copyleft',
        kind: 'license',
        operator: 'any',
        enabled: true,
        violationState: 'fail',
        conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
      });
      await env.services.policies.reevaluation.idle();
      for (let i = 0; i < 2; i++)
        assert.equal((await uploadFile(app, org, sbom, 'app.cdx.json')).statusCode, 201);
      const [second, first] = (
        await store.db
          .selectFrom('sboms')
          .select('id')
          .where('org_id', '=', org.id)
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => r.id);
      const stored = await store.db
        .selectFrom('policy_violations')
        .selectAll()
        .where('sbom_id', '=', first!)
        .executeTakeFirstOrThrow();
      const more: PolicyViolationRow[] = Array.from({ length: MANY }, (_, i) => ({
        ...stored,
        id: `pvl_many_${org.id}_${String(i).padStart(5, '0')}`,
        component_id: `cmp_many_${i}`,
      }));
      for (let i = 0; i < more.length; i += 2_000) await insertViolations(store.db, more.slice(i, i + 2_000));
      const suppress = async (violationId: string) =>
        insertHistory(store.db, {
          id: `pvh_${violationId}`,
          org_id: org.id,
          violation_id: violationId,
          from_status: 'open',
          to_status: 'suppressed',
          comment: 'accepted',
          actor_id: org.userId,
          at: new Date().toISOString(),
        });
      await suppress(stored.id);
      await suppress(more[MANY - 1]!.id);
      const secondIds = await idsOfSbom(store.db, second!);
      await suppress(secondIds[0]!);
      const firstIds = await idsOfSbom(store.db, first!);
      assert.deepEqual(await rowsOfSbom(store.db, first!, firstIds), { violations: MANY + 3, history: 2 });
      assert.deepEqual(await rowsOfSbom(store.db, second!, secondIds), { violations: 3, history: 1 });
      return { ...env, org, first: first!, second: second!, firstIds, secondIds, stored };
    }

    it('deleting an SBOM takes its violations and their history, not another SBOM’s or organisation’s', async (t) => {
      const env = await setUp(t);
      const other = await setUp(t, env);
      const scope = { ...wholeOrg(env.org.id), userId: env.org.userId };
      const recorder = new DeleteRecorder();
      const sboms = new SbomService(env.store.db.withPlugin(recorder));
      assert.deepEqual(await sboms.delete(scope, env.first), { id: env.first, deleted: true });
      // SQLite: chunks of 2,000, each a synchronous run on the event loop; PostgreSQL: one statement. None left for
      // the statement after the row.
      assert.deepEqual(
        recorder.deleted.filter(([table]) => table === 'policy_violations').map(([, rows]) => rows),
        dialect === 'sqlite'
          ? [DELETE_CHUNK_ROWS, DELETE_CHUNK_ROWS, MANY + 3 - 2 * DELETE_CHUNK_ROWS, 0]
          : [MANY + 3, 0],
      );
      assert.deepEqual(await rowsOfSbom(env.store.db, env.first, env.firstIds), {
        violations: 0,
        history: 0,
      });
      assert.deepEqual(await rowsOfSbom(env.store.db, env.second, env.secondIds), {
        violations: 3,
        history: 1,
      });
      assert.deepEqual(await violationRowsOfOrg(env.store.db, env.org.id), { violations: 3, history: 1 });
      assert.deepEqual(await violationRowsOfOrg(env.store.db, other.org.id), {
        violations: MANY + 6,
        history: 3,
      });
    });

    it('deleting an SBOM deletes its violations before its row (SQLite: a chunk at a time)', async (t) => {
      const env = await setUp(t);
      const { services, store, org, first, firstIds } = env;
      // The store refuses to delete the SBOM's row: what went before it is what the chunks deleted.
      await refuseSbomDeletes(store);
      await assert.rejects(
        services.sboms.delete({ ...wholeOrg(org.id), userId: org.userId }, first),
        (error) => /sboms are kept/.test(String((error as Error).cause ?? (error as Error).message)),
      );
      assert.deepEqual(await rowsOfSbom(store.db, first, firstIds), { violations: 0, history: 0 });
      assert.equal(
        (await store.db.selectFrom('sboms').select('id').where('id', '=', first).execute()).length,
        1,
      );
      assert.deepEqual(await rowsOfSbom(store.db, env.second, env.secondIds), { violations: 3, history: 1 });
    });

    it('deleting an organisation takes its violations and their history, not another’s', async (t) => {
      const env = await setUp(t);
      const other = await setUp(t, env);
      assert.equal(await deleteOrganisation(env.store.db, env.org.id), true);
      assert.deepEqual(await violationRowsOfOrg(env.store.db, env.org.id), { violations: 0, history: 0 });
      assert.deepEqual(await rowsOfSbom(env.store.db, env.first, env.firstIds), {
        violations: 0,
        history: 0,
      });
      assert.deepEqual(await rowsOfSbom(env.store.db, env.second, env.secondIds), {
        violations: 0,
        history: 0,
      });
      assert.deepEqual(
        await env.store.db.selectFrom('sboms').select('id').where('org_id', '=', env.org.id).execute(),
        [],
      );
      assert.deepEqual(await violationRowsOfOrg(env.store.db, other.org.id), {
        violations: MANY + 6,
        history: 3,
      });
      assert.equal(await deleteOrganisation(env.store.db, env.org.id), false);
    });

    it('a re-evaluation holding the SBOM first: its deletion waits and takes the rows written', async (t) => {
      const env = await setUp(t);
      const { services, store, org, second, stored } = env;
      const extra: PolicyViolationRow = {
        ...stored,
        id: 'pvl_race',
        sbom_id: second,
        finding_id: 'GHSA-race',
      };
      let deletion!: Promise<unknown>;
      await store.db.transaction().execute(async (trx) => {
        assert.equal(await holdSbom(trx, org.id, second), true);
        deletion = services.sboms.delete({ ...wholeOrg(org.id), userId: org.userId }, second);
        await waitingOnLock(store.db, 'delete from "sboms"');
        await insertViolations(trx, [extra]);
      });
      assert.deepEqual(await deletion, { id: second, deleted: true });
      assert.deepEqual(await rowsOfSbom(store.db, second, [...env.secondIds, extra.id]), {
        violations: 0,
        history: 0,
      });
      assert.deepEqual(await violationRowsOfOrg(store.db, org.id), { violations: MANY + 3, history: 2 });
    });

    it('a re-evaluation of an SBOM deleted meanwhile writes none of it', async (t) => {
      const { store, org, second, secondIds } = await setUp(t);
      const set = await loadPolicySet(store.db, org.id);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let deleted!: () => void;
      const started = new Promise<void>((resolve) => (deleted = resolve));
      const deletion = store.db.transaction().execute(async (trx) => {
        assert.equal(await deleteSbom(trx, org.id, second), true);
        deleted();
        await held;
      });
      await started;
      // The deletion commits a moment later: on PostgreSQL the re-evaluation read the SBOM and its components as
      // they were, and its FOR KEY SHARE waits for the deletion meanwhile.
      setTimeout(release, 100);
      // Fresh: every violation of the SBOM counts as new.
      const result = await store.db
        .transaction()
        .execute((trx) => evaluateSbom(trx, org.id, second, set, { fresh: true }));
      await deletion;
      assert.deepEqual(result, { created: 0, removed: 0 });
      assert.deepEqual(await rowsOfSbom(store.db, second, secondIds), { violations: 0, history: 0 });
      assert.deepEqual(await violationRowsOfOrg(store.db, org.id), { violations: MANY + 3, history: 2 });
    });
  });
}
