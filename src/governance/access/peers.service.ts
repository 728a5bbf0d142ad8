import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { num, resolveAsOf, type AsOf } from '../common.ts';

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
 * Separation-of-duty violations: distinct (rule, identity) pairs where the identity holds active grants of
 * both of the rule's entitlements (on any accounts). Read from gov_sod_violations, rebuilt by every import
 * (`sodPairsQuery` is the definition).
 */
export const sodPairs = (orgId: string) =>
  sql`select rule_id, identity_id from gov_sod_violations where org_id = ${orgId}`;

export const sodPairsQuery = (orgId: string) => sql`select distinct r.id as rule_id, ga.identity_id
  from gov_sod_rules r
  join gov_grants ga on ga.org_id = r.org_id and ga.entitlement_id = r.entitlement_a_id and ga.revoked_at is null
  join gov_grants gb on gb.org_id = r.org_id and gb.entitlement_id = r.entitlement_b_id and gb.revoked_at is null
    and gb.identity_id = ga.identity_id
  where r.org_id = ${orgId} and ga.identity_id is not null`;

async function sodViolations(db: Kysely<Database>, orgId: string) {
  const count = await sql<{ n: number }>`select count(*) as n from (${sodPairs(orgId)}) v`.execute(db);
  const rows = await sql<{
    rule_id: string;
    name: string;
    severity: string;
    identity_id: string;
    display_name: string;
    department: string | null;
  }>`
    select v.rule_id, r.name, r.severity, v.identity_id, i.display_name, i.department from (${sodPairs(orgId)}) v
    join gov_sod_rules r on r.id = v.rule_id and r.org_id = ${orgId}
    join gov_identities i on i.id = v.identity_id and i.org_id = ${orgId}
    order by case r.severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end, v.rule_id, v.identity_id
    limit ${SOD_ITEMS_CAP}`.execute(db);
  const items = rows.rows.map((r) => ({
    ruleId: r.rule_id,
    ruleName: r.name,
    severity: r.severity,
    identityId: r.identity_id,
    displayName: r.display_name,
    department: r.department,
  }));
  const total = num(count.rows[0]?.n);
  return { items, total, truncated: total > items.length };
}

async function singleHolders(db: Kysely<Database>, orgId: string) {
  // Lowest and highest holder per entitlement: each an O(log n) probe of the (org, entitlement, revoked_at,
  // identity) index; equal and present means exactly one distinct holder.
  // Written as ORDER BY … LIMIT 1 because PostgreSQL does not turn a correlated min()/max() into one probe.
  const holder = (
    direction: 'asc' | 'desc',
  ) => sql`(select g.identity_id from gov_grants g where g.org_id = e.org_id
    and g.entitlement_id = e.id and g.revoked_at is null and g.identity_id is not null order by g.identity_id ${sql.raw(direction)} limit 1)`;
  const rows = await sql<{
    id: string;
    name: string;
    privileged: number;
    identity_id: string;
    display_name: string | null;
  }>`
    select h.id, h.name, h.privileged, h.lo as identity_id, i.display_name from (
      select e.id, e.name, e.privileged, ${holder('asc')} as lo, ${holder('desc')} as hi
      from gov_entitlements e where e.org_id = ${orgId}) h
    left join gov_identities i on i.id = h.lo and i.org_id = ${orgId}
    where h.lo = h.hi order by h.privileged desc, h.name, h.id`.execute(db);
  const items = rows.rows.slice(0, SINGLE_HOLDER_CAP).map((r) => ({
    entitlementId: r.id,
    entitlementName: r.name,
    privileged: num(r.privileged) === 1,
    identityId: r.identity_id,
    holderName: r.display_name,
  }));
  const privileged = rows.rows.filter((r) => num(r.privileged) === 1).length;
  return { items, total: rows.rows.length, privileged, truncated: rows.rows.length > items.length };
}

/**
 * access_concentration. Per identity: active grants and privileged grants against the mean of their
 * department (identities holding at least one grant). Outliers hold at least 2× the mean; also entitlements
 * with a single holder and separation-of-duty violations.
 */
export async function concentration(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  // Flags and department means are computed by every import (snapshot.ts); here only flagged rows are read.
  const counts = await sql<{
    holders: number;
    outliers: number;
    priv_outliers: number;
  }>`select count(*) as holders,
      sum(outlier) as outliers, sum(priv_outlier) as priv_outliers from gov_identity_access where org_id = ${orgId}`.execute(
    db,
  );
  const top = await sql<{
    identity_id: string;
    department: string;
    n: number;
    p: number;
    mean_n: number;
    mean_p: number;
    members: number;
    display_name: string;
  }>`
    select a.identity_id, a.department, a.grants as n, a.privileged as p, a.mean_grants as mean_n, a.mean_privileged as mean_p,
      a.members, i.display_name
    from gov_identity_access a join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
    where a.org_id = ${orgId} and a.outlier = 1
    order by a.grants * 1.0 / a.mean_grants desc, a.grants desc, a.identity_id limit ${CONCENTRATION_ITEMS_CAP}`.execute(
    db,
  );
  const c = counts.rows[0] ?? { holders: 0, outliers: 0, priv_outliers: 0 };
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const items = top.rows.map((r) => ({
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
    singleHolders: await singleHolders(db, orgId),
    sodViolations: await sodViolations(db, orgId),
  };
}

/**
 * access_anomaly_discovery. Peer group = (department, title) of non-terminated identities; groups smaller than
 * MIN_PEER_GROUP are skipped. An entitlement an identity holds is rare when at most 20 % of its peer group
 * hold it (holders × 5 ≤ group size). Outliers are identities holding at least one rare entitlement.
 */
export async function anomalyDiscovery(db: Kysely<Database>, orgId: string, options: AsOf = {}) {
  const asOf = resolveAsOf(options);
  // Rare counts come from gov_identity_access, rebuilt by every import (see snapshot.ts for the query).
  const rows = await sql<{
    identity_id: string;
    department: string;
    title: string;
    rare: number;
    size: number;
    outliers: number;
    assignments: number;
    display_name: string;
  }>`
    select a.identity_id, a.department, a.title, a.rare, g.size, i.display_name,
      count(*) over () as outliers, sum(a.rare) over () as assignments
    from gov_identity_access a
    join gov_peer_groups g on g.org_id = a.org_id and g.department = a.department and g.title = a.title
    join gov_identities i on i.id = a.identity_id and i.org_id = a.org_id
    where a.org_id = ${orgId} and a.rare > 0
    order by a.rare desc, a.identity_id limit ${ANOMALY_ITEMS_CAP}`.execute(db);
  const groups = await sql<{ evaluated: number; skipped: number }>`select
      sum(case when size >= ${MIN_PEER_GROUP} then 1 else 0 end) as evaluated, sum(case when size < ${MIN_PEER_GROUP} then 1 else 0 end) as skipped
    from gov_peer_groups where org_id = ${orgId} and department <> '' and title <> ''`.execute(db);
  const first = rows.rows[0];
  const total = num(first?.outliers);
  const items = rows.rows.map((r) => ({
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
    groupsEvaluated: num(groups.rows[0]?.evaluated),
    groupsSkipped: num(groups.rows[0]?.skipped),
    rareAssignments: num(first?.assignments),
    items,
    total,
    truncated: total > items.length,
  };
}
