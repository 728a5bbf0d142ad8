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
import { recorded } from '../../test/support/statement-recorders.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { departmentRisk, securityDebtTrend } from './access/risk.service.ts';
import { FIXTURE, FIXTURE_AS_OF } from './governance.fixture.ts';
import { importBundle } from './import/import.service.ts';
import { isoControlsList } from './iso/iso.service.ts';
import { maturityScores } from './maturity/maturity.service.ts';
import { postureSummary } from './posture/posture.service.ts';
import { uarStatus } from './reviews/reviews.service.ts';

const at = { asOf: FIXTURE_AS_OF };

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
      const { db, statements } = recorded(store.db);
      await call(db);
      statements.length = 0;
      const answer = await call(db);
      return { answer, statements: [...statements] };
    }

    it('posture_summary: its governance figures (the other domains count apart)', async () => {
      const { answer, statements } = await secondCall((db) => postureSummary(db, orgId, services, at));
      assert.equal(statements.length, 3);
      assert.deepEqual(answer, await postureSummary(store.db, orgId, services, at));
    });

    it("posture_summary: every statement, the findings', risk register's and vendors' reads included", async () => {
      // Services over the same recorded handle: the other domains' reads count too. The findings' and the risk
      // register's counts are parts of the governance counts' statement; the vendors' grouped counts apart.
      const { db, statements } = recorded(store.db);
      const recordedServices = createServices({ ...store, db }, defaultConfig());
      await postureSummary(db, orgId, recordedServices, at);
      statements.length = 0;
      const answer = await postureSummary(db, orgId, recordedServices, at);
      assert.equal(statements.length, 4);
      assert.deepEqual(answer, await postureSummary(store.db, orgId, services, at));
    });

    it("access_department_risk: the snapshot's stamp, then the time-dependent components in one statement", async () => {
      const { answer, statements } = await secondCall((db) => departmentRisk(db, orgId, at));
      assert.equal(statements.length, 2);
      assert.deepEqual(answer, await departmentRisk(store.db, orgId, at));
    });

    it('maturity_scores', async () => {
      const { answer, statements } = await secondCall((db) => maturityScores(db, orgId));
      assert.equal(statements.length, 1);
      assert.deepEqual(answer, await maturityScores(store.db, orgId));
    });

    it('uar_status', async () => {
      const { answer, statements } = await secondCall((db) => uarStatus(db, orgId, at));
      assert.equal(statements.length, 2);
      assert.deepEqual(answer, await uarStatus(store.db, orgId, at));
    });

    it('iso_controls_list', async () => {
      const { answer, statements } = await secondCall((db) => isoControlsList(db, orgId));
      assert.equal(statements.length, 1);
      assert.deepEqual(answer, await isoControlsList(store.db, orgId));
    });

    it('maturity_scores, uar_status and iso_controls_list answer an import that changes their data on the next call', async () => {
      // Kept under the posture snapshot's stamp: an organisation of its own, its answers read once before.
      const other = await createOrg(services);
      await importBundle(store.db, other.id, other.userId, FIXTURE);
      const { db } = recorded(store.db);
      const maturity = await maturityScores(db, other.id);
      const controls = await isoControlsList(db, other.id);
      const uar = await uarStatus(db, other.id, at);
      // Q2 (c1): ri1 pending, 3 of 5 decided (governance.tools.test.ts); A.5.1 assessed 2, mean 2.25 of 4.
      assert.deepEqual([uar.pending, uar.completionRate, uar.items.length], [1, 60, 1]);
      assert.equal(maturity.averageScore, 2.25);
      const ri1 = FIXTURE.reviewItems!.find((i) => i.externalId === 'ri1')!;
      const soa = FIXTURE.soaEntries!.find((e) => e.controlId === 'A.5.2')!;
      await importBundle(store.db, other.id, other.userId, {
        version: 1,
        soaEntries: [{ ...soa, implementationStatus: 'implemented' }],
        reviewItems: [{ ...ri1, decision: 'approve', decidedAt: '2026-06-10T00:00:00Z', evidenceNote: 'ok' }],
        maturityAssessments: [
          {
            externalId: 'm-new',
            projectExternalId: 'p1',
            controlId: 'A.5.1',
            score: 4,
            target: 4,
            assessedAt: '2026-06-01T00:00:00Z',
          },
        ],
      });
      const uarAfter = await uarStatus(db, other.id, at);
      // ri1 decided: 4 of 5; A.5.1 now 4 (mean 10 / 4), one fewer below its target.
      assert.deepEqual([uarAfter.pending, uarAfter.completionRate, uarAfter.items.length], [0, 80, 0]);
      assert.deepEqual(uarAfter, await uarStatus(store.db, other.id, at));
      const maturityAfter = await maturityScores(db, other.id);
      assert.deepEqual(
        [maturityAfter.averageScore, maturityAfter.belowTarget],
        [2.5, maturity.belowTarget - 1],
      );
      assert.deepEqual(maturityAfter, await maturityScores(store.db, other.id));
      const status = (c: typeof controls) =>
        c.items.find((i) => i.controlId === 'A.5.2')!.implementationStatus;
      assert.notEqual(status(controls), 'implemented');
      const controlsAfter = await isoControlsList(db, other.id);
      assert.equal(status(controlsAfter), 'implemented');
      assert.deepEqual(controlsAfter, await isoControlsList(store.db, other.id));
    });

    it('access_security_debt_trend over 24 months', async () => {
      const trend = (db: Kysely<Database>) => securityDebtTrend(db, orgId, { ...at, months: 24 });
      const { answer, statements } = await secondCall(trend);
      assert.equal(statements.length, 2);
      assert.deepEqual(answer, await trend(store.db));
    });
  });
}
