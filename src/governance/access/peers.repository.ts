// SQL for the peer tools (access_concentration, access_anomaly_discovery): reads the derived
// summaries gov_identity_access, gov_peer_groups and gov_sod_violations (rebuilt by snapshot.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The exception in force at `asOf` for each (rule, identity) that has one (approved at or before, expiring after;
 * of several, the one expiring last, then the lowest id): computed once and joined to the pairs. A subquery per
 * pair scanned the exceptions 177 times a call on PostgreSQL (127 pairs, then again for the 50 listed: 354 of
 * the statement's 515 pages; BENCHMARKS.md, "Tool server").
 */
const exceptionsInForce = (orgId: string, asOf: string) => sql`(select w.rule_id, w.identity_id, w.id from (
    select x.rule_id, x.identity_id, x.id,
      row_number() over (partition by x.rule_id, x.identity_id order by x.expires_at desc, x.id) as rn
    from gov_sod_exceptions x where x.org_id = ${orgId} and x.approved_at <= ${asOf} and x.expires_at > ${asOf}) w
  where w.rn = 1)`;

/**
 * SoD pairs: all, with an exception in force at `asOf`, of terminated identities, through owned accounts.
 * The pairs with an exception in force are one uncorrelated set, built once (PostgreSQL hashes it, SQLite indexes
 * it): probing the exceptions pair by pair was most of PostgreSQL's time. The holder's status is one key probe
 * per pair (a join made PostgreSQL hash all identities: 150 ms at 100k).
 */
export async function countSodPairs(db: Kysely<Database>, orgId: string, asOf: string) {
  const counts = await sql<Record<string, number>>`${sodPairCounts(orgId, asOf)}`.execute(db);
  return counts.rows[0] ?? {};
}

/** Stored pairs with an exception in force at `asOf`, summed over the pairs v. */
const excepted = (orgId: string, asOf: string) => sql`sum(case when (v.rule_id, v.identity_id) in
    (select x.rule_id, x.identity_id from gov_sod_exceptions x
      where x.org_id = ${orgId} and x.approved_at <= ${asOf} and x.expires_at > ${asOf}) then 1 else 0 end)`;

/** countSodPairs' single-row select (total, excepted, terminated, via_owned). */
const sodPairCounts = (orgId: string, asOf: string) => sql`select count(*) as total,
      ${excepted(orgId, asOf)} as excepted,
      sum(case when (select i.status from gov_identities i where i.id = v.identity_id and i.org_id = v.org_id)
        = 'terminated' then 1 else 0 end) as terminated,
      sum(v.via_owned_account) as via_owned
    from gov_sod_violations v where v.org_id = ${orgId}`;

/**
 * Its first two columns alone (total, excepted: posture_summary's pair), without the holder's status probed pair
 * by pair (on SQLite at 10,000 identities, 127 pairs: count and status 0.105 ms, the count alone 0.013 ms).
 */
export const sodExceptedCounts = (orgId: string, asOf: string) => sql`select count(*) as total,
      ${excepted(orgId, asOf)} as excepted
    from gov_sod_violations v where v.org_id = ${orgId}`;

/** The first `limit` pairs: without an exception first, then most severe rule first. */
/** Pairs without an exception in force first, then by rule severity, rule and identity. */
const sodOrder = (alias: string) => {
  const p = sql.raw(alias);
  return sql`case when ${p}.exception_id is null then 0 else 1 end,
    case ${p}.severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end, ${p}.rule_id, ${p}.identity_id`;
};

/** The first `limit` pairs in that order; chosen before their identities' names are joined. */
export async function listSodPairs(db: Kysely<Database>, orgId: string, asOf: string, limit: number) {
  const rows = await sql<{
    rule_id: string;
    name: string;
    severity: string;
    identity_id: string;
    display_name: string;
    department: string | null;
    status: string;
    via_owned_account: number;
    exception_id: string | null;
    mitigating_control: string | null;
    exception_expires_at: string | null;
    exception_approved_at: string | null;
    approver_name: string | null;
  }>`
    select p.rule_id, p.name, p.severity, p.identity_id, i.display_name, i.department, i.status, p.via_owned_account,
      p.exception_id, x.mitigating_control, x.expires_at as exception_expires_at, x.approved_at as exception_approved_at,
      a.display_name as approver_name
    from (select q.* from (
        select v.rule_id, r.name, r.severity, v.identity_id, v.via_owned_account, e.id as exception_id
        from gov_sod_violations v join gov_sod_rules r on r.id = v.rule_id and r.org_id = v.org_id
        left join ${exceptionsInForce(orgId, asOf)} e on e.rule_id = v.rule_id and e.identity_id = v.identity_id
        where v.org_id = ${orgId}) q
      order by ${sodOrder('q')} limit ${limit}) p
    join gov_identities i on i.id = p.identity_id and i.org_id = ${orgId}
    left join gov_sod_exceptions x on x.id = p.exception_id and x.org_id = ${orgId}
    left join gov_identities a on a.id = x.approved_by_id and a.org_id = ${orgId}
    order by ${sodOrder('p')}`.execute(db);
  return rows.rows;
}

/** Entitlements held (active grants) by exactly one identity, privileged first. */
export async function listSingleHolders(db: Kysely<Database>, orgId: string) {
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
  return rows.rows;
}

/** Identities holding grants, concentration outliers and privileged outliers (flags set by the import). */
export async function countConcentration(db: Kysely<Database>, orgId: string) {
  const counts = await sql<{ holders: number; outliers: number; priv_outliers: number }>`select
      count(*) as holders, sum(outlier) as outliers, sum(priv_outlier) as priv_outliers
    from gov_identity_access where org_id = ${orgId}`.execute(db);
  return counts.rows[0] ?? { holders: 0, outliers: 0, priv_outliers: 0 };
}

/** The first `limit` concentration outliers, highest ratio to the department mean first. */
export async function listConcentrationOutliers(db: Kysely<Database>, orgId: string, limit: number) {
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
    order by a.grants * 1.0 / a.mean_grants desc, a.grants desc, a.identity_id limit ${limit}`.execute(db);
  return top.rows;
}

/** The first `limit` identities holding rare entitlements (most first), with the totals over all of them. */
/** Identities holding at least one entitlement rare in their peer group, and their rare assignments. */
export async function countRareHolders(db: Kysely<Database>, orgId: string) {
  const counts = await sql<{ outliers: number; assignments: number }>`select count(*) as outliers,
      sum(rare) as assignments from gov_identity_access where org_id = ${orgId} and rare > 0`.execute(db);
  return counts.rows[0] ?? { outliers: 0, assignments: 0 };
}

/** The first `limit` holders of rare entitlements, most rare first; chosen before joining their names. */
export async function listRareHolders(db: Kysely<Database>, orgId: string, limit: number) {
  const rows = await sql<{
    identity_id: string;
    department: string;
    title: string;
    rare: number;
    size: number;
    display_name: string;
  }>`
    select a.identity_id, a.department, a.title, a.rare, g.size, i.display_name from (
      select identity_id, department, title, rare from gov_identity_access
      where org_id = ${orgId} and rare > 0 order by rare desc, identity_id limit ${limit}) a
    join gov_peer_groups g on g.org_id = ${orgId} and g.department = a.department and g.title = a.title
    join gov_identities i on i.id = a.identity_id and i.org_id = ${orgId}
    order by a.rare desc, a.identity_id`.execute(db);
  return rows.rows;
}

/**
 * Peer groups: with a known department and title, evaluated (size ≥ min) or skipped (smaller); groups of
 * identities missing a department or a title are never judged and counted apart.
 */
export async function countPeerGroups(db: Kysely<Database>, orgId: string, minSize: number) {
  const known = sql`department <> '' and title <> ''`;
  const groups = await sql<{ evaluated: number; skipped: number; unknown: number }>`select
      sum(case when ${known} and size >= ${minSize} then 1 else 0 end) as evaluated,
      sum(case when ${known} and size < ${minSize} then 1 else 0 end) as skipped,
      sum(case when ${known} then 0 else 1 end) as unknown
    from gov_peer_groups where org_id = ${orgId}`.execute(db);
  return groups.rows[0] ?? { evaluated: 0, skipped: 0, unknown: 0 };
}
