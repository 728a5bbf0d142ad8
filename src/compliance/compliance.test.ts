// The evidence collectors on hand-built data, on both sides of every rule boundary (docs/compliance.md), the
// evidence a run writes and what it does to coverage when it expires, the SLAs, and the SoA export.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { build, createOrg } from '../../test/support/app.ts';
import { DIALECTS } from '../../test/support/store.ts';
import { uploadFile } from '../../test/support/upload.ts';
import { importBundle } from '../governance/import/import.service.ts';
import type { GovernanceBundle } from '../governance/import/bundle.schema.ts';
import { policySbom } from '../policies/policy-fixture.ts';
import { noTurn } from '../shared/turns.ts';
import {
  accessRights,
  policyCompliance,
  softwareInventory,
  supplierRelationships,
  vulnerabilityManagement,
} from './collectors.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (base: string, ms: number) => new Date(Date.parse(base) + ms).toISOString();

const advisory = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  schema_version: '1.6.0',
  id,
  modified: '2026-01-01T00:00:00Z',
  affected: [
    {
      package: { ecosystem: 'npm', name },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '9.0.0' }] }],
    },
  ],
  ...extra,
});

const KEV = {
  title: 'CISA Catalog of Known Exploited Vulnerabilities',
  catalogVersion: '2026.02.01',
  dateReleased: '2026-02-01T00:00:00.000Z',
  count: 1,
  vulnerabilities: [
    {
      cveID: 'CVE-2026-1111',
      vendorProject: 'Example',
      product: 'kevlib',
      vulnerabilityName: 'kevlib remote code execution',
      dateAdded: '2026-02-01',
      shortDescription: 'x',
      requiredAction: 'Apply updates',
      dueDate: '2026-03-01',
      knownRansomwareCampaignUse: 'Unknown',
      notes: '',
    },
  ],
};

const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { type: 'application', name: 'shop', version: '1.0.0' } },
  components: ['kevlib', 'critlib', 'highlib', 'fine'].map((name) => ({
    type: 'library',
    name,
    version: '1.0.0',
    purl: `pkg:npm/${name}@1.0.0`,
  })),
});

/** Governance data around 2026-06-15T12:00Z (see each rule's boundaries in the test). */
const BUNDLE = (vendorId: string): GovernanceBundle => ({
  version: 1,
  settings: { staleAccountDays: 90, offboardingSlaHours: 24 },
  identities: [
    {
      externalId: 'i1',
      displayName: 'Ada Active',
      employmentType: 'employee',
      status: 'active',
    },
    {
      externalId: 'i2',
      displayName: 'Lee Leaver',
      employmentType: 'employee',
      status: 'terminated',
      terminationDate: '2026-06-14T13:00:00Z',
    },
  ],
  systems: [{ externalId: 's1', name: 'Payroll', criticality: 'high' }],
  accounts: [
    {
      externalId: 'a1',
      systemExternalId: 's1',
      username: 'ada',
      identityExternalId: 'i1',
      type: 'human',
      status: 'active',
      createdAt: '2025-01-01T00:00:00Z',
      lastLoginAt: '2026-06-14T09:00:00Z',
    },
    {
      externalId: 'a2',
      systemExternalId: 's1',
      username: 'lee',
      identityExternalId: 'i2',
      type: 'human',
      status: 'active',
      createdAt: '2025-01-01T00:00:00Z',
      lastLoginAt: '2026-06-13T09:00:00Z',
    },
    {
      externalId: 'a3',
      systemExternalId: 's1',
      username: 'ada-admin',
      identityExternalId: 'i1',
      type: 'human',
      status: 'active',
      createdAt: '2025-01-01T00:00:00Z',
      lastLoginAt: '2026-03-18T12:00:00Z',
    },
  ],
  entitlements: [
    {
      externalId: 'e1',
      systemExternalId: 's1',
      name: 'Payroll admin',
      privileged: true,
      riskLevel: 'critical',
    },
  ],
  grants: [
    {
      externalId: 'g1',
      accountExternalId: 'a3',
      entitlementExternalId: 'e1',
      grantedAt: '2025-01-01T00:00:00Z',
    },
  ],
  reviewCampaigns: [
    {
      externalId: 'c1',
      name: 'Q2 review',
      status: 'completed',
      startedAt: '2026-05-01T00:00:00Z',
      dueAt: '2026-05-31T00:00:00Z',
      completedAt: '2026-05-30T00:00:00Z',
    },
    {
      externalId: 'c2',
      name: 'Q3 review',
      status: 'active',
      startedAt: '2026-06-01T00:00:00Z',
      dueAt: '2026-07-01T00:00:00Z',
    },
  ],
  isoProjects: [
    { externalId: 'p1', name: 'ISO 27001 2026', status: 'active', createdAt: '2026-01-01T00:00:00Z' },
  ],
  soaEntries: [
    {
      projectExternalId: 'p1',
      controlId: 'A.5.1',
      applicable: false,
      justification: 'Policies are the group’s, "out of scope"',
      implementationStatus: 'not_started',
    },
  ],
  supplierAssessments: [
    { externalId: 'sa1', vendorId, assessedAt: '2025-07-15T12:00:00Z', status: 'completed', score: 80 },
    // A newer assessment still in progress does not count as an assessment.
    { externalId: 'sa2', vendorId, assessedAt: '2026-05-01T00:00:00Z', status: 'in_progress' },
  ],
});

async function setUp(t: TestContext, dialect: (typeof DIALECTS)[number]) {
  const env = await build(t, dialect);
  const { app, services, store } = env;
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-evidence-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files: string[] = [];
  const write = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };
  files.push(
    write('kev-adv.json', advisory('GHSA-kkkk-kkkk-kkkk', 'kevlib', { aliases: ['CVE-2026-1111'] })),
  );
  files.push(
    write(
      'crit.json',
      advisory('GHSA-cccc-cccc-cccc', 'critlib', {
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      }),
    ),
  );
  files.push(
    write(
      'high.json',
      advisory('GHSA-hhhh-hhhh-hhhh', 'highlib', {
        severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N' }],
      }),
    ),
  );
  await services.vulndb.import(files);
  await services.vulndbSync.importFeed('kev', write('kev.json', KEV));
  const org = await createOrg(services);
  const upload = await uploadFile(app, org, SBOM, 'shop.cdx.json');
  assert.equal(upload.statusCode, 201);
  const sbom = upload.json().data as { id: string; assetName: string; createdAt: string };
  const vendor = await services.vendors.create(org.id, 'system', {
    name: 'Acme Cloud',
    type: 'commercial',
    riskTier: 1,
    assessmentStatus: 'completed',
  });
  await services.vendors.create(org.id, 'system', {
    name: 'Tiny Tools',
    type: 'oss',
    riskTier: 3,
    assessmentStatus: 'not_started',
  });
  await importBundle(store.db, org.id, 'system', BUNDLE(vendor.id));
  const findings = await store.db
    .selectFrom('findings')
    .select(['id', 'vulnerability_id', 'created_at'])
    .where('org_id', '=', org.id)
    .orderBy('vulnerability_id')
    .execute();
  const byId = Object.fromEntries(findings.map((f) => [f.vulnerability_id, f]));
  return { ...env, org, sbom, vendor, byId };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: evidence collectors`, () => {
    it('vulnerability management: KEV due dates, SLAs by severity, feeds synced within 48 hours', async (t) => {
      const { store, services, org, byId } = await setUp(t, dialect);
      const ctx = (now: string) => ({ db: store.db, orgId: org.id, now, turn: noTurn });
      const kev = byId['CVE-2026-1111']!;
      const crit = byId['GHSA-cccc-cccc-cccc']!;
      const high = byId['GHSA-hhhh-hhhh-hhhh']!;

      // The KEV entry is due 2026-03-01: still in time an hour before that day ends, past due an hour after.
      const before = await vulnerabilityManagement.collect(ctx('2026-03-01T23:00:00.000Z'));
      assert.equal(before.figures.kevPastDue, 0);
      const after = await vulnerabilityManagement.collect(ctx('2026-03-02T01:00:00.000Z'));
      assert.equal(after.figures.kevPastDue, 1);
      assert.deepEqual(after.offending, [kev.id]);
      assert.equal(after.reasons[0], '1 open KEV finding past the due date');

      // CRITICAL within 15 days, HIGH within 30 (defaults), counted from when the finding was found.
      const c = crit.created_at;
      const h = high.created_at;
      assert.equal(
        (await vulnerabilityManagement.collect(ctx(at(c, 15 * DAY - HOUR)))).figures.criticalOverSla,
        0,
      );
      const lateCrit = await vulnerabilityManagement.collect(ctx(at(c, 15 * DAY + HOUR)));
      assert.equal(lateCrit.figures.criticalOverSla, 1);
      assert.ok(lateCrit.offending.includes(crit.id));
      assert.equal(
        (await vulnerabilityManagement.collect(ctx(at(h, 30 * DAY - HOUR)))).figures.highOverSla,
        0,
      );
      assert.equal(
        (await vulnerabilityManagement.collect(ctx(at(h, 30 * DAY + HOUR)))).figures.highOverSla,
        1,
      );

      // Feeds: the KEV import counts as a sync; OSV was imported, never synced.
      const kevSynced = (await store.db
        .selectFrom('vuln_sync_state')
        .select('last_success_at')
        .where('source', '=', 'kev')
        .executeTakeFirstOrThrow())!.last_success_at!;
      const now = at(kevSynced, HOUR);
      const noOsv = await vulnerabilityManagement.collect(ctx(now));
      assert.equal(noOsv.figures.feedsNotSyncedIn48h, 1);
      assert.equal(noOsv.reasons.at(-1), 'vulnerability data not synced within 48 hours: osv (never synced)');
      await store.db
        .insertInto('vuln_sync_state')
        .values({
          source: 'osv:npm',
          location: 'test',
          last_attempt_at: kevSynced,
          last_success_at: kevSynced,
          last_error: null,
          high_water: null,
          etag: null,
          last_modified: null,
        })
        .execute();
      assert.equal(
        (await vulnerabilityManagement.collect(ctx(at(kevSynced, 48 * HOUR - 60_000)))).figures
          .feedsNotSyncedIn48h,
        0,
      );
      const stale = await vulnerabilityManagement.collect(ctx(at(kevSynced, 48 * HOUR + 60_000)));
      assert.equal(stale.figures.feedsNotSyncedIn48h, 2);
      assert.equal(stale.reasons.at(-1), 'vulnerability data not synced within 48 hours: kev, osv:npm');

      // A triaged finding is no longer open: the KEV rule passes again.
      await store.db.updateTable('findings').set({ status: 'mitigated' }).where('id', '=', kev.id).execute();
      assert.equal(
        (await vulnerabilityManagement.collect(ctx('2026-03-02T01:00:00.000Z'))).figures.kevPastDue,
        0,
      );
      // The SLAs are the organisation's: with 20 days for CRITICAL the 16-day-old finding is in time.
      await services.compliance.setSlaSettings(org.id, { criticalDays: 20, highDays: 40 });
      const relaxed = await vulnerabilityManagement.collect(ctx(at(c, 16 * DAY)));
      assert.equal(relaxed.figures.criticalOverSla, 0);
      assert.equal(relaxed.figures.slaCriticalDays, 20);
      await assert.rejects(
        () => services.compliance.setSlaSettings(org.id, { criticalDays: 31, highDays: 30 }),
        (e: Error & { code?: string; details?: unknown }) =>
          e.code === 'VALIDATION_FAILED' &&
          JSON.stringify(e.details) ===
            JSON.stringify([
              {
                path: 'body.vulnerabilitySlaDays.criticalDays',
                message: 'CRITICAL findings cannot be given longer than HIGH ones',
              },
            ]),
      );
      assert.deepEqual(await services.compliance.slaSettings(org.id), { criticalDays: 20, highDays: 40 });
    });

    it('software inventory, supplier relationships and access rights on both sides of their boundaries', async (t) => {
      const { store, services, org, sbom, vendor } = await setUp(t, dialect);
      const ctx = (now: string) => ({ db: store.db, orgId: org.id, now, turn: noTurn });

      // An SBOM 29 days old counts, 31 days old does not.
      const fresh = await softwareInventory.collect(ctx(at(sbom.createdAt, 29 * DAY)));
      assert.deepEqual(fresh, {
        passed: true,
        figures: { assets: 1, withoutRecentSbom: 0 },
        reasons: [],
        offending: [],
      });
      const old = await softwareInventory.collect(ctx(at(sbom.createdAt, 31 * DAY)));
      assert.deepEqual(old, {
        passed: false,
        figures: { assets: 1, withoutRecentSbom: 1 },
        reasons: ['1 asset without an SBOM younger than 30 days'],
        offending: [sbom.assetName],
      });
      // An inactive asset is out of the inventory; an active one without any SBOM fails it.
      const sbomAsset = await services.portfolio.assets.resolve(org.id, sbom.assetName);
      await services.portfolio.assets.update(org.id, 'usr_test', sbomAsset.id, { active: false });
      await services.portfolio.assets.create(org.id, 'usr_test', { name: 'payroll' });
      assert.deepEqual(await softwareInventory.collect(ctx(at(sbom.createdAt, 29 * DAY))), {
        passed: false,
        figures: { assets: 1, withoutRecentSbom: 1 },
        reasons: ['1 asset without an SBOM younger than 30 days'],
        offending: ['payroll'],
      });

      // The tier-1 vendor was assessed (completed) on 2025-07-15: 11 months later it passes, 13 months later not.
      // The tier-3 vendor is never asked for; the in-progress assessment of 2026-05 is no assessment.
      const eleven = await supplierRelationships.collect(ctx('2026-06-15T12:00:00.000Z'));
      assert.deepEqual(eleven, {
        passed: true,
        figures: { tierOneVendors: 1, notAssessedIn12Months: 0 },
        reasons: [],
        offending: [],
      });
      const thirteen = await supplierRelationships.collect(ctx('2026-08-15T12:00:00.000Z'));
      assert.deepEqual(thirteen, {
        passed: false,
        figures: { tierOneVendors: 1, notAssessedIn12Months: 1 },
        reasons: ['1 tier-1 vendor not assessed in the last 12 months'],
        offending: [vendor.id],
      });

      // Access rights: on 2026-06-15T12:00Z the last due campaign (Q2, due 05-31) was completed the day before,
      // the leaver left 23 hours ago (SLA 24 h), the admin account last logged in 89 days ago (stale at 90).
      const idOf = async (table: 'gov_accounts' | 'gov_review_campaigns', externalId: string) =>
        (
          await store.db
            .selectFrom(table)
            .select('id')
            .where('org_id', '=', org.id)
            .where('external_id', '=', externalId)
            .executeTakeFirstOrThrow()
        ).id;
      const c1 = await idOf('gov_review_campaigns', 'c1');
      const c2 = await idOf('gov_review_campaigns', 'c2');
      const a2 = await idOf('gov_accounts', 'a2');
      const a3 = await idOf('gov_accounts', 'a3');
      const ok = await accessRights.collect(ctx('2026-06-15T12:00:00.000Z'));
      assert.deepEqual(ok, {
        passed: true,
        figures: {
          lastCampaign: c1,
          lastCampaignDueAt: '2026-05-31T00:00:00.000Z',
          lastCampaignCompletedAt: '2026-05-30T00:00:00.000Z',
          offboardingViolations: 0,
          stalePrivilegedAccounts: 0,
        },
        reasons: [],
        offending: [],
      });
      // Two hours later the leaver's account is 25 hours past termination.
      const leaver = await accessRights.collect(ctx('2026-06-15T14:00:00.000Z'));
      assert.deepEqual(leaver.reasons, ['1 account of leavers still active past the offboarding SLA']);
      assert.deepEqual(leaver.offending, [a2]);
      // Two days later the admin account is 91 days without a login and holds a privileged grant.
      const stale = await accessRights.collect(ctx('2026-06-17T12:00:00.000Z'));
      assert.deepEqual(stale.reasons, [
        '1 account of leavers still active past the offboarding SLA',
        '1 stale account holding privileged access',
      ]);
      assert.deepEqual(stale.offending, [a2, a3]);
      // After 07-01 the Q3 campaign has come due and is not completed.
      const overdue = await accessRights.collect(ctx('2026-07-02T00:00:00.000Z'));
      assert.equal(overdue.figures.lastCampaign, c2);
      assert.equal(overdue.reasons[0], 'the last review campaign is past its due date and not completed');
      assert.deepEqual(overdue.offending, [c2, a2, a3]);
    });

    it('policy compliance: an open fail violation on the latest SBOM fails it, until it is suppressed', async (t) => {
      const { app, store, services, org } = await setUp(t, dialect);
      const ctx = { db: store.db, orgId: org.id, now: '2026-06-15T12:00:00.000Z', turn: noTurn };
      assert.deepEqual(await policyCompliance.collect(ctx), {
        passed: true,
        figures: { openFailViolations: 0 },
        reasons: [],
        offending: [],
      });
      await services.policies.policies.create(org.id, 'system', {
        name: 'No strong copyleft',
        kind: 'license',
        operator: 'any',
        violationState: 'fail',
        conditions: [{ subject: 'license_group', operator: 'is', value: 'copyleft' }],
        enabled: true,
      });
      // gpl-lib (GPL-2.0-or-later) violates; dual (MIT OR GPL-3.0-only) may be taken as MIT.
      assert.equal((await uploadFile(app, org, policySbom('web-shop'), 'web-shop.cdx.json')).statusCode, 201);
      const violations = await store.db
        .selectFrom('policy_violations')
        .select('id')
        .where('org_id', '=', org.id)
        .execute();
      assert.equal(violations.length, 1);
      const failing = await policyCompliance.collect(ctx);
      assert.deepEqual(failing, {
        passed: false,
        figures: { openFailViolations: 1 },
        reasons: ['1 open policy violation in state fail'],
        offending: [violations[0]!.id],
      });
      await services.policies.violations.update(
        { orgId: org.id, userId: 'system', reach: null, writable: null },
        violations[0]!.id,
        {
          status: 'suppressed',
          comment: 'Linked dynamically; legal approved',
        },
      );
      assert.equal((await policyCompliance.collect(ctx)).passed, true);
    });

    it('a run writes evidence per control, coverage follows it until it expires, the SoA export shows it', async (t) => {
      const { app, store, services, org } = await setUp(t, dialect);
      const now = '2026-06-15T12:00:00.000Z';
      const run = await services.compliance.collect(org.id, { now });
      assert.equal(run.validUntil, '2026-06-17T12:00:00.000Z');
      assert.deepEqual(
        run.results.map((r) => [r.collector, r.passed, r.evidenceIds.length]),
        [
          ['vulnerability-management', false, 1],
          ['software-inventory', true, 2],
          ['supplier-relationships', true, 4],
          ['access-rights', true, 3],
          ['policy-compliance', true, 1],
        ],
      );
      assert.equal(run.passed, 4);
      const rows = await store.db
        .selectFrom('gov_evidence')
        .select(['control_id', 'status', 'source', 'expires_at', 'title'])
        .where('org_id', '=', org.id)
        .orderBy('control_id')
        .execute();
      assert.equal(rows.length, 11);
      const a88 = rows.find((r) => r.control_id === 'A.8.8')!;
      assert.equal(a88.status, 'rejected');
      assert.equal(a88.source, 'bulwark:vulnerability-management');
      assert.match(a88.title, /^Vulnerability management: failed \(1 open KEV finding past the due date; /);
      assert.deepEqual(
        rows.filter((r) => r.status === 'accepted').map((r) => r.control_id),
        ['A.5.15', 'A.5.18', 'A.5.19', 'A.5.20', 'A.5.21', 'A.5.22', 'A.5.36', 'A.5.9', 'A.8.19', 'A.8.2'],
      );

      // Coverage: 92 applicable controls (A.5.1 is excluded), 10 with current evidence, A.8.8's is rejected.
      const gap = await services.governance.isoGapStatus(org.id, { asOf: at(now, HOUR) });
      assert.equal(gap.evidenceCoverage.applicable, 92);
      assert.equal(gap.evidenceCoverage.withCurrentEvidence, 10);
      assert.ok(gap.evidenceCoverage.controlsWithoutCurrentEvidence.includes('A.8.8'));
      // Two intervals later the evidence has expired: those 10 controls have only expired evidence.
      const expired = await services.governance.isoGapStatus(org.id, { asOf: at(now, 48 * HOUR + 1000) });
      assert.equal(expired.evidenceCoverage.withCurrentEvidence, 0);
      assert.equal(expired.evidenceCoverage.onlyExpiredOrPending, 10);

      // The audit trail records the run.
      const audit = await store.db
        .selectFrom('audit_log')
        .select(['action', 'entity_id', 'details'])
        .where('org_id', '=', org.id)
        .where('action', '=', 'evidence.collect')
        .execute();
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.entity_id, run.runId);
      assert.deepEqual(JSON.parse(audit[0]!.details!), {
        projectId: run.projectId,
        passed: ['software-inventory', 'supplier-relationships', 'access-rights', 'policy-compliance'],
        failed: ['vulnerability-management'],
        evidence: 11,
      });

      // The SoA export (REST, token with mcp:read) shows each control with its evidence.
      const json = await app.inject({ url: '/api/v1/governance/soa/export', headers: org.bearer('mcp') });
      assert.equal(json.statusCode, 200);
      const soa = json.json().data as {
        controls: {
          controlId: string;
          evidenceCoverage: string;
          evidence: { source: string }[];
        }[];
      };
      assert.equal(soa.controls.length, 93);
      const byControl = new Map(soa.controls.map((c) => [c.controlId, c]));
      assert.equal(byControl.get('A.5.1')!.evidenceCoverage, 'notApplicable');
      // Exported now (after 2026-06-17), the collected evidence has expired.
      assert.equal(byControl.get('A.5.19')!.evidenceCoverage, 'expiredOrPending');
      assert.deepEqual(
        byControl.get('A.5.19')!.evidence.map((e) => e.source),
        ['bulwark:supplier-relationships'],
      );
      assert.equal(byControl.get('A.8.8')!.evidenceCoverage, 'none');
      const csv = await app.inject({
        url: '/api/v1/governance/soa/export?format=csv',
        headers: org.bearer('mcp'),
      });
      assert.equal(csv.statusCode, 200);
      assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
      const lines = csv.body.split('\r\n');
      assert.equal(
        lines[0],
        'controlId,theme,title,applicable,justification,implementationStatus,result,evidenceCoverage,currentEvidence,evidenceIds,evidenceSources',
      );
      assert.equal(
        lines[1],
        'A.5.1,organizational,Security policy set,no,"Policies are the group’s, ""out of scope""",not_started,not_assessed,notApplicable,0,,',
      );
      assert.equal(lines.length, 95); // the header, 93 controls and the empty string after the last line break
      // Another organisation's project id is not found; the collect route is for signed-in admins only.
      const other = await createOrg(services);
      const foreign = await app.inject({
        url: `/api/v1/governance/soa/export?projectId=${run.projectId}`,
        headers: other.bearer('mcp'),
      });
      assert.equal(foreign.statusCode, 404);
      const byToken = await app.inject({
        method: 'POST',
        url: '/api/v1/governance/evidence/collect',
        headers: org.bearer('all'),
      });
      assert.equal(byToken.statusCode, 403);
      const badFormat = await app.inject({
        url: '/api/v1/governance/soa/export?format=pdf',
        headers: org.bearer('mcp'),
      });
      assert.equal(badFormat.statusCode, 400);
    });
  });
}
