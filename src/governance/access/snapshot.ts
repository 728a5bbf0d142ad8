// The derived access summaries (refreshed by derived/refresh.ts) the peer tools read (SoD pairs, peer groups, per-identity access).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { CONCENTRATION_FACTOR, MIN_PEER_GROUP, RARE_DIVISOR } from './peers.service.ts';

/**
 * Separation-of-duty violations: distinct (rule, identity) pairs where the identity holds active grants of
 * both of the rule's entitlements, on any accounts: its own, and the service, shared and break-glass accounts
 * it owns (their grants carry the owner as identity). Terminated identities are included. Stored in
 * gov_sod_violations by refreshDerived.
 */
export const sodPairsQuery = (orgId: string) => sql`select distinct r.id as rule_id, ga.identity_id
  from gov_sod_rules r
  join gov_grants ga on ga.org_id = r.org_id and ga.entitlement_id = r.entitlement_a_id and ga.revoked_at is null
  join gov_grants gb on gb.org_id = r.org_id and gb.entitlement_id = r.entitlement_b_id and gb.revoked_at is null
    and gb.identity_id = ga.identity_id
  where r.org_id = ${orgId} and ga.identity_id is not null`;

/**
 * Rebuilds the organisation's access summaries (gov_sod_violations, gov_peer_groups, gov_identity_access) from
 * its identities, active grants and separation-of-duty rules. Called by refreshDerived after every write that
 * changed identities, accounts, entitlements, grants or SoD rules, inside the write's transaction; the
 * peer-group tools read these instead of scanning every grant per call.
 * - gov_peer_groups: active identities per (department, title), '' for a missing value.
 * - gov_identity_access: per active identity holding grants: active grants, privileged grants, and the number
 *   of entitlements rare in its peer group (group of at least MIN_PEER_GROUP with known department and title,
 *   held by at most 1 in RARE_DIVISOR of the group).
 */
export async function refreshAccessSnapshot(db: Kysely<Database>, orgId: string): Promise<void> {
  await db.deleteFrom('gov_sod_violations').where('org_id', '=', orgId).execute();
  await sql`insert into gov_sod_violations (org_id, rule_id, identity_id)
    select ${orgId}, v.rule_id, v.identity_id from (${sodPairsQuery(orgId)}) v`.execute(db);
  // Marked afterwards, pair by pair (there are few): joining accounts into the pair query above made
  // PostgreSQL plan it badly before the import's statistics exist.
  await sql`update gov_sod_violations set via_owned_account = 1 where org_id = ${orgId} and exists (
      select 1 from gov_sod_rules r join gov_grants g on g.org_id = r.org_id and g.revoked_at is null
        and g.identity_id = gov_sod_violations.identity_id and g.entitlement_id in (r.entitlement_a_id, r.entitlement_b_id)
      join gov_accounts a on a.id = g.account_id and a.org_id = g.org_id and a.type <> 'human'
      where r.org_id = ${orgId} and r.id = gov_sod_violations.rule_id)`.execute(db);
  // The identity's department, for access_department_risk (a probe per pair, for the same reason).
  await sql`update gov_sod_violations set department = coalesce((select i.department from gov_identities i
      where i.id = gov_sod_violations.identity_id and i.org_id = ${orgId}), '')
    where org_id = ${orgId}`.execute(db);
  await db.deleteFrom('gov_identity_access').where('org_id', '=', orgId).execute();
  await db.deleteFrom('gov_peer_groups').where('org_id', '=', orgId).execute();
  await sql`insert into gov_peer_groups (org_id, department, title, size)
    select ${orgId}, coalesce(department, ''), coalesce(title, ''), count(*) from gov_identities
    where org_id = ${orgId} and status <> 'terminated' group by coalesce(department, ''), coalesce(title, '')`.execute(
    db,
  );
  await sql`with c as (select identity_id, count(*) as n, sum(privileged) as p from gov_grants
      where org_id = ${orgId} and revoked_at is null and identity_id is not null group by identity_id),
    h as (select distinct g.identity_id, g.entitlement_id, i.department, i.title
      from gov_grants g join gov_identities i on i.id = g.identity_id and i.org_id = g.org_id
      where g.org_id = ${orgId} and g.revoked_at is null and i.status <> 'terminated'
        and i.department is not null and i.department <> '' and i.title is not null and i.title <> ''),
    ec as (select department, title, entitlement_id, count(*) as holders from h group by department, title, entitlement_id),
    rare as (select h.identity_id, count(*) as n from h
      join gov_peer_groups gs on gs.org_id = ${orgId} and gs.department = h.department and gs.title = h.title
      join ec on ec.department = h.department and ec.title = h.title and ec.entitlement_id = h.entitlement_id
      where gs.size >= ${MIN_PEER_GROUP} and ec.holders * ${RARE_DIVISOR} <= gs.size group by h.identity_id)
    insert into gov_identity_access (org_id, identity_id, department, title, grants, privileged, rare)
    select ${orgId}, c.identity_id, coalesce(i.department, ''), coalesce(i.title, ''), c.n, c.p, coalesce(rare.n, 0)
    from c join gov_identities i on i.id = c.identity_id and i.org_id = ${orgId}
    left join rare on rare.identity_id = c.identity_id
    where i.status <> 'terminated'`.execute(db);
  // Concentration: each identity against its department's mean (identities with grants); a department with
  // fewer than MIN_PEER_GROUP such identities is too small to compare (the anomaly tool's rule), so no outliers.
  await sql`update gov_identity_access set mean_grants = d.mean_n, mean_privileged = d.mean_p, members = d.members,
      outlier = case when d.members >= ${MIN_PEER_GROUP}
        and gov_identity_access.grants >= ${CONCENTRATION_FACTOR} * d.mean_n then 1 else 0 end,
      priv_outlier = case when d.members >= ${MIN_PEER_GROUP} and gov_identity_access.privileged > 0
        and gov_identity_access.privileged >= ${CONCENTRATION_FACTOR} * d.mean_p then 1 else 0 end
    from (select department, avg(grants * 1.0) as mean_n, avg(privileged * 1.0) as mean_p, count(*) as members
      from gov_identity_access where org_id = ${orgId} group by department) d
    where gov_identity_access.org_id = ${orgId} and gov_identity_access.department = d.department`.execute(
    db,
  );
}
