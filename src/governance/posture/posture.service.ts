/** posture_summary: one roll-up of the governance, findings, vendor and risk figures of an organisation. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { FindingService } from '../../findings/finding.service.ts';
import type { RiskService } from '../../risks/risk.service.ts';
import type { VendorService } from '../../vendors/vendor.service.ts';
import { DAY, HOUR, minusMs, num, pct, resolveAsOf, type AsOf } from '../common.ts';
import { countOffboarding, countStale } from '../access/accounts.repository.ts';
import { countPrivilegedGrantedAndRevoked, countUnusedHighRisk } from '../access/grants.repository.ts';
import { DELTA_WINDOW_DAYS } from '../access/grants.service.ts';
import { countSodPairs } from '../access/peers.repository.ts';
import { readStampedPostureSnapshot } from '../access/posture-snapshot.ts';
import { openDebtAt } from '../access/risk.service.ts';
import { evidenceCounts } from '../evidence/evidence.service.ts';
import { evidenceCoverage } from '../iso/iso.service.ts';
import { uarCounts } from '../reviews/reviews.service.ts';
import { postureMemo } from './posture-memo.ts';

/** EPSS score from which a finding counts as likely to be exploited in posture_summary. */
const HIGH_EPSS = 0.1;

/**
 * posture_summary. One roll-up; every figure is taken from the tool that defines it (named beside it in
 * docs/governance-tools.md), so the roll-up always equals those tools' answers.
 */
export async function postureSummary(
  db: Kysely<Database>,
  orgId: string,
  services: { vendors: VendorService; risks: RiskService; findings: FindingService },
  options: AsOf = {},
  /** The caller's reach (docs/portfolio-access.md): the findings figures count only what it reaches. */
  reach: ReadonlySet<string> | null = null,
) {
  const asOf = resolveAsOf(options);
  const at = { asOf };
  const windowStart = minusMs(asOf, DELTA_WINDOW_DAYS * DAY);
  // Time-independent figures come from the stored snapshot (derived/refresh.ts) and, for the import's own data
  // (settings, ISO project, SoA, maturity), from the memo kept under the snapshot's stamp (posture-memo.ts); the
  // rest are the tools' own count queries at asOf, without their item lists. Independent reads: on PostgreSQL they
  // run on separate pooled connections at once; SQLite serialises them.
  const { snapshot, stamp } = await readStampedPostureSnapshot(db, orgId);
  const { settings, iso, storedDays } = await postureMemo(db, orgId, stamp);
  const project = iso?.project;
  const [
    stale,
    offboarding,
    privileged,
    sod,
    unusedHighRisk,
    uar,
    debt,
    evidence,
    coverage,
    risks,
    findings,
  ] = await Promise.all([
    countStale(db, orgId, minusMs(asOf, settings.staleAccountDays * DAY), storedDays),
    countOffboarding(db, orgId, minusMs(asOf, settings.offboardingSlaHours * HOUR)),
    countPrivilegedGrantedAndRevoked(db, orgId, windowStart, asOf),
    countSodPairs(db, orgId, asOf),
    countUnusedHighRisk(db, orgId, minusMs(asOf, 90 * DAY)),
    uarCounts(db, orgId, asOf),
    openDebtAt(db, orgId, asOf, settings, storedDays),
    evidenceCounts(db, orgId, at, project ?? null),
    iso && evidenceCoverage(db, orgId, iso.project.id, asOf, iso.applicable),
    services.risks.listRegister(orgId),
    services.findings.summary({ orgId, reach }),
  ]);
  // iso_gap_status's and maturity_scores' figures, as posture_summary shows them.
  const gap = iso &&
    coverage && { projectId: iso.project.id, overall: iso.overall, evidenceCoverage: coverage };
  const maturity = iso?.maturity ?? null;
  const highEpss = await services.findings.countOpenWithEpss({ orgId, reach }, HIGH_EPSS);
  const openRisks = risks.filter((r) => r.status !== 'closed');
  const band = (lo: number, hi: number) =>
    openRisks.filter((r) => (r.score ?? 0) >= lo && (r.score ?? 0) <= hi).length;
  return {
    asOf,
    access: {
      staleAccounts: stale,
      offboardingViolations: num(offboarding.accounts),
      privilegedOffboardingViolations: num(offboarding.privileged),
      privilegedGranted30d: privileged.granted,
      privilegedRevoked30d: privileged.revoked,
      // access_concentration's sodViolations.total and .withoutException.
      sodViolations: num(sod.total),
      sodViolationsWithoutException: num(sod.total) - num(sod.excepted),
      concentrationOutliers: snapshot.concentrationOutliers,
      uncorrelatedAccounts: snapshot.humanAccounts - snapshot.correlatedAccounts,
      orphanedAccounts: snapshot.orphanedAccounts,
      correlationRate: pct(snapshot.correlatedAccounts, snapshot.humanAccounts),
      highRiskGrants: snapshot.highRiskGrants,
      highRiskUnused90d: unusedHighRisk,
      disabledAccountsWithGrants: snapshot.disabledAccounts,
      loginsDuringLeave: snapshot.leaveLoginAccounts,
      securityDebtOpen: debt,
    },
    reviews: {
      activeCampaigns: uar.activeCampaigns,
      pendingDecisions: uar.pending,
      completionRate: uar.completionRate,
      overdueRemediation: uar.overdueRemediation,
      selfReviews: uar.selfReviews,
      selfReviewedDecisions: uar.selfReviewedDecisions,
      reviewerInManagerChain: uar.reviewerInManagerChain,
      decidedWithoutEvidence: uar.decidedWithoutEvidence,
    },
    iso: gap && {
      projectId: gap.projectId,
      applicable: gap.overall.applicable,
      implemented: gap.overall.implemented,
      gaps: gap.overall.gaps,
      percentImplemented: gap.overall.percentImplemented,
      withCurrentEvidence: gap.evidenceCoverage.withCurrentEvidence,
      onlyExpiredOrPendingEvidence: gap.evidenceCoverage.onlyExpiredOrPending,
      withoutEvidence: gap.evidenceCoverage.withoutEvidence,
      percentCovered: gap.evidenceCoverage.percentCovered,
    },
    maturity: maturity && {
      projectId: maturity.projectId,
      controlsAssessed: maturity.total,
      averageScore: maturity.averageScore,
      belowTarget: maturity.belowTarget,
    },
    evidence: evidence && {
      projectId: evidence.projectId,
      total: evidence.total,
      expired: evidence.expired,
      expiringSoon: evidence.expiringSoon,
      pending: evidence.byStatus.pending,
      rejected: evidence.byStatus.rejected,
    },
    // `kev` comes with the summary; `highEpss`: open findings with an EPSS score of at least 0.1.
    findings: { ...findings, highEpss },
    // Third parties only, as supplier_list and supplier_assessment_status count them.
    vendors: await services.vendors.riskSummary(orgId, { thirdPartiesOnly: true }),
    risks: {
      open: openRisks.length,
      high: band(15, 25),
      medium: band(8, 14),
      low: band(1, 7),
      unrated: openRisks.filter((r) => r.score === null).length,
    },
  };
}
