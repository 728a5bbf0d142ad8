// posture_summary on the hand-built fixture: every figure worked out by hand (the same figures the per-tool
// tests in governance.tools.test.ts expect), so the roll-up is shown to equal the tools it summarises.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../../config.ts';
import type { Store } from '../../db/connect.ts';
import { createServices, type Services } from '../../services.ts';
import { createOrg } from '../../../test/support/app.ts';
import { recorded } from '../../../test/support/statement-recorders.ts';
import { createTestStore, DIALECTS } from '../../../test/support/store.ts';
import { FIXTURE, FIXTURE_AS_OF } from '../governance.fixture.ts';
import { importBundle } from '../import/import.service.ts';
import { normalizationHealth, offboardingViolations, staleAccounts } from '../access/accounts.service.ts';
import { highRiskLifecycle, privilegedDelta } from '../access/grants.service.ts';
import { concentration } from '../access/peers.service.ts';
import { departmentRisk, securityDebtTrend } from '../access/risk.service.ts';
import { postureSummary } from './posture.service.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: posture_summary on hand-built data`, () => {
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
      await importBundle(store.db, orgId, org.userId, FIXTURE);
    });
    after(() => store.close());

    it('copies each figure from the tool that defines it', async () => {
      const p = await postureSummary(store.db, orgId, services, { asOf: FIXTURE_AS_OF });
      assert.deepEqual(p.access, {
        staleAccounts: 3, // a4 (165 days), a10 (134 days), a5 (never, created 2025-01-01)
        offboardingViolations: 2, // a6 and a7 of Gus Gone (left 120 h ago); Hal Hasty is within the SLA
        privilegedOffboardingViolations: 1, // a6 holds Domain Admin
        privilegedGranted30d: 1, // g1
        privilegedRevoked30d: 1, // g14
        sodViolations: 4, // r1 Flo, r2 Flo (through her service account), r3 Ada, r3 Gus (terminated)
        sodViolationsWithoutException: 3, // x1 covers r1 Flo; x2 (r3 Ada) expired on 06-01
        concentrationOutliers: 1, // Ada Admin: 5 grants, Engineering mean 13/6
        uncorrelatedAccounts: 1, // a9
        orphanedAccounts: 1, // a10 (service, no owner)
        correlationRate: 91.7, // 11 of 12 active human accounts
        highRiskGrants: 10, // on enabled accounts; g23 on the disabled a16 is counted apart
        highRiskUnused90d: 5, // g10, g12, g16, g17, g18
        disabledAccountsWithGrants: 1, // a16
        loginsDuringLeave: 1, // a15: Kit logged in on 06-12, on leave since 06-01
        securityDebtOpen: 11, // see the June row in access.tools.test.ts
      });
      assert.deepEqual(p.reviews, {
        activeCampaigns: 1,
        pendingDecisions: 1, // ri1
        completionRate: 60, // 3 of Q2's 5 items decided: ri2 is a self-review
        overdueRemediation: 1, // ri3: revoke of g12 (not privileged) decided 06-01, due 06-08; ri4 is due 06-17
        selfReviews: 1, // ri2: Flo Finance approved her own Payments Approve grant
        selfReviewedDecisions: 1,
        reviewerInManagerChain: 3, // ri1, ri3 (Ivy manages Ada), ri7 (Ivy manages Di, who manages Ed)
        decidedWithoutEvidence: 1, // ri4
      });
      assert.deepEqual(
        { ...p.iso, projectId: undefined },
        {
          projectId: undefined,
          applicable: 91,
          implemented: 2,
          gaps: 89,
          percentImplemented: 2.2,
          withCurrentEvidence: 2, // A.5.1, A.8.2
          onlyExpiredOrPendingEvidence: 2, // A.8.5 expired, A.5.2 pending
          withoutEvidence: 87,
          percentCovered: 2.2,
        },
      );
      assert.deepEqual(
        { ...p.maturity, projectId: undefined },
        { projectId: undefined, controlsAssessed: 4, averageScore: 2.25, belowTarget: 4 },
      );
      assert.deepEqual(
        { ...p.evidence, projectId: undefined },
        { projectId: undefined, total: 5, expired: 1, expiringSoon: 1, pending: 1, rejected: 1 },
      );
      assert.deepEqual(p.risks, { open: 0, high: 0, medium: 0, low: 0, unrated: 0 });
      assert.equal(p.vendors.total, 0);
      assert.deepEqual(p.findings, {
        CRITICAL: 0,
        HIGH: 0,
        MEDIUM: 0,
        LOW: 0,
        total: 0,
        kev: 0,
        highEpss: 0,
      });
    });

    it('reads the time-independent figures from the snapshot an import refreshes, the rest at asOf', async () => {
      // A day and a half later: Hal Hasty (terminated 06-15 00:00, SLA 24 h) is past the SLA, so his a8 joins
      // Gus Gone's a6 and a7. Every figure still equals the tool that defines it at that time.
      const later = '2026-06-16T12:00:00.000Z';
      const at = { asOf: later };
      const p = await postureSummary(store.db, orgId, services, at);
      assert.equal(p.access.offboardingViolations, 3);
      const [stale, off, health, conc, lifecycle, debt] = [
        await staleAccounts(store.db, orgId, at),
        await offboardingViolations(store.db, orgId, at),
        await normalizationHealth(store.db, orgId, at),
        await concentration(store.db, orgId, at),
        await highRiskLifecycle(store.db, orgId, at),
        await securityDebtTrend(store.db, orgId, { asOf: later, months: 1 }),
      ];
      assert.deepEqual(
        [
          p.access.staleAccounts,
          p.access.offboardingViolations,
          p.access.privilegedOffboardingViolations,
          p.access.uncorrelatedAccounts,
          p.access.sodViolationsWithoutException,
          p.access.highRiskUnused90d,
          p.access.securityDebtOpen,
        ],
        [
          stale.staleAccounts,
          off.violatingAccounts,
          off.privilegedAccounts,
          health.uncorrelatedAccounts,
          conc.sodViolations.withoutException,
          lifecycle.total,
          debt.items[0]!.openTotal,
        ],
      );

      // An import that correlates a9 (the one uncorrelated human account) to Ivy refreshes the snapshot.
      const a9 = FIXTURE.accounts!.find((a) => a.externalId === 'a9')!;
      await importBundle(store.db, orgId, userId, {
        version: 1,
        accounts: [{ ...a9, identityExternalId: 'i9' }],
      });
      const after = await postureSummary(store.db, orgId, services, { asOf: FIXTURE_AS_OF });
      assert.deepEqual([after.access.uncorrelatedAccounts, after.access.correlationRate], [0, 100]);
    });

    it("keeps the import's own figures (settings, SoA, maturity) only until an import changes them, per organisation", async () => {
      // posture-memo.ts keeps these under the snapshot's stamp. Another organisation with the same data:
      const other = await createOrg(services);
      await importBundle(store.db, other.id, other.userId, FIXTURE);
      const at = { asOf: FIXTURE_AS_OF };
      const mine = await postureSummary(store.db, orgId, services, at);
      const before = await postureSummary(store.db, other.id, services, at);
      assert.deepEqual(
        [before.access.staleAccounts, before.iso!.implemented, before.maturity!.averageScore],
        [3, 2, 2.25],
      );
      // A stamp ahead of this instance's clock (another instance's, or the same millisecond): the import's stamp
      // must still be a later one, or its changes would be served from the memo kept under the old one.
      const ahead = '2999-01-01T00:00:00.000Z';
      await store.db
        .updateTable('gov_posture_snapshot')
        .set({ refreshed_at: ahead })
        .where('org_id', '=', other.id)
        .execute();
      await postureSummary(store.db, other.id, services, at);
      // access_stale_accounts keeps its settings and stored days' sums under the same stamp.
      const staleBefore = await staleAccounts(store.db, other.id, at);
      assert.deepEqual([staleBefore.thresholdDays, staleBefore.staleAccounts], [90, 3]);
      const soa = FIXTURE.soaEntries!.find((e) => e.controlId === 'A.5.2')!;
      await importBundle(store.db, other.id, other.userId, {
        version: 1,
        settings: { staleAccountDays: 150 },
        soaEntries: [{ ...soa, implementationStatus: 'implemented' }],
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
      const stamp = await store.db
        .selectFrom('gov_posture_snapshot')
        .select('refreshed_at')
        .where('org_id', '=', other.id)
        .executeTakeFirstOrThrow();
      assert.equal(stamp.refreshed_at, '2999-01-01T00:00:00.001Z');
      const after = await postureSummary(store.db, other.id, services, at);
      const staleAfter = await staleAccounts(store.db, other.id, at);
      assert.deepEqual([staleAfter.thresholdDays, staleAfter.staleAccounts], [150, 2]);
      // 150 days: a10 (134 days) is no longer stale; A.5.2 implemented; A.5.1 now 4 of target 4 (mean 10 / 4).
      assert.deepEqual(
        [after.access.staleAccounts, after.iso!.implemented, after.iso!.gaps, after.iso!.percentImplemented],
        [2, 3, 88, 3.3],
      );
      assert.deepEqual(
        [after.maturity!.averageScore, after.maturity!.belowTarget],
        [2.5, before.maturity!.belowTarget - 1],
      );
      // The open debt's stored days were summed under the old stamp: with 150 days the stale privileged accounts'
      // debt opens later, as access_security_debt_trend (its stored days kept under the new stamp) counts it now.
      const trend = await securityDebtTrend(store.db, other.id, { asOf: FIXTURE_AS_OF, months: 1 });
      assert.equal(after.access.securityDebtOpen, trend.items[0]!.openTotal);
      assert.notEqual(after.access.securityDebtOpen, before.access.securityDebtOpen);
      // Same cut day, so the same stored-days key: a4 (last login 165 days ago) logging in again moves the stamp,
      // and only a5 (never, created 2025-01-01) is stale.
      const a4 = FIXTURE.accounts!.find((a) => a.externalId === 'a4')!;
      await importBundle(store.db, other.id, other.userId, {
        version: 1,
        accounts: [{ ...a4, lastLoginAt: '2026-06-01T00:00:00Z' }],
      });
      const relogged = await postureSummary(store.db, other.id, services, at);
      assert.equal(relogged.access.staleAccounts, 1);
      assert.equal(
        relogged.access.staleAccounts,
        (await staleAccounts(store.db, other.id, at)).staleAccounts,
      );
      // The first organisation's answer is its own, as before.
      assert.deepEqual(await postureSummary(store.db, orgId, services, at), mine);
    });

    it("moves a leaver's offboarding accounts and SoD pair with their department when an import changes it", async () => {
      const at = { asOf: FIXTURE_AS_OF };
      // Gus Gone (i7, terminated, Finance) holds a6 and a7, past the SLA, and the r3 pair (e1 on a6, e4 on a7).
      const i7 = FIXTURE.identities!.find((i) => i.externalId === 'i7')!;
      // Asked before the import too: what is kept under the snapshot's stamp must not outlive it.
      const before = new Map((await departmentRisk(store.db, orgId, at)).items.map((d) => [d.department, d]));
      assert.equal(before.get('Legal'), undefined);
      assert.deepEqual(before.get('Finance')!.components, {
        offboardingViolations: 2,
        sodViolations: 3,
        overdueRemediations: 0,
        staleAccounts: 0,
        privilegedGrants: 1,
      });
      await importBundle(store.db, orgId, userId, {
        version: 1,
        identities: [{ ...i7, department: 'Legal' }],
      });
      const moved = await departmentRisk(store.db, orgId, at);
      const byName = new Map(moved.items.map((d) => [d.department, d]));
      assert.deepEqual(byName.get('Legal'), {
        department: 'Legal',
        activeIdentities: 0, // Gus is terminated: no score
        components: {
          offboardingViolations: 2,
          sodViolations: 1,
          overdueRemediations: 0,
          staleAccounts: 0,
          privilegedGrants: 0,
        },
        weightedTotal: 14, // 2×5 + 1×4
        scorePer100: null,
      });
      // Finance keeps Flo's two pairs (r1 on a13, r2 through her service account a11) and her privileged grant.
      assert.deepEqual(byName.get('Finance')!.components, {
        offboardingViolations: 0,
        sodViolations: 2,
        overdueRemediations: 0,
        staleAccounts: 0,
        privilegedGrants: 1,
      });
      assert.equal(byName.get('Finance')!.scorePer100, 450); // (2×4 + 1) × 100 / 2
    });

    it("counts accounts active on the stale cut's own day by their time, not their day", async () => {
      // The cut is 90 days before asOf: 2026-03-17T12:00:00Z. Stored activity days hold whole days before it;
      // the cut's own day must be counted account by account, from either side of 12:00.
      const at = { asOf: FIXTURE_AS_OF };
      const figures = async () => {
        const stale = await staleAccounts(store.db, orgId, at);
        const departments = await departmentRisk(store.db, orgId, at);
        const posture = await postureSummary(store.db, orgId, services, at);
        return {
          active: stale.activeAccounts,
          stale: stale.staleAccounts,
          buckets: stale.buckets,
          never: stale.neverLoggedIn,
          engineering: departments.items.find((d) => d.department === 'Engineering')!.components
            .staleAccounts,
          posture: posture.access.staleAccounts,
        };
      };
      const before = await figures();
      const account = (externalId: string, extra: object) => ({
        externalId,
        systemExternalId: 's1',
        identityExternalId: 'i4', // Di Dev, Engineering
        username: externalId,
        type: 'human' as const,
        status: 'active' as const,
        createdAt: '2025-01-01T00:00:00Z',
        ...extra,
      });
      await importBundle(store.db, orgId, userId, {
        version: 1,
        accounts: [
          account('x1', { lastLoginAt: '2026-03-17T11:59:59Z' }), // stale, 90+
          account('x2', { lastLoginAt: '2026-03-17T12:00:01Z' }), // not stale, 60-89
          account('x3', { createdAt: '2026-03-17T12:00:00Z' }), // never logged in, stale (at the cut)
          account('x4', { createdAt: '2026-03-17T12:00:01Z' }), // never logged in, not yet stale
        ],
      });
      const after = await figures();
      assert.deepEqual(after, {
        active: before.active + 4,
        stale: before.stale + 2,
        buckets: {
          '30-59': before.buckets['30-59'],
          '60-89': before.buckets['60-89'] + 1,
          '90+': before.buckets['90+'] + 1,
        },
        never: { total: before.never.total + 2, stale: before.never.stale + 1 },
        engineering: before.engineering + 2,
        posture: before.posture + 2,
      });
      await store.db.deleteFrom('gov_posture_snapshot').where('org_id', '=', orgId).execute();
      assert.deepEqual(await figures(), after);
    });

    it('counts privileged grants granted and revoked in the window in one statement', async () => {
      const { db, statements } = recorded(store.db);
      const summary = await postureSummary(db, orgId, services, { asOf: FIXTURE_AS_OF });
      const changes = statements.filter((s) => /g\.privileged = 1 and "g"\."(granted|revoked)_at" >/.test(s));
      assert.equal(changes.length, 1);
      assert.match(changes[0]!, /"g"\."granted_at" >[^]*"g"\."revoked_at" >/);
      const delta = await privilegedDelta(store.db, orgId, { asOf: FIXTURE_AS_OF });
      assert.deepEqual(
        [summary.access.privilegedGranted30d, summary.access.privilegedRevoked30d],
        [delta.added, delta.removed],
      );
    });

    it('access_high_risk_lifecycle sums the stored days once per snapshot stamp and cut days', async () => {
      // derived/stored-days.ts keeps the sums; the cuts' own days are counted on every call. An organisation of
      // its own: the test before removed this one's snapshot.
      const other = await createOrg(services);
      await importBundle(store.db, other.id, other.userId, FIXTURE);
      const { db, statements } = recorded(store.db);
      const daysRead = () => statements.filter((s) => s.includes('gov_high_risk_days')).length;
      const at = { asOf: FIXTURE_AS_OF };
      const first = await highRiskLifecycle(db, other.id, at);
      assert.equal(daysRead(), 1);
      assert.deepEqual(await highRiskLifecycle(db, other.id, at), first);
      assert.equal(daysRead(), 1);
      assert.deepEqual(first, await highRiskLifecycle(store.db, other.id, at));
      // Another cut day is another key.
      await highRiskLifecycle(db, other.id, { asOf: '2026-06-16T12:00:00.000Z' });
      assert.equal(daysRead(), 2);
    });

    it('access_high_risk_lifecycle keeps its disabled and leave lists until an import changes them', async () => {
      const other = await createOrg(services);
      await importBundle(store.db, other.id, other.userId, FIXTURE);
      const { db, statements } = recorded(store.db);
      const listsRead = () =>
        statements.filter((s) => s.includes('gov_leave_logins') || s.includes('gov_disabled_accounts'))
          .length;
      const at = { asOf: FIXTURE_AS_OF };
      const leaveNames = (l: Awaited<ReturnType<typeof highRiskLifecycle>>) =>
        l.leave.loginsDuringLeave.items.map((i) => i.displayName);
      const first = await highRiskLifecycle(db, other.id, at);
      assert.deepEqual(leaveNames(first), ['Kit Keeper']);
      assert.equal(first.disabledAccounts.items.length, 1);
      assert.equal(listsRead(), 2);
      assert.deepEqual(await highRiskLifecycle(db, other.id, at), first);
      assert.equal(listsRead(), 2);
      // Kit's last login moved to before her leave began: the next call reads the lists under the new stamp.
      const a15 = FIXTURE.accounts!.find((a) => a.externalId === 'a15')!;
      await importBundle(store.db, other.id, other.userId, {
        version: 1,
        accounts: [{ ...a15, lastLoginAt: '2026-05-20T00:00:00Z' }],
      });
      const after = await highRiskLifecycle(db, other.id, at);
      assert.equal(listsRead(), 4);
      assert.deepEqual(leaveNames(after), []);
      assert.deepEqual(after, await highRiskLifecycle(store.db, other.id, at));
    });

    it('access_security_debt_trend sums the stored days once per snapshot stamp and bound days', async () => {
      // derived/stored-days.ts keeps the sums; the bounds' own days are counted on every call. An organisation of
      // its own: the test before removed this one's snapshot.
      const other = await createOrg(services);
      await importBundle(store.db, other.id, other.userId, FIXTURE);
      const { db, statements } = recorded(store.db);
      const daysRead = () => statements.filter((s) => s.includes('gov_debt_days')).length;
      const at = { asOf: FIXTURE_AS_OF };
      const trend = (when: { asOf: string }) => securityDebtTrend(db, other.id, { ...when, months: 3 });
      const first = await trend(at);
      // One statement per kind of debt.
      const kinds = first.sources.length;
      assert.equal(daysRead(), kinds);
      assert.deepEqual(await trend(at), first);
      assert.equal(daysRead(), kinds);
      assert.deepEqual(first, await securityDebtTrend(store.db, other.id, { ...at, months: 3 }));
      // Another bound day is another key.
      await trend({ asOf: '2026-06-16T12:00:00.000Z' });
      assert.equal(daysRead(), 2 * kinds);
    });

    it("counts debt opened or closed on a period bound's own day by its time, not its day", async () => {
      // Two months: May, and June up to asOf (2026-06-15T12:00Z). Expired grants (opened at expiry, closed at
      // revocation) of Ada on the non-privileged Staff entitlement: severity low.
      const trend = () => securityDebtTrend(store.db, orgId, { asOf: FIXTURE_AS_OF, months: 2 });
      const shape = (t: Awaited<ReturnType<typeof trend>>) =>
        t.items.map((m) => ({ opened: m.opened, closed: m.closed, open: m.openTotal, low: m.open.low! }));
      const before = shape(await trend());
      const grant = (externalId: string, extra: object) => ({
        externalId,
        accountExternalId: 'a1',
        entitlementExternalId: 'e2',
        grantedAt: '2025-01-01T00:00:00Z',
        ...extra,
      });
      await importBundle(store.db, orgId, userId, {
        version: 1,
        grants: [
          grant('y1', { expiresAt: '2026-06-15T11:00:00Z' }), // opened in June, open at asOf
          grant('y2', { expiresAt: '2026-06-15T13:00:00Z' }), // after asOf: nothing yet
          grant('y3', { expiresAt: '2026-06-01T00:00:00Z' }), // opened in June (not open at May's end)
          grant('y4', { expiresAt: '2026-05-20T00:00:00Z', revokedAt: '2026-06-15T11:30:00Z' }), // closed in June
          grant('y5', { expiresAt: '2026-05-20T00:00:00Z', revokedAt: '2026-06-15T12:30:00Z' }), // still open at asOf
        ],
      });
      const after = await trend();
      const plus = (m: number, d: { opened: number; closed: number; open: number }) => ({
        opened: before[m]!.opened + d.opened,
        closed: before[m]!.closed + d.closed,
        open: before[m]!.open + d.open,
        low: before[m]!.low + d.open,
      });
      assert.deepEqual(shape(after), [
        plus(0, { opened: 2, closed: 0, open: 2 }), // May: y4, y5 opened and open at its end
        plus(1, { opened: 2, closed: 1, open: 3 }), // June: y1, y3 opened, y4 closed; y1, y3, y5 open
      ]);
      // posture_summary counts the open ones at asOf in one query: the same on the bound's own day.
      const posture = await postureSummary(store.db, orgId, services, { asOf: FIXTURE_AS_OF });
      assert.equal(posture.access.securityDebtOpen, shape(after)[1]!.open);
      await store.db.deleteFrom('gov_posture_snapshot').where('org_id', '=', orgId).execute();
      assert.deepEqual(await trend(), after);
    });

    it("buckets high-risk grants on a cut's own day by their time, not their day", async () => {
      // Cuts at asOf 2026-06-15T12:00Z: 30 days 05-16T12:00, 90 days 03-17T12:00, 365 days 2025-06-15T12:00.
      const at = { asOf: FIXTURE_AS_OF };
      const figures = async () => {
        const r = await highRiskLifecycle(store.db, orgId, at);
        return {
          grants: r.highRiskGrants,
          age: r.byAge,
          use: r.byLastUse,
          review: r.byLastReview,
          unused: r.total,
        };
      };
      const before = await figures();
      const grant = (externalId: string, extra: object) => ({
        externalId,
        accountExternalId: 'a1', // Ada, enabled
        entitlementExternalId: 'e1', // Domain Admin: privileged
        ...extra,
      });
      await importBundle(store.db, orgId, userId, {
        version: 1,
        grants: [
          grant('h1', {
            grantedAt: '2026-05-16T11:00:00Z', // 30-89 days old
            lastUsedAt: '2026-03-17T11:00:00Z', // last used 90+ days ago: unused
            lastReviewedAt: '2026-03-17T13:00:00Z', // reviewed under 90 days ago
          }),
          grant('h2', {
            grantedAt: '2026-05-16T13:00:00Z', // under 30 days old
            lastUsedAt: '2026-05-16T12:00:00Z', // exactly 30 days: 30-89
            lastReviewedAt: '2025-06-15T12:00:00Z', // exactly 365 days: 365+
          }),
        ],
      });
      const after = await figures();
      const add = (base: Record<string, number | undefined>, delta: Record<string, number>) =>
        Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v! + (delta[k] ?? 0)]));
      assert.deepEqual(after, {
        grants: before.grants + 2,
        age: add(before.age, { '<30d': 1, '30-89d': 1 }),
        use: add(before.use, { '30-89d': 1, '90d+': 1 }),
        review: add(before.review, { '<90d': 1, '365d+OrNever': 1 }),
        unused: before.unused + 1,
      });
      await store.db.deleteFrom('gov_posture_snapshot').where('org_id', '=', orgId).execute();
      assert.deepEqual(await figures(), after);
    });
    it("counts the register's open risks by score band as risk_register_list lists them", async () => {
      const other = await createOrg(services);
      const risk = (likelihood: number, impact: number, status: string) =>
        services.risks.createRisk(other.id, other.userId, {
          title: `${likelihood}×${impact} ${status}`,
          likelihood,
          impact,
          status: status as 'approved',
        });
      // Scores at and near each band's bounds (high 15–25, medium 8–14, low 1–7), and a closed and a draft risk
      // that are not open.
      for (const [l, i, status] of [
        [5, 5, 'approved'],
        [3, 5, 'in_treatment'],
        [3, 4, 'accepted'],
        [2, 4, 'approved'],
        [2, 3, 'approved'],
        [1, 1, 'in_treatment'],
        [4, 5, 'closed'],
      ] as const)
        await risk(l, i, status);
      await services.risks.createDraft(other.id, other.userId, { title: 'unrated draft' });
      // An open risk without a score (an older row): unrated, and in no band.
      await store.db
        .insertInto('risks')
        .values({
          id: 'risk_unscored',
          org_id: other.id,
          title: 'unscored',
          description: null,
          category: null,
          owner_user_id: null,
          likelihood: null,
          impact: null,
          score: null,
          treatment: null,
          status: 'approved',
          created_by: other.userId,
          created_at: '2026-06-01T00:00:00.000Z',
          updated_at: '2026-06-01T00:00:00.000Z',
        })
        .execute();
      const p = await postureSummary(store.db, other.id, services, { asOf: FIXTURE_AS_OF });
      assert.deepEqual(p.risks, { open: 7, high: 2, medium: 2, low: 2, unrated: 1 });
      // The same figures from the register the tool lists.
      const open = (await services.risks.listRegister(other.id)).filter((r) => r.status !== 'closed');
      const band = (lo: number, hi: number) =>
        open.filter((r) => (r.score ?? 0) >= lo && (r.score ?? 0) <= hi).length;
      assert.deepEqual(p.risks, {
        open: open.length,
        high: band(15, 25),
        medium: band(8, 14),
        low: band(1, 7),
        unrated: open.filter((r) => r.score === null).length,
      });
    });
  });
}
