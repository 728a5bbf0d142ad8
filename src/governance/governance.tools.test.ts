// The review, ISO, evidence and maturity tools on the hand-built fixture (governance.fixture.ts): expected
// figures worked out by hand at FIXTURE_AS_OF, on both dialects. The access tools: access/access.tools.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../config.ts';
import type { Store } from '../db/connect.ts';
import { createServices, type Services } from '../services.ts';
import { createOrg } from '../../test/support/app.ts';
import { createTestStore, DIALECTS } from '../../test/support/store.ts';
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
  describe(`${dialect}: review, ISO, evidence and maturity tools on hand-built data`, () => {
    let store: Store;
    let services: Services;
    let orgId: string;
    let otherOrgId: string;
    let userId: string;
    before(async () => {
      store = await createTestStore(dialect);
      services = createServices(store, defaultConfig());
      const org = await createOrg(services);
      orgId = org.id;
      userId = org.userId;
      otherOrgId = (await createOrg(services)).id;
      await importBundle(store.db, orgId, org.userId, FIXTURE);
    });
    after(() => store.close());

    it('access_reviews_list and uar_status: self-reviews not decided, manager chain, decision evidence', async () => {
      const list = await reviewsList(store.db, orgId, at);
      // Q2: ri1 pending; ri2 Flo approved her own grant (self-review, not decided); ri3, ri4, ri7 decided →
      // 3 of 5 = 60 %. Ivy is Ada's manager (ri1, ri3) and Ed's manager's manager (ri7). ri4 has no evidence.
      // Q1: ri6 is Ivy reviewing herself (not decided); ri5 decided without evidence → 1 of 2.
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
          'selfReviewedDecisions',
          'reviewerInManagerChain',
          'decidedWithoutEvidence',
          'overdue',
          'ownerName',
        ),
        [
          {
            name: 'Q2 access review',
            items: 5,
            decided: 3,
            pending: 1,
            completionRate: 60,
            overdueRemediation: 1,
            selfReviews: 1,
            selfReviewedDecisions: 1,
            reviewerInManagerChain: 3,
            decidedWithoutEvidence: 1,
            overdue: true,
            ownerName: 'Ivy Ivory',
          },
          {
            name: 'Q1 access review',
            items: 2,
            decided: 1,
            pending: 0,
            completionRate: 50,
            overdueRemediation: 0,
            selfReviews: 1,
            selfReviewedDecisions: 1,
            reviewerInManagerChain: 0,
            decidedWithoutEvidence: 1,
            overdue: false,
            ownerName: 'Ivy Ivory',
          },
        ],
      );
      assert.deepEqual(list.items[0]?.decisions, { approve: 2, revoke: 2, modify: 0, pending: 1 });
      const uar = await uarStatus(store.db, orgId, at);
      // Over the active campaign (Q2); overdue remediation over all campaigns: ri3 (due 06-08); ri4 is due
      // 06-17 and ri5 was remediated.
      assert.deepEqual(
        [
          uar.activeCampaigns,
          uar.items.length,
          uar.total,
          uar.completionRate,
          uar.overdueRemediation,
          uar.selfReviews,
        ],
        [1, 1, 1, 60, 1, 1],
      );
      assert.deepEqual(
        [uar.selfReviewedDecisions, uar.reviewerInManagerChain, uar.decidedWithoutEvidence],
        [1, 3, 1],
      );
      assert.deepEqual(
        pick(
          uar.items,
          'reviewerName',
          'holderName',
          'entitlementName',
          'privileged',
          'overdue',
          'reviewerInManagerChain',
        ),
        [
          {
            reviewerName: 'Ivy Ivory',
            holderName: 'Ada Admin',
            entitlementName: 'Domain Admin',
            privileged: true,
            overdue: true,
            reviewerInManagerChain: true,
          },
        ],
      );
      assert.deepEqual(
        uar.campaigns.map((c) => c.name),
        ['Q2 access review'],
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
        justification: 'Required by clause 5.2',
        implementationStatus: 'implemented',
        result: 'effective',
        maturityCurrent: 3,
        maturityTarget: 4,
        ownerName: 'Ivy Ivory',
        riskIds: [],
      });
      const gap = await isoGapStatus(store.db, orgId, at);
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
      // Current accepted evidence: A.5.1 (ev1), A.8.2 (ev2, expiring soon). Only expired or pending: A.8.5
      // (ev3 expired), A.5.2 (ev4 pending). A.5.10 has only rejected evidence (ev5): none. 91 applicable.
      const { controlsWithoutCurrentEvidence, ...coverage } = gap.evidenceCoverage;
      assert.deepEqual(coverage, {
        applicable: 91,
        withCurrentEvidence: 2,
        onlyExpiredOrPending: 2,
        withoutEvidence: 87,
        percentCovered: 2.2,
      });
      assert.equal(controlsWithoutCurrentEvidence.length, 89);
      assert.deepEqual(controlsWithoutCurrentEvidence.slice(0, 3), ['A.5.2', 'A.5.3', 'A.5.4']);
      assert.equal(controlsWithoutCurrentEvidence.includes('A.8.2'), false);
      assert.equal(controlsWithoutCurrentEvidence.includes('A.6.1'), false, 'excluded controls need none');
      // A day after ev2 expired (06-30) it is no longer current.
      const july = await isoGapStatus(store.db, orgId, { asOf: '2026-07-01T00:00:00.000Z' });
      assert.deepEqual(
        [july.evidenceCoverage.withCurrentEvidence, july.evidenceCoverage.onlyExpiredOrPending],
        [1, 3],
      );

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
          completeness: { undecided: 87, applicableWithoutJustification: 3, complete: false },
          version: '1.2',
          approvedAt: '2026-05-20T00:00:00.000Z',
          riskLinks: { applicableLinked: 0, applicableWithoutRisk: 4, risksReferenced: 0 },
          byImplementationStatus: { not_started: 0, planned: 1, in_progress: 1, implemented: 2 },
          byResult: { not_assessed: 2, effective: 1, partially_effective: 1, ineffective: 0 },
          averageMaturity: { current: 3, target: 3.7 },
        },
      );
      const archived = await store.db
        .selectFrom('gov_iso_projects')
        .select('id')
        .where('org_id', '=', orgId)
        .where('status', '=', 'archived')
        .executeTakeFirstOrThrow();
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

    it('iso_soa_summary: applicable controls linked to the risks they treat, imported through the bundle', async () => {
      const risk = (title: string) =>
        services.risks.createRisk(orgId, userId, { title, likelihood: 3, impact: 4, status: 'approved' });
      const [r1, r2] = [await risk('Privileged access misuse'), await risk('Unpatched hosts')];
      const entry = (controlId: 'A.8.2' | 'A.8.5', riskIds: string[]) => ({
        projectExternalId: 'p1',
        controlId,
        applicable: true,
        implementationStatus: controlId === 'A.8.2' ? ('implemented' as const) : ('planned' as const),
        ...(controlId === 'A.8.2'
          ? { result: 'partially_effective' as const, maturityCurrent: 4, maturityTarget: 4 }
          : {}),
        riskIds,
      });
      const summary = await importBundle(store.db, orgId, userId, {
        version: 1,
        soaEntries: [entry('A.8.2', [r1.id]), entry('A.8.5', [r2.id, r1.id, r2.id])],
      });
      assert.deepEqual(summary.sections.soaEntries, { created: 0, updated: 2, unchanged: 0 });
      const soa = await isoSoaSummary(store.db, orgId);
      assert.deepEqual(soa.riskLinks, { applicableLinked: 2, applicableWithoutRisk: 2, risksReferenced: 2 });
      const controls = await isoControlsList(store.db, orgId);
      assert.deepEqual(controls.items.find((c) => c.controlId === 'A.8.5')?.riskIds, [r1.id, r2.id].sort());
      await assert.rejects(
        importBundle(store.db, orgId, userId, { version: 1, soaEntries: [entry('A.8.5', ['risk_unknown'])] }),
        (error: { code: string; details: { path: string }[] }) => {
          assert.equal(error.code, 'VALIDATION_FAILED');
          assert.deepEqual(
            error.details.map((d) => d.path),
            ['soaEntries[0].riskIds[0]'],
          );
          return true;
        },
      );
    });

    it('evidence_log: the project’s evidence, status and expiry apart', async () => {
      const r = await evidenceLog(store.db, orgId, at);
      // p1: ev1..ev5; ev6 belongs to the archived p2. ev5 is rejected: past its expiry date, but not counted
      // as expired evidence.
      assert.deepEqual([r.total, r.expired, r.expiringSoon, r.truncated], [5, 1, 1, false]);
      assert.deepEqual(r.byStatus, { accepted: 3, pending: 1, rejected: 1 });
      assert.deepEqual(r.accepted, { current: 2, expiringSoon: 1, expired: 1, noExpiry: 0 });
      assert.deepEqual(pick(r.items, 'title', 'status', 'expired', 'expiringSoon', 'actorName'), [
        {
          title: 'Acceptable use sign-offs',
          status: 'rejected',
          expired: true,
          expiringSoon: false,
          actorName: null,
        },
        { title: 'RACI matrix', status: 'pending', expired: false, expiringSoon: false, actorName: null },
        {
          title: 'Policy approval minutes',
          status: 'accepted',
          expired: false,
          expiringSoon: false,
          actorName: 'Ivy Ivory',
        },
        {
          title: 'Admin access list',
          status: 'accepted',
          expired: false,
          expiringSoon: true,
          actorName: 'Ada Admin',
        },
        {
          title: 'MFA configuration export',
          status: 'accepted',
          expired: true,
          expiringSoon: false,
          actorName: null,
        },
      ]);
      const p2 = await store.db
        .selectFrom('gov_iso_projects')
        .select('id')
        .where('org_id', '=', orgId)
        .where('status', '=', 'archived')
        .executeTakeFirstOrThrow();
      const archived = await evidenceLog(store.db, orgId, { ...at, projectId: p2.id });
      assert.deepEqual(
        [archived.total, archived.expired, archived.items[0]?.title],
        [1, 1, 'Policy approval minutes 2025'],
      );
      // Without an active project the log is empty (evidence_log takes no required argument); an unknown
      // project is NOT_FOUND as in the ISO tools.
      const none = await evidenceLog(store.db, otherOrgId, at);
      assert.deepEqual(
        [none.projectId, none.total, none.items, none.note],
        [null, 0, [], 'no active ISO project'],
      );
      await assert.rejects(evidenceLog(store.db, orgId, { projectId: 'iso_unknown' }), { code: 'NOT_FOUND' });
    });

    it('maturity_scores: latest per control in catalog order, ties by external id, previous score', async () => {
      const r = await maturityScores(store.db, orgId);
      // A.8.2 has m3 (4) and m7 (3) at the same time: m7 is the later by external id.
      assert.deepEqual(pick(r.items, 'controlId', 'score', 'previousScore', 'assessments'), [
        { controlId: 'A.5.1', score: 3, previousScore: 2, assessments: 2 },
        { controlId: 'A.5.2', score: 2, previousScore: null, assessments: 1 },
        { controlId: 'A.5.10', score: 1, previousScore: null, assessments: 1 },
        { controlId: 'A.8.2', score: 3, previousScore: 4, assessments: 2 },
      ]);
      assert.deepEqual(
        [r.averageScore, r.belowTarget, r.total, r.cap, r.truncated],
        [2.25, 4, 4, 100, false],
      );
    });
  });
}
