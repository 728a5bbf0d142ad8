/** posture_summary: one roll-up of the governance, findings, vendor and risk figures of an organisation. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { openCounts, type FindingService } from '../../findings/finding.service.ts';
import { openRiskBands } from '../../risks/risk.repository.ts';
import type { VendorService } from '../../vendors/vendor.service.ts';
import { selectSingleRows, singleRow } from '../../db/single-rows.ts';
import { DAY, HOUR, minusMs, num, pct, resolveAsOf, type AsOf } from '../common.ts';
import { offboardingCounts, staleOwnDay, staleStoredDays } from '../access/accounts.repository.ts';
import { privilegedGrantedAndRevoked, unusedHighRiskParts } from '../access/grants.repository.ts';
import { DELTA_WINDOW_DAYS } from '../access/grants.service.ts';
import { sodExceptedCounts } from '../access/peers.repository.ts';
import { readStampedPostureSnapshot } from '../access/posture-snapshot.ts';
import { openDebtAtParts } from '../access/risk.service.ts';
import { EVIDENCE_COUNTS, evidenceCountsQuery } from '../evidence/evidence.repository.ts';
import { evidenceFigures, expiringBefore } from '../evidence/evidence.service.ts';
import { evidenceCoverage } from '../iso/iso.service.ts';
import { overdueRemediationCount } from '../reviews/reviews.repository.ts';
import { storedReviews, uarCounts } from '../reviews/reviews.service.ts';
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
  services: { vendors: VendorService; findings: FindingService },
  options: AsOf = {},
  /** The caller's reach (docs/portfolio-access.md): the findings figures count only what it reaches. */
  reach: ReadonlySet<string> | null = null,
) {
  const asOf = resolveAsOf(options);
  // Time-independent figures come from the stored snapshot (derived/refresh.ts) and, for the import's own data
  // (settings, ISO project, SoA, maturity, review campaigns), from memos kept under the snapshot's stamp
  // (posture-memo.ts, reviews.service.ts), as do the stored days' sums. The time-dependent counts are the tools'
  // own single-row selects at asOf, read in one statement (db/single-rows.ts: 9 statements before, each a round
  // trip on PostgreSQL), with the findings' and the risk register's counts (4 statements before); the evidence
  // coverage and the vendors' grouped counts apart. On PostgreSQL independent reads run on separate pooled
  // connections at once; SQLite serialises them.
  const { snapshot, stamp } = await readStampedPostureSnapshot(db, orgId);
  const [{ settings, iso, storedDays }, reviews] = await Promise.all([
    postureMemo(db, orgId, stamp),
    storedReviews(db, orgId, stamp),
  ]);
  const project = iso?.project ?? null;
  const staleCut = minusMs(asOf, settings.staleAccountDays * DAY);
  const debt = openDebtAtParts(db, orgId, asOf, settings, storedDays);
  const unused = unusedHighRiskParts(db, orgId, minusMs(asOf, 90 * DAY), storedDays);
  const evidencePart =
    project &&
    singleRow(evidenceCountsQuery(orgId, project.id, asOf, expiringBefore(asOf)), ...EVIDENCE_COUNTS);
  const [staleDays, debtDays, unusedDays, counts, coverage, vendors] = await Promise.all([
    staleStoredDays(db, orgId, staleCut, storedDays),
    debt.stored,
    unused.stored,
    selectSingleRows(db, {
      stale: singleRow(staleOwnDay(orgId, staleCut), 'n'),
      offboarding: singleRow(
        offboardingCounts(orgId, minusMs(asOf, settings.offboardingSlaHours * HOUR)),
        'accounts',
        'privileged',
      ),
      privileged: singleRow(
        privilegedGrantedAndRevoked(orgId, minusMs(asOf, DELTA_WINDOW_DAYS * DAY), asOf),
        'granted',
        'revoked',
      ),
      sod: singleRow(sodExceptedCounts(orgId, asOf), 'total', 'excepted'),
      unusedHighRisk: singleRow(unused.own, 'n'),
      debt: singleRow(debt.own, 'own'),
      overdue: singleRow(overdueRemediationCount(orgId, asOf), 'n'),
      evidence: evidencePart,
      findings: services.findings.openCountsPart({ orgId, reach }, HIGH_EPSS),
      risks: singleRow(openRiskBands(orgId), 'open', 'high', 'medium', 'low', 'unrated'),
    }),
    iso && evidenceCoverage(db, orgId, iso.project.id, asOf, iso.applicable),
    // Third parties only, as supplier_list and supplier_assessment_status count them.
    services.vendors.riskSummary(orgId, { thirdPartiesOnly: true }),
  ]);
  const { offboarding, privileged, sod } = counts;
  const uar = uarCounts(reviews, num(counts.overdue.n));
  const evidence = evidenceFigures(asOf, project, counts.evidence ?? {});
  // iso_gap_status's and maturity_scores' figures, as posture_summary shows them.
  const gap = iso &&
    coverage && { projectId: iso.project.id, overall: iso.overall, evidenceCoverage: coverage };
  const maturity = iso?.maturity ?? null;
  // FindingService.summary()'s figures and the open findings at or above the EPSS cut (countOpenWithEpss).
  const findings = openCounts(counts.findings);
  return {
    asOf,
    access: {
      staleAccounts: staleDays + num(counts.stale.n),
      offboardingViolations: num(offboarding.accounts),
      privilegedOffboardingViolations: num(offboarding.privileged),
      privilegedGranted30d: num(privileged.granted),
      privilegedRevoked30d: num(privileged.revoked),
      // access_concentration's sodViolations.total and .withoutException.
      sodViolations: num(sod.total),
      sodViolationsWithoutException: num(sod.total) - num(sod.excepted),
      concentrationOutliers: snapshot.concentrationOutliers,
      uncorrelatedAccounts: snapshot.humanAccounts - snapshot.correlatedAccounts,
      orphanedAccounts: snapshot.orphanedAccounts,
      correlationRate: pct(snapshot.correlatedAccounts, snapshot.humanAccounts),
      highRiskGrants: snapshot.highRiskGrants,
      highRiskUnused90d: unusedDays + num(counts.unusedHighRisk.n),
      disabledAccountsWithGrants: snapshot.disabledAccounts,
      loginsDuringLeave: snapshot.leaveLoginAccounts,
      securityDebtOpen: debtDays + num(counts.debt.own),
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
    findings: { ...findings.summary, highEpss: findings.highEpss },
    vendors,
    // The register's open risks by score band (risk_register_list's items without the closed ones).
    risks: {
      open: num(counts.risks.open),
      high: num(counts.risks.high),
      medium: num(counts.risks.medium),
      low: num(counts.risks.low),
      unrated: num(counts.risks.unrated),
    },
  };
}
