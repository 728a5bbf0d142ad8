// The peer tools: access_concentration and access_anomaly_discovery.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as repo from './peers.repository.ts';
import { num, resolveAsOf, type AsOf } from '../common.ts';
import { StampedMemo } from '../derived/stamped-memo.ts';
import { readPostureSnapshot, readStampedPostureSnapshot } from './posture-snapshot.ts';

export const CONCENTRATION_ITEMS_CAP = 20;
export const SINGLE_HOLDER_CAP = 25;
export const SOD_ITEMS_CAP = 50;
export const ANOMALY_ITEMS_CAP = 25;
/** Concentration outlier: at least this many times the department's mean grant count. */
export const CONCENTRATION_FACTOR = 2;
/** Peer groups (department + title) smaller than this are not judged. */
export const MIN_PEER_GROUP = 5;
/** An entitlement is rare in a peer group when at most 1 in RARE_DIVISOR members hold it (≤ 20 %). */
export const RARE_DIVISOR = 5;

/**
 * Separation-of-duty violations (rule, identity), terminated identities and owned accounts included; each
 * says whether an exception is in force at asOf (approved, not yet expired) with its mitigating control.
 */
export async function sodViolations(db: Kysely<Database>, orgId: string, asOf: string) {
  const c = await repo.countSodPairs(db, orgId, asOf);
  const rows = await repo.listSodPairs(db, orgId, asOf, SOD_ITEMS_CAP);
  const items = rows.map((r) => ({
    ruleId: r.rule_id,
    ruleName: r.name,
    severity: r.severity,
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department,
    identityStatus: r.status,
    throughOwnedAccount: num(r.via_owned_account) === 1,
    exception:
      r.exception_id === null
        ? null
        : {
            exceptionId: r.exception_id,
            mitigatingControl: r.mitigating_control,
            approvedAt: r.exception_approved_at,
            expiresAt: r.exception_expires_at,
            actorName: r.approver_name,
          },
  }));
  const total = num(c.total);
  return {
    withException: num(c.excepted),
    withoutException: total - num(c.excepted),
    terminatedIdentities: num(c.terminated),
    throughOwnedAccounts: num(c.via_owned),
    items,
    total,
    truncated: total > items.length,
  };
}

/**
 * Entitlements with one holder: the import's data alone, and the costliest read of access_concentration (two index
 * probes per entitlement, ≈ 2 ms of its ≈ 3 ms at 10,000 identities), so kept under the snapshot's stamp.
 */
const singleHolderRows = new StampedMemo(repo.listSingleHolders);

async function singleHolders(db: Kysely<Database>, orgId: string, stamp: string | null) {
  const rows = await singleHolderRows.get(db, orgId, stamp);
  const items = rows.slice(0, SINGLE_HOLDER_CAP).map((r) => ({
    entitlementId: r.id,
    entitlementName: r.name,
    privileged: num(r.privileged) === 1,
    identityId: r.identity_id,
    holderName: r.display_name,
  }));
  const privileged = rows.filter((r) => num(r.privileged) === 1).length;
  return { items, total: rows.length, privileged, truncated: rows.length > items.length };
}

/**
 * access_concentration. Per identity: active grants and privileged grants against the mean of their
 * department (identities holding at least one grant). Outliers hold at least 2× the mean; also entitlements
 * with a single holder and separation-of-duty violations.
 */
export async function concentration(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  // Flags and department means are derived tables (derived/refresh.ts), their totals stored with the posture
  // snapshot; here only flagged rows are read.
  const { snapshot, stamp } = await readStampedPostureSnapshot(db, orgId);
  const c = {
    holders: snapshot.accessHolders,
    outliers: snapshot.concentrationOutliers,
    priv_outliers: snapshot.privilegedOutliers,
  };
  const top = await repo.listConcentrationOutliers(db, orgId, CONCENTRATION_ITEMS_CAP);
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const items = top.map((r) => ({
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department || null,
    grants: num(r.n),
    privilegedGrants: num(r.p),
    departmentMeanGrants: round2(num(r.mean_n)),
    departmentMeanPrivileged: round2(num(r.mean_p)),
    ratio: round2(num(r.n) / num(r.mean_n)),
    peers: num(r.members),
  }));
  const outliers = num(c.outliers);
  return {
    asOf,
    peerGroup: 'department',
    factor: CONCENTRATION_FACTOR,
    identitiesWithGrants: num(c.holders),
    privilegedOutliers: num(c.priv_outliers),
    // items: the concentration outliers, highest ratio first.
    items,
    total: outliers,
    truncated: outliers > items.length,
    singleHolders: await singleHolders(db, orgId, stamp),
    sodViolations: await sodViolations(db, orgId, asOf),
  };
}

/**
 * access_anomaly_discovery. Peer group = (department, title) of non-terminated identities; groups smaller than
 * MIN_PEER_GROUP are skipped. An entitlement an identity holds is rare when at most 20 % of its peer group
 * hold it (holders × 5 ≤ group size). Outliers are identities holding at least one rare entitlement.
 */
export async function anomalyDiscovery(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  // Rare counts come from gov_identity_access, a derived table (derived/refresh.ts; snapshot.ts has the query).
  const rows = await repo.listRareHolders(db, orgId, ANOMALY_ITEMS_CAP);
  const groups = await repo.countPeerGroups(db, orgId, MIN_PEER_GROUP);
  // Totals stored with the posture snapshot.
  const snapshot = await readPostureSnapshot(db, orgId);
  const counts = { outliers: snapshot.rareOutliers, assignments: snapshot.rareAssignments };
  const total = num(counts.outliers);
  const items = rows.map((r) => ({
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department,
    title: r.title,
    rareEntitlements: num(r.rare),
    peerGroupSize: num(r.size),
  }));
  return {
    asOf,
    peerGroup: 'department+title',
    minGroupSize: MIN_PEER_GROUP,
    rareAtMostShare: 1 / RARE_DIVISOR,
    groupsEvaluated: num(groups.evaluated),
    groupsSkipped: num(groups.skipped),
    groupsWithoutDepartmentOrTitle: num(groups.unknown),
    rareAssignments: num(counts.assignments),
    items,
    total,
    truncated: total > items.length,
  };
}
