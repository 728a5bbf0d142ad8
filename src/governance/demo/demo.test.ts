// The demo generator and `bulwark demo`: deterministic, valid, idempotent, and showing each kind of problem.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultConfig } from '../../config.ts';
import type { Store } from '../../db/connect.ts';
import { toolHandlers } from '../../app.ts';
import { createServices, type Services } from '../../services.ts';
import { createTestStore, DIALECTS } from '../../../test/support/store.ts';
import { governanceToolHandlers } from '../../mcp/governance.tools.ts';
import { GovernanceBundle } from '../import/bundle.schema.ts';
import { maturityScores, maturitySummary } from '../maturity/maturity.service.ts';
import { generateDemoBundle, runDemo } from './demo.service.ts';

const AS_OF = '2026-11-22T00:00:00.000Z';
/** What `bulwark demo` uses when no option is given (500 identities, seed 1), at a fixed reference time. */
const DEFAULTS = { identities: 500, seed: 1, asOf: AS_OF };
/** The keys docs/governance-tools.md allows person names under ("Masking"). */
const NAME_KEYS = ['displayName', 'holderName', 'ownerName', 'reviewerName', 'actorName'];
/** The tools that answer with a summary rather than a bounded list. */
const SUMMARIES = ['access_normalization_health', 'iso_gap_status', 'iso_soa_summary', 'posture_summary'];

describe('demo generator', () => {
  it('is deterministic and produces a valid bundle', () => {
    const a = generateDemoBundle(DEFAULTS);
    assert.deepEqual(generateDemoBundle(DEFAULTS), a);
    assert.notDeepEqual(generateDemoBundle({ ...DEFAULTS, seed: 8 }).identities, a.identities);
    const parsed = GovernanceBundle.safeParse(a);
    assert.equal(parsed.success, true, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3)));
    assert.equal(a.identities?.length, 500);
    assert.equal(a.soaEntries?.length, 91, 'two controls still undecided');
    assert.deepEqual([...new Set(a.identities?.map((i) => i.status))].sort(), [
      'active',
      'leave',
      'terminated',
    ]);
  });

  it('every 20th leaver gone two days or more keeps an enabled account, whatever the seed', () => {
    for (const seed of [1, 2, 3]) {
      const bundle = generateDemoBundle({ ...DEFAULTS, identities: 50, seed });
      const cut = Date.parse(AS_OF) - 2 * 86_400_000;
      const leavers = (bundle.identities ?? []).filter(
        (i) => i.terminationDate !== undefined && Date.parse(i.terminationDate) <= cut,
      );
      const kept = new Set(
        (bundle.accounts ?? []).filter((a) => a.status === 'active').map((a) => a.identityExternalId),
      );
      const misses = leavers.filter((l, n) => n % 20 === 0 && kept.has(l.externalId));
      assert.equal(misses.length, Math.ceil(leavers.length / 20), `seed ${seed}`);
    }
  });
});

/** Every string equal to a person's name must sit under a key the tool server masks. */
function assertNamesOnlyUnderMaskedKeys(value: unknown, names: Set<string>, path = ''): void {
  if (Array.isArray(value))
    value.forEach((v, i) => assertNamesOnlyUnderMaskedKeys(v, names, `${path}[${i}]`));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && names.has(v))
        assert.ok(NAME_KEYS.includes(k), `person name under '${path}.${k}'`);
      assertNamesOnlyUnderMaskedKeys(v, names, `${path}.${k}`);
    }
  }
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: default demo organisation`, () => {
    let store: Store;
    let services: Services;
    let orgId: string;
    const principal = () => ({
      tokenId: 'tok_x',
      orgId,
      userId: 'usr_x',
      scopes: new Set(['mcp:read'] as const),
      plan: 'professional',
      mcpWriteEnabled: false,
      reach: null,
      writable: null,
    });
    // By name through the registry, where a handler takes any tool's arguments (its own set is typed per tool).
    const call = async (name: string, args: Record<string, unknown> = {}) =>
      toolHandlers().get(name)!({ ...services, principal: principal() }, args);
    before(async () => {
      store = await createTestStore(dialect);
      services = createServices(store, defaultConfig());
      const first = await runDemo(store.db, services, 'demo-co', DEFAULTS);
      orgId = first.org.id;
      assert.equal(first.org.created, true);
      assert.equal(first.import.identities?.created, 500);
      assert.deepEqual([first.vendorsCreated, first.risksCreated], [11, 8]);
      assert.deepEqual(first.supplyChain, { sbomsCreated: 4, policiesCreated: 1 });
    });
    after(() => store.close());

    it("posture_summary's maturity figures are maturity_scores' own (from its lighter query)", async () => {
      const full = await maturityScores(store.db, orgId);
      assert.ok(full.total > 0);
      assert.deepEqual(await maturitySummary(store.db, orgId), {
        projectId: full.projectId,
        total: full.total,
        averageScore: full.averageScore,
        belowTarget: full.belowTarget,
      });
    });

    it('creates a professional organisation with a user, and a re-run changes nothing', async () => {
      const org = await services.organisations.requireBySlug('demo-co');
      assert.equal(org.plan, 'professional');
      assert.equal((await services.users.list(org.id)).length, 1);
      const again = await runDemo(store.db, services, 'demo-co', DEFAULTS);
      assert.equal(again.org.created, false);
      for (const [section, s] of Object.entries(again.import))
        assert.equal(s.created + s.updated, 0, section);
      assert.deepEqual([again.vendorsCreated, again.risksCreated], [0, 0]);
      assert.deepEqual(again.supplyChain, { sbomsCreated: 0, policiesCreated: 0 });
      assert.equal((await services.sboms.list({ orgId, reach: null })).length, 4);
      const tagged = await services.portfolio.assets.list(orgId, { tag: 'payments' });
      assert.deepEqual(tagged.map((a) => a.assetName).sort(), ['billing-worker', 'payments-api']);
    });

    it('shows each kind of problem the demo promises', async () => {
      const posture = await call('posture_summary');
      const access = posture.access as Record<string, number>;
      for (const key of [
        'staleAccounts',
        'offboardingViolations',
        'privilegedGranted30d',
        'sodViolations',
        'uncorrelatedAccounts',
        'orphanedAccounts',
        'highRiskUnused90d',
        'securityDebtOpen',
      ])
        assert.ok(access[key]! > 0, key);
      assert.ok((posture.reviews as Record<string, number>).pendingDecisions! > 0, 'pending decisions');
      assert.ok((posture.evidence as Record<string, number>).expired! > 0, 'expired evidence');
      for (const key of ['sodViolationsWithoutException', 'disabledAccountsWithGrants', 'loginsDuringLeave'])
        assert.ok(access[key]! > 0, key);
      const reviews = posture.reviews as Record<string, number>;
      for (const key of ['selfReviewedDecisions', 'reviewerInManagerChain', 'decidedWithoutEvidence'])
        assert.ok(reviews[key]! > 0, key);
      const iso = posture.iso as Record<string, number>;
      for (const key of ['withCurrentEvidence', 'onlyExpiredOrPendingEvidence', 'withoutEvidence'])
        assert.ok(iso[key]! > 0, key);
      const concentration = await call('access_concentration');
      const sod = concentration.sodViolations as Record<string, number>;
      assert.ok(sod.withException! > 0 && sod.terminatedIdentities! > 0, 'exceptions and leavers in SoD');
      const health = await call('access_normalization_health');
      assert.equal((health.identitiesMissingAttributes as Record<string, number>).departmentHeads, 10);
      const soa = await call('iso_soa_summary');
      assert.deepEqual((soa.completeness as Record<string, number>).undecided, 2);
      assert.ok((soa.completeness as Record<string, number>).applicableWithoutJustification! > 0);
      assert.equal((soa.riskLinks as Record<string, number>).risksReferenced, 8);
      assert.deepEqual([soa.version, soa.approvedAt], ['2.1', '2026-10-13T00:00:00.000Z']);
      const debt = await call('access_security_debt_trend', { months: 12 });
      const kinds = (debt.items as { openByKind: Record<string, number> }[]).at(-1)!.openByKind;
      for (const [kind, open] of Object.entries(kinds)) assert.ok(open > 0, kind);
      assert.equal((posture.risks as Record<string, number>).open, 8);
      // 11 demo vendors, one of them internal: posture counts third parties as the supplier tools do.
      assert.equal((posture.vendors as Record<string, number>).total, 10);
    });

    it('gives the evidence collectors a supply chain to pass and fail on', async () => {
      // One hour after the demo's reference time: the SBOMs are 3, 9, 12 and 45 days old.
      const now = new Date(Date.parse(AS_OF) + 3_600_000).toISOString();
      const run = await services.compliance.collect(orgId, { now });
      const result = (id: string) => run.results.find((r) => r.collector === id)!;
      const inventory = result('software-inventory');
      assert.deepEqual([inventory.passed, inventory.figures], [false, { assets: 4, withoutRecentSbom: 1 }]);
      assert.deepEqual(inventory.offending, ['legacy-reports']);
      const policy = result('policy-compliance');
      assert.deepEqual([policy.passed, policy.figures], [false, { openFailViolations: 1 }]);
      const [violation] = (await services.policies.violations.list({ orgId, reach: null }, {})).items;
      assert.equal(violation!.component.name, 'pyqt5');
      // No vulnerability data in a fresh store: the rule says so rather than passing on nothing.
      assert.deepEqual(result('vulnerability-management').reasons, [
        'vulnerability data not synced within 48 hours: osv (never synced), kev (never synced)',
      ]);
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
      for (const name of Object.keys(governanceToolHandlers)) {
        const result = await call(name, name === 'access_security_debt_trend' ? { months: 3 } : {});
        assertNamesOnlyUnderMaskedKeys(result, names);
        // Lists carry items and a total; the four summaries carry neither.
        assert.equal(typeof result.total, SUMMARIES.includes(name) ? 'undefined' : 'number', name);
        assert.ok(((result.items ?? []) as unknown[]).length <= 100, `${name} is bounded`);
      }
      const other = { ...principal(), orgId: 'org_other' };
      await assert.rejects(
        governanceToolHandlers.iso_soa_summary!({ ...services, principal: other }, { projectId: 'iso_x' }),
        { code: 'NOT_FOUND' },
      );
      assert.deepEqual(
        (await governanceToolHandlers.maturity_scores({ ...services, principal: other })).items,
        [],
      );
    });
  });
}
