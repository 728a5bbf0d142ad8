// The statements a call of the costliest read tools runs once their memos are warm (a second call under the same
// snapshot stamp), and that answer equal to a fresh computation. On the tool-server bench a tool's server CPU per
// call grows with its statements (BENCHMARKS.md, "Tool server"), so a change in these counts is a change in cost.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { defaultConfig } from '../config.ts';
import type { Store } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { createServices, type Services } from '../services.ts';
import { createOrg } from '../../test/support/app.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { securityDebtTrend } from './access/risk.service.ts';
import { FIXTURE, FIXTURE_AS_OF } from './governance.fixture.ts';
import { importBundle } from './import/import.service.ts';
import { maturityScores } from './maturity/maturity.service.ts';
import { postureSummary } from './posture/posture.service.ts';
import { uarStatus } from './reviews/reviews.service.ts';

const at = { asOf: FIXTURE_AS_OF };

/** A handle on `store` recording the SQL of every statement run through it (its memos are its own). */
function recorded(store: Store): { db: Kysely<Database>; statements: string[] } {
  const statements: string[] = [];
  const db = store.db.withPlugin({
    transformQuery: (args) => {
      statements.push(store.db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db, statements };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: statements per call of the costliest read tools`, () => {
    let store: Store;
    let services: Services;
    let orgId: string;
    before(async () => {
      store = await createTestStore(dialect);
      services = createServices(store, defaultConfig());
      const org = await createOrg(services);
      orgId = org.id;
      await importBundle(store.db, orgId, org.userId, FIXTURE);
    });
    after(() => store.close());

    /** The statements of a second call through a fresh recorded handle, and its answer. */
    async function secondCall<T>(call: (db: Kysely<Database>) => Promise<T>) {
      const { db, statements } = recorded(store);
      await call(db);
      statements.length = 0;
      const answer = await call(db);
      return { answer, statements: [...statements] };
    }

    it('posture_summary: its governance figures (the other domains count apart)', async () => {
      const { answer, statements } = await secondCall((db) => postureSummary(db, orgId, services, at));
      assert.equal(statements.length, 11);
      assert.deepEqual(answer, await postureSummary(store.db, orgId, services, at));
    });

    it('maturity_scores', async () => {
      const { answer, statements } = await secondCall((db) => maturityScores(db, orgId));
      assert.equal(statements.length, 2);
      assert.deepEqual(answer, await maturityScores(store.db, orgId));
    });

    it('uar_status', async () => {
      const { answer, statements } = await secondCall((db) => uarStatus(db, orgId, at));
      assert.equal(statements.length, 6);
      assert.deepEqual(answer, await uarStatus(store.db, orgId, at));
    });

    it('access_security_debt_trend over 24 months', async () => {
      const trend = (db: Kysely<Database>) => securityDebtTrend(db, orgId, { ...at, months: 24 });
      const { answer, statements } = await secondCall(trend);
      assert.equal(statements.length, 8);
      assert.deepEqual(answer, await trend(store.db));
    });
  });
}
