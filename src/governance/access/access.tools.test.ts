// The access tools on the hand-built fixture (governance.fixture.ts): every expected figure worked out by hand
// from the fixture's rows at FIXTURE_AS_OF (2026-06-15 12:00 UTC), on both dialects.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../../config.ts';
import type { Store } from '../../db/connect.ts';
import { createServices } from '../../services.ts';
import { createOrg } from '../../../test/support/app.ts';
import { createTestStore, DIALECTS } from '../../../test/support/store.ts';
import { FIXTURE, FIXTURE_AS_OF } from '../governance.fixture.ts';
import { importBundle } from '../import/import.service.ts';
import { normalizationHealth, offboardingViolations, staleAccounts } from './accounts.service.ts';
import { highRiskLifecycle, privilegedDelta } from './grants.service.ts';
import { anomalyDiscovery, concentration } from './peers.service.ts';
import { departmentRisk, securityDebtTrend } from './risk.service.ts';

const at = { asOf: FIXTURE_AS_OF };
const pick = <T extends Record<string, unknown>>(items: T[], ...keys: (keyof T)[]) =>
  items.map((i) => Object.fromEntries(keys.map((k) => [k, i[k]])));

for (const dialect of DIALECTS) {
  describe(`${dialect}: access tools on hand-built data`, () => {
    let store: Store;
    let orgId: string;
    let otherOrgId: string;
    before(async () => {
      store = await createTestStore(dialect);
      const services = createServices(store, defaultConfig());
      const org = await createOrg(services);
      orgId = org.id;
      otherOrgId = (await createOrg(services)).id;
      await importBundle(store.db, orgId, org.userId, FIXTURE);
    });
    after(() => store.close());

    it('access_stale_accounts: buckets, never-logged-in, stale items', async () => {
      const r = await staleAccounts(store.db, orgId, at);
      // 14 active accounts (a12, a16 disabled). a2 36 days, a3 75, a4 165 and a10 134 days since login.
      assert.equal(r.activeAccounts, 14);
      assert.equal(r.thresholdDays, 90);
      assert.deepEqual(r.buckets, { '30-59': 1, '60-89': 1, '90+': 2 });
      // a5 never logged in and was created in 2025 (stale); a7 was created two weeks ago (not yet).
      assert.deepEqual(r.neverLoggedIn, { total: 2, stale: 1 });
      assert.equal(r.staleAccounts, 3);
      assert.deepEqual(pick(r.items, 'displayName', 'daysSinceLogin', 'systemName'), [
        { displayName: 'Ed Eng', daysSinceLogin: null, systemName: 'Directory' },
        { displayName: 'Di Dev', daysSinceLogin: 165, systemName: 'Directory' },
        { displayName: null, daysSinceLogin: 134, systemName: 'Ledger' },
      ]);
      assert.deepEqual([r.total, r.truncated], [3, false]);
      assert.equal((await staleAccounts(store.db, otherOrgId, at)).activeAccounts, 0, 'another organisation');
    });

    it('access_offboarding_violations: past the SLA only, privileged first, hours overdue', async () => {
      const r = await offboardingViolations(store.db, orgId, at);
      // Gus left 120 h ago (96 h past the 24 h SLA); Hal left 12 h ago (within it); Kit is on leave.
      assert.equal(r.slaHours, 24);
      assert.deepEqual([r.violatingAccounts, r.identities, r.privilegedAccounts], [2, 1, 1]);
      assert.deepEqual(pick(r.items, 'displayName', 'systemName', 'hoursOverdue', 'privileged'), [
        { displayName: 'Gus Gone', systemName: 'Directory', hoursOverdue: 96, privileged: true },
        { displayName: 'Gus Gone', systemName: 'Ledger', hoursOverdue: 96, privileged: false },
      ]);
    });

    it('access_normalization_health: correlation per system, orphans, missing attributes, stale syncs', async () => {
      const r = await normalizationHealth(store.db, orgId, at);
      // totalAccounts counts active accounts of every type: 9 Directory + 4 Ledger + 1 CRM.
      assert.deepEqual(r.totals, {
        accounts: 14,
        humanAccounts: 12,
        correlated: 11,
        uncorrelated: 1,
        orphaned: 1,
        correlationRate: 91.7,
      });
      assert.deepEqual([r.totalAccounts, r.correlatedAccounts, r.correlationRate], [14, 11, 91.7]);
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
            activeAccounts: 9,
            humanAccounts: 9,
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
      // 8 identities not terminated (Kit on leave included). Flo has no title and no manager; Ivy heads
      // Engineering, so her missing manager is not a gap.
      assert.deepEqual(r.identitiesMissingAttributes, {
        activeIdentities: 8,
        department: 0,
        title: 1,
        manager: 1,
        any: 1,
        departmentHeads: 1,
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

    it('access_high_risk_lifecycle: stages with leave, disabled accounts apart, logins during leave', async () => {
      const r = await highRiskLifecycle(store.db, orgId, at);
      // g1 g2 g10 g12 g13 g16 g17 g18 g19 g24; g23 sits on the disabled a16 and is reported apart.
      assert.equal(r.highRiskGrants, 10);
      assert.deepEqual(r.byStage, { steady: 5, joiner: 1, mover: 1, leave: 1, leaver: 1, unowned: 1 });
      assert.deepEqual(r.byAge, { '<30d': 1, '30-89d': 2, '90-364d': 0, '365d+': 7 });
      assert.deepEqual(r.byLastUse, { '<30d': 5, '30-89d': 0, '90d+': 2, never: 3 });
      assert.deepEqual(r.byLastReview, { '<90d': 1, '90-364d': 1, '365d+OrNever': 8 });
      assert.equal(r.total, 5);
      assert.deepEqual(r.items.map((i) => i.entitlementName).sort(), [
        'CRM Admin',
        'CRM Admin',
        'Payments Approve',
        'Payments Approve',
        'Repo Write',
      ]);
      assert.equal(r.items.at(-1)?.holderName, 'Di Dev', 'newest grant last');
      assert.deepEqual(
        {
          ...r.disabledAccounts,
          items: pick(r.disabledAccounts.items, 'systemName', 'displayName', 'disabledAt', 'activeGrants'),
        },
        {
          accounts: 1,
          grants: 1,
          highRiskGrants: 1,
          truncated: false,
          items: [
            {
              systemName: 'Ledger',
              displayName: null,
              disabledAt: '2026-05-01T00:00:00.000Z',
              activeGrants: 1,
            },
          ],
        },
      );
      assert.equal(r.leave.identitiesOnLeave, 1);
      assert.deepEqual(
        {
          ...r.leave.loginsDuringLeave,
          items: pick(
            r.leave.loginsDuringLeave.items,
            'displayName',
            'systemName',
            'leaveStartedAt',
            'lastLoginAt',
          ),
        },
        {
          accounts: 1,
          identities: 1,
          truncated: false,
          items: [
            {
              displayName: 'Kit Keeper',
              systemName: 'Directory',
              leaveStartedAt: '2026-06-01T00:00:00.000Z',
              lastLoginAt: '2026-06-12T00:00:00.000Z',
            },
          ],
        },
      );
    });

    it('access_concentration: outliers only in departments large enough, SoD with exceptions', async () => {
      const r = await concentration(store.db, orgId, at);
      // Engineering: 6 holders, 13 grants (mean 2.17), 1 privileged (mean 0.17): Ada (5, 1) is both outliers.
      // Finance has 2 holders (Flo 4 grants with 1 privileged, Kit 2): too few to compare, no outlier.
      assert.equal(r.identitiesWithGrants, 8);
      assert.equal(r.total, 1);
      assert.deepEqual(
        pick(
          r.items,
          'displayName',
          'department',
          'grants',
          'privilegedGrants',
          'departmentMeanGrants',
          'departmentMeanPrivileged',
          'ratio',
          'peers',
        ),
        [
          {
            displayName: 'Ada Admin',
            department: 'Engineering',
            grants: 5,
            privilegedGrants: 1,
            departmentMeanGrants: 2.17,
            departmentMeanPrivileged: 0.17,
            ratio: 2.31,
            peers: 6,
          },
        ],
      );
      assert.equal(r.privilegedOutliers, 1);
      assert.deepEqual([r.singleHolders.total, r.singleHolders.privileged], [2, 1]);
      assert.deepEqual(pick(r.singleHolders.items, 'entitlementName', 'holderName'), [
        { entitlementName: 'CRM Admin', holderName: 'Flo Finance' },
        { entitlementName: 'Wiki Edit', holderName: 'Ada Admin' },
      ]);
      // r1 Flo (exception x1 in force), r2 Flo (CRM Admin through her service account a11), r3 Ada (x2
      // expired on 06-01) and r3 Gus (terminated, still counted).
      const sod = r.sodViolations;
      assert.deepEqual(
        [
          sod.total,
          sod.withException,
          sod.withoutException,
          sod.terminatedIdentities,
          sod.throughOwnedAccounts,
        ],
        [4, 1, 3, 1, 1],
      );
      const rows = pick(
        sod.items,
        'ruleName',
        'displayName',
        'severity',
        'identityStatus',
        'throughOwnedAccount',
        'exception',
      );
      assert.deepEqual(rows[0], {
        ruleName: 'CRM admin with payment approval',
        displayName: 'Flo Finance',
        severity: 'critical',
        identityStatus: 'active',
        throughOwnedAccount: true,
        exception: null,
      });
      assert.deepEqual(
        rows
          .slice(1, 3)
          .map((v) => [v.displayName, v.identityStatus, v.exception])
          .sort(),
        [
          ['Ada Admin', 'active', null],
          ['Gus Gone', 'terminated', null],
        ],
      );
      assert.deepEqual(rows[3], {
        ruleName: 'Approve and create payments',
        displayName: 'Flo Finance',
        severity: 'high',
        identityStatus: 'active',
        throughOwnedAccount: false,
        exception: {
          exceptionId: sod.items[3]?.exception?.exceptionId,
          mitigatingControl: 'Second approver on payments over 10k',
          approvedAt: '2026-01-01T00:00:00.000Z',
          expiresAt: '2026-12-31T00:00:00.000Z',
          actorName: 'Ivy Ivory',
        },
      });
      assert.match(String(sod.items[3]?.exception?.exceptionId), /^sox_/);
      // The day before x2 expired, Ada's conflict was covered too.
      const before = await concentration(store.db, orgId, { asOf: '2026-05-31T00:00:00.000Z' });
      assert.deepEqual([before.sodViolations.withException, before.sodViolations.withoutException], [2, 2]);
    });

    it('access_concentration: a pair covered by several exceptions in force counts and lists once', async () => {
      const x1 = await store.db
        .selectFrom('gov_sod_exceptions')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('external_id', '=', 'x1')
        .executeTakeFirstOrThrow();
      // Two more, expiring later than x1 on the same day: the pair is listed once, with the one expiring last and,
      // of those, the lowest id.
      await store.db
        .insertInto('gov_sod_exceptions')
        .values([
          { ...x1, id: `${x1.id}b`, external_id: 'x1b', expires_at: '2027-06-30T00:00:00.000Z' },
          { ...x1, id: `${x1.id}a`, external_id: 'x1a', expires_at: '2027-06-30T00:00:00.000Z' },
        ])
        .execute();
      try {
        const sod = (await concentration(store.db, orgId, at)).sodViolations;
        assert.deepEqual([sod.total, sod.withException, sod.withoutException], [4, 1, 3]);
        assert.equal(sod.items.length, 4);
        assert.deepEqual(
          sod.items.filter((v) => v.exception !== null).map((v) => v.exception?.exceptionId),
          [`${x1.id}a`],
        );
      } finally {
        await store.db
          .deleteFrom('gov_sod_exceptions')
          .where('id', 'in', [`${x1.id}a`, `${x1.id}b`])
          .execute();
      }
    });

    it('access_concentration: single holders follow the import that changes them', async () => {
      // peers.service.ts keeps the single holders under the posture snapshot's stamp; an import that gives Wiki
      // Edit (Ada's alone) to Ben as well must be seen at once. Its own organisation: the others read the fixture.
      const services = createServices(store, defaultConfig());
      const org = await createOrg(services);
      await importBundle(store.db, org.id, org.userId, FIXTURE);
      const holders = async () =>
        pick(
          (await concentration(store.db, org.id, at)).singleHolders.items,
          'entitlementName',
          'holderName',
        );
      assert.deepEqual(await holders(), [
        { entitlementName: 'CRM Admin', holderName: 'Flo Finance' },
        { entitlementName: 'Wiki Edit', holderName: 'Ada Admin' },
      ]);
      await importBundle(store.db, org.id, org.userId, {
        version: 1,
        grants: [
          {
            externalId: 'g99',
            accountExternalId: 'a2',
            entitlementExternalId: 'e7',
            grantedAt: '2026-06-10T00:00:00Z',
          },
        ],
      });
      assert.deepEqual(await holders(), [{ entitlementName: 'CRM Admin', holderName: 'Flo Finance' }]);
    });

    it('access_anomaly_discovery: rare entitlements within department+title groups of 5+', async () => {
      const r = await anomalyDiscovery(store.db, orgId, at);
      // Groups: Engineering/Engineer 5 (judged), Engineering/Manager 1 and Finance/Analyst 1 (skipped), Finance
      // without a title (never judged).
      assert.deepEqual(
        [r.groupsEvaluated, r.groupsSkipped, r.groupsWithoutDepartmentOrTitle, r.rareAssignments, r.total],
        [1, 2, 1, 4, 2],
      );
      assert.deepEqual(pick(r.items, 'displayName', 'rareEntitlements', 'peerGroupSize'), [
        { displayName: 'Ada Admin', rareEntitlements: 3, peerGroupSize: 5 },
        { displayName: 'Di Dev', rareEntitlements: 1, peerGroupSize: 5 },
      ]);
    });

    it('access_department_risk: weighted components per 100 active identities', async () => {
      const r = await departmentRisk(store.db, orgId, at);
      assert.deepEqual(r.items, [
        {
          // 2×5 + 3×4 + 1×1 = 23 over Flo and Kit → 1150.
          department: 'Finance',
          activeIdentities: 2,
          weightedTotal: 23,
          scorePer100: 1150,
          components: {
            offboardingViolations: 2,
            sodViolations: 3,
            overdueRemediations: 0,
            staleAccounts: 0,
            privilegedGrants: 1,
          },
        },
        {
          // 1×4 + 1×3 + 2×2 + 1×1 = 12 over 6 → 200.
          department: 'Engineering',
          activeIdentities: 6,
          weightedTotal: 12,
          scorePer100: 200,
          components: {
            offboardingViolations: 0,
            sodViolations: 1,
            overdueRemediations: 1,
            staleAccounts: 2,
            privilegedGrants: 1,
          },
        },
      ]);
    });

    it('access_security_debt_trend: every kind of debt, month by month', async () => {
      const r = await securityDebtTrend(store.db, orgId, { ...at, months: 6 });
      assert.deepEqual(r.sources, [
        'offboarding_miss',
        'overdue_review_remediation',
        'expired_grant',
        'sod_conflict',
        'stale_privileged_account',
        'unreviewed_privileged_grant',
      ]);
      // Jan: ri5 overdue (01-23), g15 and g16 unreviewed for a year (01-01) open; SoD r1/r2 Flo, r3 Gus open
      // since 2025. Feb: ri5 remediated. Mar: g16 expired. May: a10 stale since 05-02, g15 revoked 05-01.
      // Jun: Gus's two accounts past the SLA, ri3 overdue, Ada's r3 conflict, g17 unreviewed a year.
      assert.deepEqual(
        r.items.map((m) => [m.month, m.openTotal, m.opened, m.closed]),
        [
          ['2026-01', 6, 3, 0],
          ['2026-02', 5, 0, 1],
          ['2026-03', 6, 1, 0],
          ['2026-04', 6, 0, 0],
          ['2026-05', 6, 1, 1],
          ['2026-06', 11, 5, 0],
        ],
      );
      assert.deepEqual(r.items[0]?.open, { critical: 1, high: 2, medium: 3, low: 0 });
      assert.deepEqual(r.items[5]?.open, { critical: 2, high: 4, medium: 5, low: 0 });
      assert.deepEqual(r.items[5]?.openByKind, {
        offboarding_miss: 2,
        overdue_review_remediation: 1,
        expired_grant: 1,
        sod_conflict: 4,
        stale_privileged_account: 1,
        unreviewed_privileged_grant: 2,
      });
      assert.equal(r.items[5]?.end, FIXTURE_AS_OF);
      for (let i = 1; i < r.items.length; i++) {
        const [prev, cur] = [r.items[i - 1]!, r.items[i]!];
        assert.equal(cur.openTotal, prev.openTotal + cur.opened - cur.closed, `balance in ${cur.month}`);
      }
      assert.equal((await securityDebtTrend(store.db, orgId, at)).months, 6, 'default 6 months');
    });
  });
}
