import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../config.ts';
import type { Store } from '../db/connect.ts';
import { createServices, type Services } from '../services.ts';
import { createOrg } from '../../test/support/app.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
import { normalizationHealth, offboardingViolations, staleAccounts } from './access/accounts.service.ts';
import { highRiskLifecycle, privilegedDelta } from './access/grants.service.ts';
import { anomalyDiscovery, concentration } from './access/peers.service.ts';
import { departmentRisk, securityDebtTrend } from './access/risk.service.ts';
import { evidenceLog } from './evidence/evidence.service.ts';
import { FIXTURE, FIXTURE_AS_OF } from './governance.fixture.ts';
import { importBundle } from './import/import.service.ts';
import { isoControlsList, isoGapStatus, isoSoaSummary } from './iso/iso.service.ts';
import { maturityScores } from './maturity/maturity.service.ts';
import { reviewsList, uarStatus } from './reviews/reviews.service.ts';

const at = { asOf: FIXTURE_AS_OF };
const pick = <T extends Record<string, unknown>>(items: T[], ...keys: (keyof T)[]) =>
  items.map((i) => Object.fromEntries(keys.map((k) => [k, i[k]])));

for (const dialect of DIALECTS) {
  describe(`${dialect}: governance tools on hand-built data`, () => {
    let store: Store;
    let services: Services;
    let orgId: string;
    let otherOrgId: string;
    before(async () => {
      store = await createTestStore(dialect);
      services = createServices(store, defaultConfig());
      const org = await createOrg(services);
      orgId = org.id;
      otherOrgId = (await createOrg(services)).id;
      await importBundle(store.db, orgId, org.userId, FIXTURE);
    });
    after(() => store.close());

    it('access_stale_accounts: buckets, never-logged-in, stale items', async () => {
      const r = await staleAccounts(store.db, orgId, at);
      assert.equal(r.activeAccounts, 13);
      assert.equal(r.thresholdDays, 90);
      assert.deepEqual(r.buckets, { '30-59': 1, '60-89': 1, '90+': 1 });
      assert.deepEqual(r.neverLoggedIn, { total: 2, stale: 1 });
      assert.equal(r.staleAccounts, 2);
      assert.deepEqual(pick(r.items, 'displayName', 'daysSinceLogin', 'systemName'), [
        { displayName: 'Ed Eng', daysSinceLogin: null, systemName: 'Directory' },
        { displayName: 'Di Dev', daysSinceLogin: 165, systemName: 'Directory' },
      ]);
      assert.equal(r.total, 2);
      assert.equal(r.truncated, false);
      assert.equal(
        (await staleAccounts(store.db, otherOrgId, at)).activeAccounts,
        0,
        'another organisation sees nothing',
      );
    });

    it('access_offboarding_violations: past the SLA only, privileged first, hours overdue', async () => {
      const r = await offboardingViolations(store.db, orgId, at);
      assert.equal(r.slaHours, 24);
      assert.equal(r.violatingAccounts, 2);
      assert.equal(r.identities, 1);
      assert.equal(r.privilegedAccounts, 1);
      assert.deepEqual(pick(r.items, 'displayName', 'systemName', 'hoursOverdue', 'privileged'), [
        { displayName: 'Gus Gone', systemName: 'Directory', hoursOverdue: 96, privileged: true },
        { displayName: 'Gus Gone', systemName: 'Ledger', hoursOverdue: 96, privileged: false },
      ]);
    });

    it('access_normalization_health: correlation per system, orphans, missing attributes, stale syncs', async () => {
      const r = await normalizationHealth(store.db, orgId, at);
      assert.deepEqual(r.totals, {
        accounts: 13,
        humanAccounts: 11,
        correlated: 10,
        uncorrelated: 1,
        orphaned: 1,
        correlationRate: 90.9,
      });
      assert.equal(r.correlationRate, 90.9);
      assert.deepEqual(
        pick(
          r.systems,
          'name',
          'activeAccounts',
          'humanAccounts',
          'correlationRate',
          'uncorrelated',
          'orphaned',
          'syncStale',
        ),
        [
          {
            name: 'CRM',
            activeAccounts: 1,
            humanAccounts: 0,
            correlationRate: 0,
            uncorrelated: 0,
            orphaned: 0,
            syncStale: true,
          },
          {
            name: 'Directory',
            activeAccounts: 8,
            humanAccounts: 8,
            correlationRate: 100,
            uncorrelated: 0,
            orphaned: 0,
            syncStale: false,
          },
          {
            name: 'Ledger',
            activeAccounts: 4,
            humanAccounts: 3,
            correlationRate: 66.7,
            uncorrelated: 1,
            orphaned: 1,
            syncStale: true,
          },
        ],
      );
      assert.equal(r.staleSyncs, 2);
      assert.deepEqual(r.identitiesMissingAttributes, {
        activeIdentities: 7,
        department: 0,
        title: 1,
        manager: 2,
        any: 2,
      });
    });

    it('access_privileged_delta: privileged grants added and removed in the last 30 days', async () => {
      const r = await privilegedDelta(store.db, orgId, at);
      assert.equal(r.windowDays, 30);
      assert.deepEqual([r.added, r.removed, r.net, r.total], [1, 1, 0, 2]);
      assert.deepEqual(pick(r.items, 'change', 'displayName', 'entitlementName', 'at'), [
        {
          change: 'revoked',
          displayName: 'Ben Builder',
          entitlementName: 'Domain Admin',
          at: '2026-06-05T00:00:00.000Z',
        },
        {
          change: 'granted',
          displayName: 'Ada Admin',
          entitlementName: 'Domain Admin',
          at: '2026-06-01T00:00:00.000Z',
        },
      ]);
    });

    it('access_high_risk_lifecycle: stage, age, last use, last review', async () => {
      const r = await highRiskLifecycle(store.db, orgId, at);
      assert.equal(r.highRiskGrants, 9);
      assert.deepEqual(r.byStage, { steady: 5, joiner: 1, mover: 1, leaver: 1, unowned: 1 });
      assert.deepEqual(r.byAge, { '<30d': 1, '30-89d': 2, '90-364d': 0, '365d+': 6 });
      assert.deepEqual(r.byLastUse, { '<30d': 5, '30-89d': 0, '90d+': 1, never: 3 });
      assert.deepEqual(r.byLastReview, { '<90d': 1, '90-364d': 1, '365d+OrNever': 7 });
      assert.equal(r.total, 4);
      assert.deepEqual(r.items.map((i) => i.entitlementName).sort(), [
        'CRM Admin',
        'Payments Approve',
        'Payments Approve',
        'Repo Write',
      ]);
      assert.equal(r.items.at(-1)?.holderName, 'Di Dev', 'newest grant last');
    });

    it('access_concentration: department outliers, single holders, SoD violations', async () => {
      const r = await concentration(store.db, orgId, at);
      assert.equal(r.identitiesWithGrants, 7);
      assert.equal(r.total, 1);
      assert.deepEqual(r.items, [
        {
          identityId: r.items[0]?.identityId,
          displayName: 'Ada Admin',
          department: 'Engineering',
          grants: 5,
          privilegedGrants: 1,
          departmentMeanGrants: 2.17,
          departmentMeanPrivileged: 0.17,
          ratio: 2.31,
          peers: 6,
        },
      ]);
      assert.equal(r.privilegedOutliers, 1);
      assert.deepEqual([r.singleHolders.total, r.singleHolders.privileged], [2, 1]);
      assert.deepEqual(pick(r.singleHolders.items, 'entitlementName', 'holderName'), [
        { entitlementName: 'CRM Admin', holderName: 'Flo Finance' },
        { entitlementName: 'Wiki Edit', holderName: 'Ada Admin' },
      ]);
      assert.equal(r.sodViolations.total, 1);
      assert.deepEqual(pick(r.sodViolations.items, 'ruleName', 'displayName', 'severity'), [
        { ruleName: 'Approve and create payments', displayName: 'Flo Finance', severity: 'high' },
      ]);
    });

    it('access_anomaly_discovery: rare entitlements within department+title groups of 5+', async () => {
      const r = await anomalyDiscovery(store.db, orgId, at);
      assert.deepEqual([r.groupsEvaluated, r.groupsSkipped, r.rareAssignments, r.total], [1, 1, 4, 2]);
      assert.deepEqual(pick(r.items, 'displayName', 'rareEntitlements', 'peerGroupSize'), [
        { displayName: 'Ada Admin', rareEntitlements: 3, peerGroupSize: 5 },
        { displayName: 'Di Dev', rareEntitlements: 1, peerGroupSize: 5 },
      ]);
    });

    it('access_department_risk: weighted components per 100 active identities', async () => {
      const r = await departmentRisk(store.db, orgId, at);
      assert.deepEqual(r.items, [
        {
          department: 'Finance',
          activeIdentities: 1,
          weightedTotal: 15,
          scorePer100: 1500,
          components: {
            offboardingViolations: 2,
            sodViolations: 1,
            overdueRemediations: 0,
            staleAccounts: 0,
            privilegedGrants: 1,
          },
        },
        {
          department: 'Engineering',
          activeIdentities: 6,
          weightedTotal: 8,
          scorePer100: 133.3,
          components: {
            offboardingViolations: 0,
            sodViolations: 0,
            overdueRemediations: 1,
            staleAccounts: 2,
            privilegedGrants: 1,
          },
        },
      ]);
    });

    it('access_security_debt_trend: month-end open issues by severity, opened and closed', async () => {
      const r = await securityDebtTrend(store.db, orgId, { ...at, months: 6 });
      assert.deepEqual(
        r.items.map((m) => [m.month, m.openTotal, m.opened, m.closed]),
        [
          ['2026-01', 1, 1, 0],
          ['2026-02', 0, 0, 1],
          ['2026-03', 1, 1, 0],
          ['2026-04', 1, 0, 0],
          ['2026-05', 1, 0, 0],
          ['2026-06', 4, 3, 0],
        ],
      );
      assert.deepEqual(r.items[0]?.open, { critical: 0, high: 1, medium: 0, low: 0 });
      assert.deepEqual(r.items[5]?.open, { critical: 1, high: 2, medium: 1, low: 0 });
      assert.equal(r.items[5]?.end, FIXTURE_AS_OF);
      for (let i = 1; i < r.items.length; i++) {
        const [prev, cur] = [r.items[i - 1]!, r.items[i]!];
        assert.equal(cur.openTotal, prev.openTotal + cur.opened - cur.closed, `balance in ${cur.month}`);
      }
      assert.equal((await securityDebtTrend(store.db, orgId, at)).months, 6, 'default 6 months');
    });

    it('access_reviews_list and uar_status: completion, pending, overdue remediation, self-reviews', async () => {
      const list = await reviewsList(store.db, orgId, at);
      assert.deepEqual(
        pick(
          list.items,
          'name',
          'items',
          'decided',
          'pending',
          'completionRate',
          'overdueRemediation',
          'selfReviews',
          'overdue',
          'ownerName',
        ),
        [
          {
            name: 'Q2 access review',
            items: 4,
            decided: 3,
            pending: 1,
            completionRate: 75,
            overdueRemediation: 1,
            selfReviews: 1,
            overdue: true,
            ownerName: 'Ivy Ivory',
          },
          {
            name: 'Q1 access review',
            items: 2,
            decided: 2,
            pending: 0,
            completionRate: 100,
            overdueRemediation: 0,
            selfReviews: 1,
            overdue: false,
            ownerName: 'Ivy Ivory',
          },
        ],
      );
      const uar = await uarStatus(store.db, orgId, at);
      assert.equal(uar.activeCampaigns, 1);
      assert.deepEqual(uar.decisions, { approve: 1, revoke: 2, modify: 0, pending: 1 });
      assert.deepEqual(
        [uar.items.length, uar.total, uar.completionRate, uar.overdueRemediation, uar.selfReviews],
        [1, 1, 75, 1, 1],
      );
      assert.deepEqual(
        pick(uar.items, 'reviewerName', 'holderName', 'entitlementName', 'privileged', 'overdue'),
        [
          {
            reviewerName: 'Ivy Ivory',
            holderName: 'Ada Admin',
            entitlementName: 'Domain Admin',
            privileged: true,
            overdue: true,
          },
        ],
      );
    });

    it('iso_controls_list, iso_gap_status, iso_soa_summary: default project, explicit project, NOT_FOUND', async () => {
      const list = await isoControlsList(store.db, orgId);
      assert.equal(list.project.name, 'ISMS 2026');
      assert.equal(list.total, 93);
      assert.deepEqual(list.items[0], {
        controlId: 'A.5.1',
        theme: 'organizational',
        title: 'Security policy set',
        applicable: true,
        justification: null,
        implementationStatus: 'implemented',
        result: 'effective',
        maturityCurrent: 3,
        maturityTarget: 4,
        ownerName: 'Ivy Ivory',
      });
      const gap = await isoGapStatus(store.db, orgId);
      assert.deepEqual(gap.overall, {
        controls: 93,
        applicable: 91,
        excluded: 2,
        implemented: 2,
        gaps: 89,
        percentImplemented: 2.2,
        byStatus: { not_started: 87, planned: 1, in_progress: 1, implemented: 2 },
      });
      assert.deepEqual(
        Object.values(gap.byTheme).map((t) => [t.controls, t.applicable, t.implemented, t.gaps]),
        [
          [37, 37, 1, 36],
          [8, 7, 0, 7],
          [14, 13, 0, 13],
          [34, 34, 1, 33],
        ],
      );
      assert.equal(gap.maturityGaps, 2);
      const soa = await isoSoaSummary(store.db, orgId);
      assert.deepEqual(
        { ...soa, project: undefined, projectId: undefined },
        {
          project: undefined,
          projectId: undefined,
          totalControls: 93,
          withEntry: 6,
          withoutEntry: 87,
          applicable: 4,
          excluded: 2,
          excludedWithoutJustification: 1,
          byImplementationStatus: { not_started: 0, planned: 1, in_progress: 1, implemented: 2 },
          byResult: { not_assessed: 2, effective: 1, partially_effective: 1, ineffective: 0 },
          averageMaturity: { current: 3, target: 3.7 },
        },
      );
      const archived = await services.tenancy
        .getOrganizationById(orgId)
        .then(() =>
          store.db
            .selectFrom('gov_iso_projects')
            .select('id')
            .where('org_id', '=', orgId)
            .where('status', '=', 'archived')
            .executeTakeFirstOrThrow(),
        );
      assert.equal((await isoSoaSummary(store.db, orgId, { projectId: archived.id })).withEntry, 0);
      await assert.rejects(isoGapStatus(store.db, orgId, { projectId: 'iso_unknown' }), {
        code: 'NOT_FOUND',
      });
      await assert.rejects(
        isoControlsList(store.db, otherOrgId, { projectId: list.projectId }),
        { code: 'NOT_FOUND' },
        'another organisation’s project',
      );
      await assert.rejects(isoSoaSummary(store.db, otherOrgId), { code: 'NOT_FOUND' }, 'no active project');
    });

    it('evidence_log: newest first, expiry flags', async () => {
      const r = await evidenceLog(store.db, orgId, at);
      assert.deepEqual([r.total, r.expired, r.expiringSoon, r.truncated], [4, 1, 1, false]);
      assert.deepEqual(pick(r.items, 'title', 'expired', 'expiringSoon', 'actorName'), [
        { title: 'RACI matrix', expired: false, expiringSoon: false, actorName: null },
        { title: 'Policy approval minutes', expired: false, expiringSoon: false, actorName: 'Ivy Ivory' },
        { title: 'Admin access list', expired: false, expiringSoon: true, actorName: 'Ada Admin' },
        { title: 'MFA configuration export', expired: true, expiringSoon: false, actorName: null },
      ]);
    });

    it('maturity_scores: latest per control in catalog order, previous score', async () => {
      const r = await maturityScores(store.db, orgId);
      assert.deepEqual(pick(r.items, 'controlId', 'score', 'previousScore', 'assessments'), [
        { controlId: 'A.5.1', score: 3, previousScore: 2, assessments: 2 },
        { controlId: 'A.5.2', score: 2, previousScore: null, assessments: 1 },
        { controlId: 'A.5.10', score: 1, previousScore: null, assessments: 1 },
        { controlId: 'A.8.2', score: 4, previousScore: null, assessments: 1 },
      ]);
      assert.deepEqual([r.averageScore, r.belowTarget, r.total, r.cap, r.truncated], [2.5, 3, 4, 100, false]);
    });
  });
}
