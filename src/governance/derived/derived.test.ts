// The derived tables' one owner (refresh.ts): every figure is read from them alone, they are rebuilt from the
// base tables by refreshDerived, every governance write goes through it, and an organisation never written
// answers zeros.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '../../config.ts';
import type { Store } from '../../db/connect.ts';
import { createServices, type Services } from '../../services.ts';
import { createOrg } from '../../../test/support/app.ts';
import { createTestStore, DIALECTS } from '../../../test/support/store.ts';
import { FIXTURE, FIXTURE_AS_OF } from '../governance.fixture.ts';
import * as backfill from '../../db/migrations/2026-11-26-97-governance-derived-backfill.ts';
import { DERIVED_TABLES, refreshDerived } from './refresh.ts';

const at = { asOf: FIXTURE_AS_OF };

/** Every governance tool's answer (posture_summary included) for one organisation. */
async function answers(services: Services, orgId: string) {
  const g = services.governance;
  return {
    posture: await g.postureSummary(orgId, at),
    stale: await g.staleAccounts(orgId, at),
    offboarding: await g.offboardingViolations(orgId, at),
    health: await g.normalizationHealth(orgId, at),
    lifecycle: await g.highRiskLifecycle(orgId, at),
    delta: await g.privilegedDelta(orgId, at),
    concentration: await g.concentration(orgId, at),
    anomalies: await g.anomalyDiscovery(orgId, at),
    departments: await g.departmentRisk(orgId, at),
    debt: await g.securityDebtTrend(orgId, at),
    reviews: await g.reviewsList(orgId, at),
    uar: await g.uarStatus(orgId, at),
  };
}

async function emptyDerivedTables(store: Store, orgId: string) {
  for (const table of DERIVED_TABLES) await store.db.deleteFrom(table).where('org_id', '=', orgId).execute();
  await store.db
    .updateTable('gov_review_items')
    .set({ reviewer_in_chain: 0 })
    .where('org_id', '=', orgId)
    .execute();
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: governance derived tables`, () => {
    let store: Store;
    let services: Services;
    let orgId: string;
    let userId: string;
    before(async () => {
      store = await createTestStore(dialect);
      services = createServices(store, defaultConfig());
      const org = await createOrg(services);
      orgId = org.id;
      userId = org.userId;
      await services.governanceData.importBundle(orgId, userId, FIXTURE);
    });
    after(() => store.close());

    it('an organisation never written answers zeros on every figure', async () => {
      const other = await createOrg(services);
      const a = await answers(services, other.id);
      assert.deepEqual(a.posture.access, {
        staleAccounts: 0,
        offboardingViolations: 0,
        privilegedOffboardingViolations: 0,
        privilegedGranted30d: 0,
        privilegedRevoked30d: 0,
        sodViolations: 0,
        sodViolationsWithoutException: 0,
        concentrationOutliers: 0,
        uncorrelatedAccounts: 0,
        orphanedAccounts: 0,
        correlationRate: 0,
        highRiskGrants: 0,
        highRiskUnused90d: 0,
        disabledAccountsWithGrants: 0,
        loginsDuringLeave: 0,
        securityDebtOpen: 0,
      });
      assert.deepEqual(a.posture.reviews, {
        activeCampaigns: 0,
        pendingDecisions: 0,
        completionRate: 0,
        overdueRemediation: 0,
        selfReviews: 0,
        selfReviewedDecisions: 0,
        reviewerInManagerChain: 0,
        decidedWithoutEvidence: 0,
      });
      assert.deepEqual(
        [
          a.stale.activeAccounts,
          a.stale.staleAccounts,
          a.stale.buckets,
          a.stale.neverLoggedIn,
          a.stale.total,
        ],
        [0, 0, { '30-59': 0, '60-89': 0, '90+': 0 }, { total: 0, stale: 0 }, 0],
      );
      assert.deepEqual(
        [a.offboarding.violatingAccounts, a.offboarding.identities, a.offboarding.items],
        [0, 0, []],
      );
      assert.deepEqual(
        [
          a.health.totalAccounts,
          a.health.correlationRate,
          a.health.identitiesMissingAttributes,
          a.health.systems,
        ],
        [0, 0, { activeIdentities: 0, department: 0, title: 0, manager: 0, any: 0, departmentHeads: 0 }, []],
      );
      assert.deepEqual(
        [
          a.lifecycle.highRiskGrants,
          a.lifecycle.byStage,
          a.lifecycle.disabledAccounts,
          a.lifecycle.leave.identitiesOnLeave,
          a.lifecycle.leave.loginsDuringLeave.accounts,
        ],
        [
          0,
          { steady: 0, joiner: 0, mover: 0, leave: 0, leaver: 0, unowned: 0 },
          { accounts: 0, grants: 0, highRiskGrants: 0, items: [], truncated: false },
          0,
          0,
        ],
      );
      assert.deepEqual(
        [
          a.concentration.identitiesWithGrants,
          a.concentration.total,
          a.anomalies.total,
          a.anomalies.rareAssignments,
        ],
        [0, 0, 0, 0],
      );
      assert.deepEqual([a.departments.items, a.reviews.items, a.uar.items], [[], [], []]);
      assert.deepEqual(
        a.debt.items.map((m) => [m.openTotal, m.opened, m.closed]),
        Array.from({ length: 6 }, () => [0, 0, 0]),
      );
    });

    it('every figure is read from the derived tables, and refreshDerived rebuilds them from the base tables alone', async () => {
      const written = await answers(services, orgId);
      await emptyDerivedTables(store, orgId);
      // One query path: with the derived tables empty the figures are those of no data, not recounted.
      const emptied = await answers(services, orgId);
      assert.equal(emptied.posture.access.correlationRate, 0);
      assert.equal(emptied.stale.activeAccounts, 0);
      assert.equal(emptied.concentration.total, 0);
      await store.db.transaction().execute((trx) => refreshDerived(trx, orgId));
      assert.deepEqual(await answers(services, orgId), written);
    });

    it('the 2026-11-26-97 migration rebuilds the derived tables of organisations with data but no snapshot, as refreshDerived does', async () => {
      const written = await answers(services, orgId);
      const snapshotRows = () =>
        store.db
          .selectFrom('gov_posture_snapshot')
          .select(['org_id', 'refreshed_at'])
          .orderBy('org_id')
          .execute();
      // Another organisation with a snapshot keeps it untouched; one never written gets none.
      const kept = await createOrg(services);
      await services.governanceData.importBundle(kept.id, kept.userId, {
        version: 1,
        identities: FIXTURE.identities,
      });
      const never = await createOrg(services);
      await emptyDerivedTables(store, orgId);
      const others = await snapshotRows();
      await backfill.up(store.db);
      assert.deepEqual(await answers(services, orgId), written);
      const after = await snapshotRows();
      assert.deepEqual(
        after.filter((r) => r.org_id !== orgId),
        others,
      );
      assert.equal(after.filter((r) => r.org_id === never.id).length, 0);
    });

    it('a write through the service shows in every figure it changes, with no other step; a risk draft changes none', async () => {
      const before = await services.governance.postureSummary(orgId, at);
      assert.deepEqual([before.access.uncorrelatedAccounts, before.access.correlationRate], [1, 91.7]);
      const missingBefore = (await services.governance.normalizationHealth(orgId, at))
        .identitiesMissingAttributes;
      // a9, the one uncorrelated human account, correlated to Ivy (i9).
      const a9 = FIXTURE.accounts!.find((a) => a.externalId === 'a9')!;
      await services.governanceData.importBundle(orgId, userId, {
        version: 1,
        accounts: [{ ...a9, identityExternalId: 'i9' }],
      });
      const after = await services.governanceData.importCsv(
        orgId,
        userId,
        'identities',
        'external_id,display_name,email,employment_type,status\nnew1,New Person,new1@corp.example.com,employee,active\n',
      );
      assert.equal(after.sections.identities!.created, 1);
      const posture = await services.governance.postureSummary(orgId, at);
      assert.deepEqual([posture.access.uncorrelatedAccounts, posture.access.correlationRate], [0, 100]);
      const health = await services.governance.normalizationHealth(orgId, at);
      // The CSV's new identity is active and has no department, title or manager.
      assert.deepEqual(health.identitiesMissingAttributes, {
        ...missingBefore,
        activeIdentities: missingBefore.activeIdentities + 1,
        department: missingBefore.department + 1,
        title: missingBefore.title + 1,
        manager: missingBefore.manager + 1,
        any: missingBefore.any + 1,
      });
      // risk_create_draft, the tool server's one write, needs no refresh: no derived table reads risks, and a
      // draft is not in the register posture_summary counts, so every figure stays as it was.
      await services.risks.createDraft(orgId, userId, { title: 'Unrated draft risk' });
      assert.deepEqual(await services.governance.postureSummary(orgId, at), posture);
    });

    it('only refresh.ts calls the refresh functions of the derived tables', () => {
      const root = fileURLToPath(new URL('../', import.meta.url));
      const files = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
        );
      const callers = files(root)
        .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('derived/refresh.ts'))
        .filter((f) =>
          /\brefresh(PostureSnapshot|AccessSnapshot|ReviewerChain)\(/.test(readFileSync(f, 'utf8')),
        )
        .map((f) => relative(root, f))
        // Their definitions, and the posture snapshot's own sub-refreshes, are not calls from outside.
        .filter(
          (f) =>
            !['access/posture-snapshot.ts', 'access/snapshot.ts', 'reviews/reviews.repository.ts'].includes(
              f,
            ),
        );
      assert.deepEqual(callers, []);
    });
  });
}
