import type { GovernanceBundle } from './import/bundle.schema.ts';

/**
 * A small hand-built organisation whose tool answers are worked out by hand in docs/governance-tools.md
 * terms; the expected figures live in governance.tools.test.ts. Reference time: FIXTURE_AS_OF.
 */
export const FIXTURE_AS_OF = '2026-06-15T12:00:00.000Z';

const person = (id: string, displayName: string, department: string | undefined, title: string | undefined, extra: Partial<NonNullable<GovernanceBundle['identities']>[number]> = {}) => ({
  externalId: id, displayName, email: `${id}@corp.example.com`, employmentType: 'employee' as const, status: 'active' as const,
  hireDate: '2019-01-01', ...(department ? { department } : {}), ...(title ? { title } : {}), ...extra,
});

const account = (id: string, system: string, identity: string | undefined, type: 'human' | 'service', lastLoginAt?: string, extra: Record<string, string> = {}) => ({
  externalId: id, systemExternalId: system, username: `user-${id}`, type, status: 'active' as const, createdAt: '2025-01-01T00:00:00Z',
  ...(identity ? { identityExternalId: identity } : {}), ...(lastLoginAt ? { lastLoginAt } : {}), ...extra,
});

const grant = (id: string, acc: string, ent: string, extra: Record<string, string> = {}) => ({
  externalId: id, accountExternalId: acc, entitlementExternalId: ent, grantedAt: '2025-01-01T00:00:00Z', ...extra,
});

export const FIXTURE: GovernanceBundle = {
  version: 1,
  identities: [
    person('i1', 'Ada Admin', 'Engineering', 'Engineer', { managerExternalId: 'i9', hireDate: '2020-01-01' }),
    person('i2', 'Ben Builder', 'Engineering', 'Engineer', { managerExternalId: 'i9', hireDate: '2026-05-01' }),
    person('i3', 'Cy Coder', 'Engineering', 'Engineer', { managerExternalId: 'i9', hireDate: '2021-01-01', departmentChangedAt: '2026-06-01T00:00:00Z' }),
    person('i4', 'Di Dev', 'Engineering', 'Engineer', { managerExternalId: 'i9' }),
    person('i5', 'Ed Eng', 'Engineering', 'Engineer', { managerExternalId: 'i9' }),
    person('i6', 'Flo Finance', 'Finance', undefined, { hireDate: '2018-01-01' }),
    person('i7', 'Gus Gone', 'Finance', 'Analyst', { status: 'terminated', terminationDate: '2026-06-10T12:00:00Z' }),
    person('i8', 'Hal Hasty', 'Sales', undefined, { status: 'terminated', terminationDate: '2026-06-15T00:00:00Z' }),
    person('i9', 'Ivy Ivory', 'Engineering', 'Manager'),
  ],
  systems: [
    { externalId: 's1', name: 'Directory', criticality: 'critical', lastSyncAt: '2026-06-15T06:00:00Z' },
    { externalId: 's2', name: 'Ledger', criticality: 'high', lastSyncAt: '2026-06-01T00:00:00Z' },
    { externalId: 's3', name: 'CRM', criticality: 'low' },
  ],
  accounts: [
    account('a1', 's1', 'i1', 'human', '2026-06-14T12:00:00Z'),
    account('a2', 's1', 'i2', 'human', '2026-05-10T12:00:00Z'),
    account('a3', 's1', 'i3', 'human', '2026-04-01T12:00:00Z'),
    account('a4', 's1', 'i4', 'human', '2026-01-01T00:00:00Z'),
    account('a5', 's1', 'i5', 'human'),
    account('a6', 's1', 'i7', 'human', '2026-06-09T00:00:00Z'),
    account('a7', 's2', 'i7', 'human', undefined, { createdAt: '2026-06-01T00:00:00Z' }),
    account('a8', 's2', 'i8', 'human', '2026-06-14T00:00:00Z'),
    account('a9', 's2', undefined, 'human', '2026-06-01T00:00:00Z'),
    account('a10', 's2', undefined, 'service', '2026-06-15T00:00:00Z'),
    account('a11', 's3', 'i6', 'service', '2026-06-15T00:00:00Z'),
    { ...account('a12', 's3', 'i9', 'human', '2025-01-01T00:00:00Z'), status: 'disabled', disabledAt: '2025-02-01T00:00:00Z' },
    account('a13', 's1', 'i6', 'human', '2026-06-10T00:00:00Z'),
    account('a14', 's1', 'i9', 'human', '2026-06-15T00:00:00Z'),
  ],
  entitlements: [
    { externalId: 'e1', systemExternalId: 's1', name: 'Domain Admin', privileged: true, riskLevel: 'critical' },
    { externalId: 'e2', systemExternalId: 's1', name: 'Staff', privileged: false, riskLevel: 'low' },
    { externalId: 'e3', systemExternalId: 's2', name: 'Payments Approve', privileged: false, riskLevel: 'high' },
    { externalId: 'e4', systemExternalId: 's2', name: 'Payments Create', privileged: false, riskLevel: 'medium' },
    { externalId: 'e5', systemExternalId: 's1', name: 'Repo Write', privileged: false, riskLevel: 'high' },
    { externalId: 'e6', systemExternalId: 's3', name: 'CRM Admin', privileged: true, riskLevel: 'high' },
    { externalId: 'e7', systemExternalId: 's1', name: 'Wiki Edit', privileged: false, riskLevel: 'low' },
  ],
  grants: [
    grant('g1', 'a1', 'e1', { grantedAt: '2026-06-01T00:00:00Z', lastUsedAt: '2026-06-14T00:00:00Z' }),
    grant('g2', 'a6', 'e1', { grantedAt: '2024-01-01T00:00:00Z', lastUsedAt: '2026-06-09T00:00:00Z', lastReviewedAt: '2026-01-01T00:00:00Z' }),
    ...['a1', 'a2', 'a3', 'a4', 'a5', 'a13', 'a14'].map((a, n) => grant(`g${n + 3}`, a, 'e2', { lastUsedAt: '2026-06-14T00:00:00Z' })),
    grant('g10', 'a13', 'e3'),
    grant('g11', 'a13', 'e4'),
    grant('g12', 'a1', 'e5', { lastUsedAt: '2026-03-01T00:00:00Z', lastReviewedAt: '2026-05-01T00:00:00Z' }),
    grant('g13', 'a3', 'e5', { lastUsedAt: '2026-06-01T00:00:00Z' }),
    grant('g14', 'a2', 'e1', { grantedAt: '2026-05-01T00:00:00Z', revokedAt: '2026-06-05T00:00:00Z' }),
    grant('g15', 'a14', 'e1', { revokedAt: '2026-05-01T00:00:00Z' }),
    grant('g16', 'a11', 'e6', { expiresAt: '2026-03-01T00:00:00Z' }),
    grant('g17', 'a10', 'e6', { grantedAt: '2025-06-01T00:00:00Z', lastUsedAt: '2026-06-15T00:00:00Z' }),
    grant('g18', 'a4', 'e3', { grantedAt: '2026-04-01T00:00:00Z' }),
    grant('g19', 'a2', 'e5', { grantedAt: '2026-05-01T00:00:00Z', lastUsedAt: '2026-06-10T00:00:00Z' }),
    grant('g20', 'a1', 'e7', { lastUsedAt: '2026-06-01T00:00:00Z' }),
    grant('g21', 'a1', 'e4', { lastUsedAt: '2026-06-01T00:00:00Z' }),
  ],
  sodRules: [{ externalId: 'r1', name: 'Approve and create payments', entitlementAExternalId: 'e3', entitlementBExternalId: 'e4', severity: 'high' }],
  reviewCampaigns: [
    { externalId: 'c1', name: 'Q2 access review', status: 'active', ownerExternalId: 'i9', startedAt: '2026-06-01T00:00:00Z', dueAt: '2026-06-10T00:00:00Z' },
    { externalId: 'c2', name: 'Q1 access review', status: 'completed', ownerExternalId: 'i9', startedAt: '2026-01-05T00:00:00Z', dueAt: '2026-01-31T00:00:00Z', completedAt: '2026-01-30T00:00:00Z' },
  ],
  reviewItems: [
    { externalId: 'ri1', campaignExternalId: 'c1', grantExternalId: 'g1', reviewerExternalId: 'i9', decision: 'pending' },
    { externalId: 'ri2', campaignExternalId: 'c1', grantExternalId: 'g10', reviewerExternalId: 'i6', decision: 'approve', decidedAt: '2026-06-05T00:00:00Z' },
    { externalId: 'ri3', campaignExternalId: 'c1', grantExternalId: 'g12', reviewerExternalId: 'i9', decision: 'revoke', decidedAt: '2026-06-01T00:00:00Z' },
    { externalId: 'ri4', campaignExternalId: 'c1', grantExternalId: 'g2', reviewerExternalId: 'i9', decision: 'revoke', decidedAt: '2026-06-14T00:00:00Z' },
    { externalId: 'ri5', campaignExternalId: 'c2', grantExternalId: 'g16', reviewerExternalId: 'i9', decision: 'modify', decidedAt: '2026-01-20T00:00:00Z', remediationDueAt: '2026-01-23T00:00:00Z', remediationStatus: 'done', remediatedAt: '2026-02-10T00:00:00Z' },
    { externalId: 'ri6', campaignExternalId: 'c2', grantExternalId: 'g9', reviewerExternalId: 'i9', decision: 'approve', decidedAt: '2026-01-20T00:00:00Z' },
  ],
  isoProjects: [
    { externalId: 'p1', name: 'ISMS 2026', status: 'active', createdAt: '2026-01-01T00:00:00Z' },
    { externalId: 'p2', name: 'ISMS 2025', status: 'archived', createdAt: '2025-01-01T00:00:00Z' },
  ],
  soaEntries: [
    { projectExternalId: 'p1', controlId: 'A.5.1', applicable: true, implementationStatus: 'implemented', result: 'effective', maturityCurrent: 3, maturityTarget: 4, ownerExternalId: 'i9' },
    { projectExternalId: 'p1', controlId: 'A.5.2', applicable: true, implementationStatus: 'in_progress', maturityCurrent: 2, maturityTarget: 3 },
    { projectExternalId: 'p1', controlId: 'A.6.1', applicable: false, justification: 'Screening is done by the employer of record', implementationStatus: 'not_started' },
    { projectExternalId: 'p1', controlId: 'A.7.1', applicable: false, implementationStatus: 'not_started' },
    { projectExternalId: 'p1', controlId: 'A.8.2', applicable: true, implementationStatus: 'implemented', result: 'partially_effective', maturityCurrent: 4, maturityTarget: 4 },
    { projectExternalId: 'p1', controlId: 'A.8.5', applicable: true, implementationStatus: 'planned' },
  ],
  evidence: [
    { externalId: 'ev1', projectExternalId: 'p1', controlId: 'A.5.1', title: 'Policy approval minutes', collectedAt: '2026-06-10T00:00:00Z', expiresAt: '2027-06-10T00:00:00Z', status: 'accepted', collectorExternalId: 'i9' },
    { externalId: 'ev2', projectExternalId: 'p1', controlId: 'A.8.2', title: 'Admin access list', collectedAt: '2026-05-01T00:00:00Z', expiresAt: '2026-06-30T00:00:00Z', status: 'accepted', collectorExternalId: 'i1' },
    { externalId: 'ev3', projectExternalId: 'p1', controlId: 'A.8.5', title: 'MFA configuration export', collectedAt: '2025-06-01T00:00:00Z', expiresAt: '2026-06-01T00:00:00Z', status: 'accepted' },
    { externalId: 'ev4', projectExternalId: 'p1', controlId: 'A.5.2', title: 'RACI matrix', collectedAt: '2026-06-12T00:00:00Z', status: 'pending' },
  ],
  maturityAssessments: [
    { externalId: 'm1', projectExternalId: 'p1', controlId: 'A.5.1', score: 2, target: 4, assessedAt: '2026-01-15T00:00:00Z', assessorExternalId: 'i9' },
    { externalId: 'm2', projectExternalId: 'p1', controlId: 'A.5.1', score: 3, target: 4, assessedAt: '2026-05-15T00:00:00Z', assessorExternalId: 'i9' },
    { externalId: 'm3', projectExternalId: 'p1', controlId: 'A.8.2', score: 4, target: 4, assessedAt: '2026-04-01T00:00:00Z' },
    { externalId: 'm4', projectExternalId: 'p1', controlId: 'A.5.10', score: 1, target: 3, assessedAt: '2026-03-01T00:00:00Z' },
    { externalId: 'm5', projectExternalId: 'p1', controlId: 'A.5.2', score: 2, target: 3, assessedAt: '2026-02-01T00:00:00Z' },
    { externalId: 'm6', projectExternalId: 'p2', controlId: 'A.5.1', score: 5, target: 5, assessedAt: '2025-06-01T00:00:00Z' },
  ],
};
