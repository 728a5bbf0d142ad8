/** The demo's governance data: review campaigns, the ISO 27001 project, evidence and maturity history. */
import { DAY, HOUR } from '../common.ts';
import type { GovernanceBundle } from '../import/bundle.schema.ts';
import { ANNEX_A } from '../iso/annex-a.ts';
import type { AccessData } from './demo-access.ts';
import type { Prng } from './catalog.ts';

const iso = (ms: number) => new Date(ms).toISOString();
/** Items per review campaign: enough to be realistic, bounded so a 100k-identity demo stays fast. */
const CAMPAIGN_ITEMS_CAP = 4000;

/**
 * Four quarterly campaigns over privileged and high-risk grants: three completed (with remediation on time,
 * late or still open) and the current one in progress. Remediated revocations revoke the grant.
 */
export function generateReviews(
  rng: Prng,
  access: AccessData,
  now: number,
): Pick<GovernanceBundle, 'reviewCampaigns' | 'reviewItems'> {
  const managerOf = new Map(access.identities.map((p) => [p.externalId, p.managerExternalId]));
  const campaigns: NonNullable<GovernanceBundle['reviewCampaigns']> = [];
  const items: NonNullable<GovernanceBundle['reviewItems']> = [];
  const starts = [270, 180, 90, 20];
  starts.forEach((daysAgo, q) => {
    const start = now - daysAgo * DAY;
    const due = start + 30 * DAY;
    const active = q === starts.length - 1;
    const id = `demo-uac-${q + 1}`;
    const head = access.identities.find((p) => p.department === 'Security')?.externalId;
    campaigns.push({
      externalId: id,
      name: `Quarterly access review ${q + 1}`,
      status: active ? 'active' : 'completed',
      ...(head ? { ownerExternalId: head } : {}),
      startedAt: iso(start),
      dueAt: iso(due),
      ...(active ? {} : { completedAt: iso(due - rng.int(0, 3) * DAY) }),
    });
    const inScope = access.grants.filter(
      (g) =>
        g.subject &&
        (g.privileged || g.risk === 'high' || g.risk === 'critical') &&
        Date.parse(g.grantedAt) < start &&
        (!g.revokedAt || Date.parse(g.revokedAt) > start),
    );
    // An even sample across the scope when it is larger than the cap.
    const take = Math.min(CAMPAIGN_ITEMS_CAP, inScope.length);
    for (let n = 0; n < take; n++) {
      const grant = inScope[Math.floor((n * inScope.length) / take)]!;
      const subject = grant.subject!;
      // The manager reviews; a department head without one reviews their own access (a self-review).
      const reviewer = managerOf.get(subject) ?? subject;
      const decided = !active || rng.chance(0.55);
      const decision = !decided
        ? 'pending'
        : rng.weighted([
            ['approve', 88],
            ['revoke', 8],
            ['modify', 4],
          ] as const);
      const decidedAt = start + rng.int(1, active ? daysAgo - 1 : 29) * DAY + rng.int(0, 23) * HOUR;
      const item: NonNullable<GovernanceBundle['reviewItems']>[number] = {
        externalId: `demo-uai-${q + 1}-${n}`,
        campaignExternalId: id,
        grantExternalId: grant.externalId,
        subjectExternalId: subject,
        reviewerExternalId: reviewer,
        decision,
        ...(decided ? { decidedAt: iso(decidedAt) } : {}),
        // Decision evidence: a note for every revocation or change, a ticket link for most approvals.
        ...(decision === 'revoke' || decision === 'modify'
          ? { evidenceNote: 'Access no longer needed for the role' }
          : decision === 'approve' && rng.chance(0.6)
            ? { evidenceUrl: `https://tickets.demo.example.com/UAR-${q + 1}-${n}` }
            : {}),
      };
      if (decision === 'approve') grant.lastReviewedAt = iso(decidedAt);
      if (decision === 'revoke' || decision === 'modify') {
        const sla = (grant.privileged ? 3 : 7) * DAY;
        const r = rng.next();
        const remediated =
          r < 0.85
            ? decidedAt + rng.next() * sla
            : r < 0.95
              ? decidedAt + sla + rng.int(1, 40) * DAY
              : undefined;
        if (remediated !== undefined && remediated <= now) {
          Object.assign(item, { remediationStatus: 'done', remediatedAt: iso(remediated) });
          if (decision === 'revoke' && !grant.revokedAt) grant.revokedAt = iso(remediated);
        } else Object.assign(item, { remediationStatus: 'pending' });
      }
      items.push(item);
    }
  });
  return { reviewCampaigns: campaigns, reviewItems: items };
}

/** One ISO 27001 project about nine months in: most controls decided, half implemented, evidence and maturity history. */
export function generateIso(
  rng: Prng,
  access: AccessData,
  now: number,
  riskIds: readonly string[] = [],
): Pick<GovernanceBundle, 'isoProjects' | 'soaEntries' | 'evidence' | 'maturityAssessments'> {
  const project = 'demo-iso-1';
  const owners = access.identities
    .filter((p) => p.status === 'active' && /Security|IT/.test(p.department ?? ''))
    .map((p) => p.externalId);
  const owner = () => (owners.length > 0 ? { ownerExternalId: rng.pick(owners) } : {});
  const soaEntries: NonNullable<GovernanceBundle['soaEntries']> = [];
  const evidence: NonNullable<GovernanceBundle['evidence']> = [];
  const maturity: NonNullable<GovernanceBundle['maturityAssessments']> = [];
  const excluded = new Map([
    ['A.7.5', 'Offices are leased; the landlord manages environmental protection'],
    ['A.7.11', 'No on-premises data centre'],
    ['A.7.12', 'No on-premises data centre'],
    ['A.8.30', ''],
    ['A.7.13', 'Cloud-only infrastructure: no on-premises equipment to maintain'],
  ]);
  // The last two controls are still undecided: the SoA is not complete yet.
  const decided = ANNEX_A.slice(0, -2);
  decided.forEach((control, i) => {
    if (excluded.has(control.id)) {
      const why = excluded.get(control.id)!;
      soaEntries.push({
        projectExternalId: project,
        controlId: control.id,
        applicable: false,
        ...(why ? { justification: why } : {}),
        implementationStatus: 'not_started',
      });
      return;
    }
    const status = rng.weighted([
      ['implemented', 45],
      ['in_progress', 25],
      ['planned', 15],
      ['not_started', 15],
    ] as const);
    const target = rng.int(3, 4);
    const current =
      status === 'implemented'
        ? rng.int(target - 1, target)
        : status === 'in_progress'
          ? rng.int(1, target - 1)
          : rng.int(0, 1);
    const result =
      status === 'implemented'
        ? rng.weighted([
            ['effective', 70],
            ['partially_effective', 25],
            ['ineffective', 5],
          ] as const)
        : 'not_assessed';
    soaEntries.push({
      projectExternalId: project,
      controlId: control.id,
      applicable: true,
      // Some controls not started yet have no justification written; four in five treat a register risk.
      ...(status === 'not_started' && rng.chance(0.5)
        ? {}
        : { justification: 'Required by the risk assessment' }),
      ...(riskIds.length > 0 && i % 5 !== 4 ? { riskIds: [riskIds[i % riskIds.length]!] } : {}),
      implementationStatus: status,
      result,
      maturityCurrent: current,
      maturityTarget: target,
      ...owner(),
    });
    // Quarterly maturity history climbing to today's level.
    [270, 180, 90, 10].forEach((ago, q) =>
      maturity.push({
        externalId: `demo-mat-${control.id}-${q}`,
        projectExternalId: project,
        controlId: control.id,
        score: Math.max(0, current - [2, 1, 1, 0][q]!),
        target,
        assessedAt: iso(now - ago * DAY),
      }),
    );
    if (status === 'implemented' || status === 'in_progress') {
      for (let e = 0; e < rng.int(1, 3); e++) {
        const collected = now - rng.int(1, 420) * DAY;
        evidence.push({
          externalId: `demo-evd-${control.id}-${e}`,
          projectExternalId: project,
          controlId: control.id,
          title: `${control.title}: evidence ${e + 1}`,
          collectedAt: iso(collected),
          expiresAt: iso(collected + 365 * DAY),
          status: rng.weighted([
            ['accepted', 80],
            ['pending', 15],
            ['rejected', 5],
          ] as const),
          ...(owners.length > 0 ? { collectorExternalId: rng.pick(owners) } : {}),
        });
      }
    }
  });
  return {
    isoProjects: [
      {
        externalId: project,
        name: 'ISO 27001 certification',
        status: 'active',
        createdAt: iso(now - 280 * DAY),
        targetDate: iso(now + 180 * DAY),
        soaVersion: '2.1',
        soaApprovedAt: iso(now - 40 * DAY),
      },
    ],
    soaEntries,
    evidence,
    maturityAssessments: maturity,
  };
}
