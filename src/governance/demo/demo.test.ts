import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../../config.ts';
import type { Store } from '../../db/connect.ts';
import { governanceToolHandlers } from '../../mcp/governance.tools.ts';
import { PERSON_NAME_KEYS } from '../../mcp/masking.ts';
import { createServices, type Services } from '../../services.ts';
import { createTestStore, DIALECTS } from '../../../test/support/store.ts';
import { normalizationHealth, offboardingViolations, staleAccounts } from '../access/accounts.service.ts';
import { highRiskLifecycle, privilegedDelta } from '../access/grants.service.ts';
import { concentration } from '../access/peers.service.ts';
import { departmentRisk, securityDebtTrend } from '../access/risk.service.ts';
import { evidenceLog } from '../evidence/evidence.service.ts';
import { GovernanceBundle } from '../import/bundle.schema.ts';
import { isoGapStatus } from '../iso/iso.service.ts';
import { maturityScores } from '../maturity/maturity.service.ts';
import { postureSummary } from '../posture/posture.service.ts';
import { uarStatus } from '../reviews/reviews.service.ts';
import { generateDemoBundle, runDemo } from './demo.service.ts';

const AS_OF = '2026-11-22T00:00:00.000Z';
const options = { identities: 200, seed: 7, asOf: AS_OF };

describe('demo generator', () => {
  it('is deterministic and produces a valid bundle', () => {
    const a = generateDemoBundle(options);
    assert.deepEqual(generateDemoBundle(options), a);
    assert.notDeepEqual(generateDemoBundle({ ...options, seed: 8 }).identities, a.identities);
    const parsed = GovernanceBundle.safeParse(a);
    assert.equal(parsed.success, true, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3)));
    assert.equal(a.identities?.length, 200);
    assert.equal(a.soaEntries?.length, 93);
    const statuses = new Set(a.identities?.map((i) => i.status));
    assert.deepEqual([...statuses].sort(), ['active', 'leave', 'terminated']);
  });
});

/** Every string equal to a person's name must sit under a key the tool server masks. */
function assertNamesOnlyUnderMaskedKeys(value: unknown, names: Set<string>, path = ''): void {
  if (Array.isArray(value))
    value.forEach((v, i) => assertNamesOnlyUnderMaskedKeys(v, names, `${path}[${i}]`));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && names.has(v))
        assert.ok(PERSON_NAME_KEYS.includes(k), `person name under '${path}.${k}'`);
      assertNamesOnlyUnderMaskedKeys(v, names, `${path}.${k}`);
    }
  }
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: demo organisation`, () => {
    let store: Store;
    let services: Services;
    let orgId: string;
    before(async () => {
      store = await createTestStore(dialect);
      services = createServices(store, defaultConfig());
      const first = await runDemo(store.db, services, 'demo-co', options);
      orgId = first.org.id;
      assert.equal(first.org.created, true);
      assert.equal(first.import.identities?.created, 200);
      assert.deepEqual([first.vendorsCreated, first.risksCreated], [11, 8]);
    });
    after(() => store.close());

    it('creates a professional organisation with a user, and a re-run changes nothing', async () => {
      const org = await services.tenancy.requireOrganization('demo-co');
      assert.equal(org.plan, 'professional');
      assert.equal((await services.tenancy.listUsers(org.id)).length, 1);
      const again = await runDemo(store.db, services, 'demo-co', options);
      assert.equal(again.org.created, false);
      for (const [section, s] of Object.entries(again.import))
        assert.equal(s.created + s.updated, 0, section);
      assert.deepEqual([again.vendorsCreated, again.risksCreated], [0, 0]);
    });

    it('posture_summary equals the tools it summarises; the tools agree with each other', async () => {
      const at = { asOf: AS_OF };
      const posture = await postureSummary(store.db, orgId, services, at);
      const stale = await staleAccounts(store.db, orgId, at);
      const offboarding = await offboardingViolations(store.db, orgId, at);
      const delta = await privilegedDelta(store.db, orgId, at);
      const health = await normalizationHealth(store.db, orgId, at);
      const conc = await concentration(store.db, orgId, at);
      const lifecycle = await highRiskLifecycle(store.db, orgId, at);
      const uar = await uarStatus(store.db, orgId, at);
      const gap = await isoGapStatus(store.db, orgId);
      const evidence = await evidenceLog(store.db, orgId, at);
      const maturity = await maturityScores(store.db, orgId);
      const debt = await securityDebtTrend(store.db, orgId, at);
      assert.deepEqual(posture.access, {
        staleAccounts: stale.staleAccounts,
        offboardingViolations: offboarding.violatingAccounts,
        privilegedOffboardingViolations: offboarding.privilegedAccounts,
        privilegedGranted30d: delta.added,
        privilegedRevoked30d: delta.removed,
        sodViolations: conc.sodViolations.total,
        concentrationOutliers: conc.total,
        uncorrelatedAccounts: health.uncorrelatedAccounts,
        orphanedAccounts: health.totals.orphaned,
        correlationRate: health.correlationRate,
        highRiskGrants: lifecycle.highRiskGrants,
        highRiskUnused90d: lifecycle.total,
        securityDebtOpen: debt.items.at(-1)?.openTotal,
      });
      assert.deepEqual(posture.reviews, {
        activeCampaigns: uar.activeCampaigns,
        pendingDecisions: uar.pending,
        completionRate: uar.completionRate,
        overdueRemediation: uar.overdueRemediation,
        selfReviews: uar.selfReviews,
      });
      assert.deepEqual(posture.iso, {
        projectId: gap.projectId,
        applicable: gap.overall.applicable,
        implemented: gap.overall.implemented,
        gaps: gap.overall.gaps,
        percentImplemented: gap.overall.percentImplemented,
      });
      assert.deepEqual(posture.evidence, {
        total: evidence.total,
        expired: evidence.expired,
        expiringSoon: evidence.expiringSoon,
      });
      assert.equal(posture.maturity?.controlsAssessed, maturity.total);
      assert.deepEqual(
        posture.vendors,
        await services.vendors.riskSummary(orgId, { thirdPartiesOnly: true }),
      );
      assert.equal(posture.risks.open, 8);
      if (posture.findings)
        assert.equal(
          posture.findings.total,
          posture.findings.CRITICAL! +
            posture.findings.HIGH! +
            posture.findings.MEDIUM! +
            posture.findings.LOW!,
        );
      // The demo is realistic: each kind of problem is present.
      for (const n of [
        stale.staleAccounts,
        offboarding.violatingAccounts,
        delta.added,
        health.uncorrelatedAccounts,
        uar.pending,
        evidence.expired,
      ])
        assert.ok(n > 0);
      // Per-department components add up to the organisation-wide tools.
      const risk = await departmentRisk(store.db, orgId, at);
      const sum = (k: 'offboardingViolations' | 'sodViolations') =>
        risk.items.reduce((s, d) => s + d.components[k], 0);
      assert.equal(sum('offboardingViolations'), offboarding.violatingAccounts);
      assert.equal(sum('sodViolations'), conc.sodViolations.total);
      for (let i = 1; i < debt.items.length; i++)
        assert.equal(
          debt.items[i]!.openTotal,
          debt.items[i - 1]!.openTotal + debt.items[i]!.opened - debt.items[i]!.closed,
        );
      assert.equal(uar.items.length, Math.min(50, uar.pending));
    });

    it('every tool handler answers, bounded, with person names only under masked keys', async () => {
      const names = new Set(
        (
          await store.db
            .selectFrom('gov_identities')
            .select('display_name')
            .where('org_id', '=', orgId)
            .execute()
        ).map((r) => r.display_name),
      );
      const principal = {
        tokenId: 'tok_x',
        orgId,
        userId: 'usr_x',
        scopes: new Set(['mcp:read'] as const),
        plan: 'professional',
        mcpWriteEnabled: false,
      };
      for (const [name, handler] of Object.entries(governanceToolHandlers)) {
        const result = await handler(
          { ...services, principal },
          name === 'access_security_debt_trend' ? { months: 3 } : {},
        );
        assertNamesOnlyUnderMaskedKeys(result, names);
        if (Array.isArray(result.items)) {
          assert.ok(result.items.length <= 100, `${name} is bounded`);
          assert.equal(typeof result.total, 'number', `${name} has a total`);
        }
      }
      const other = { ...principal, orgId: 'org_other' };
      await assert.rejects(
        governanceToolHandlers.iso_soa_summary!({ ...services, principal: other }, { projectId: 'iso_x' }),
        { code: 'NOT_FOUND' },
      );
      assert.deepEqual(
        (await governanceToolHandlers.maturity_scores!({ ...services, principal: other }, {})).items,
        [],
      );
    });
  });
}
