// SQL of the evidence collectors (docs/compliance.md): the figures each rule reads from the workspace's own
// tables, the organisations to collect for, the SLA settings, and the evidence items a run writes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { visibleSbom } from '../db/visible-sbom.ts';

/** Capped lists of offending ids: an evidence item names the first ones and counts all. */
export const OFFENDING_CAP = 100;

/** The newest SBOM of each asset: the software as it is now (older versions are history). */
const latestSboms = (orgId: string) => sql`(select id from (
    select s.id, row_number() over (partition by s.asset_name order by s.created_at desc, s.id desc) as rn
    from sboms s where s.org_id = ${orgId} and ${visibleSbom('s')}) ranked where rn = 1)`;

const openOnLatest = (orgId: string) =>
  sql`f.org_id = ${orgId} and f.status = 'open' and f.retracted_at is null and f.sbom_id in ${latestSboms(orgId)}`;

/** Open findings on the latest SBOMs whose KEV entry (by id or alias) was due before `dueBefore` (a day). */
export async function kevPastDue(db: Kysely<Database>, orgId: string, dueBefore: string) {
  const rows = await sql<{ id: string }>`select f.id from findings f
    where ${openOnLatest(orgId)} and exists (select 1 from vuln_kev x where x.due_date < ${dueBefore}
      and (x.cve_id = f.vulnerability_id or f.aliases like '%"' || x.cve_id || '"%'))
    order by f.id`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Open findings on the latest SBOMs of `severity` found before `cut`. */
export async function openOlderThan(db: Kysely<Database>, orgId: string, severity: string, cut: string) {
  const rows = await sql<{ id: string }>`select f.id from findings f
    where ${openOnLatest(orgId)} and f.severity = ${severity} and f.created_at < ${cut}
    order by f.id`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Open violations in state `fail` on the latest SBOMs (docs/policies.md). visibility: of latestSboms' visible SBOMs. */
export async function openFailViolations(db: Kysely<Database>, orgId: string) {
  const rows = await sql<{ id: string }>`select v.id from policy_violations v
    where v.org_id = ${orgId} and v.state = 'fail' and v.status = 'open' and v.sbom_id in ${latestSboms(orgId)}
    order by v.id`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Last success of each OSV ecosystem and of the KEV catalog (shared by every organisation). */
export async function feedStates(db: Kysely<Database>) {
  return db
    .selectFrom('vuln_sync_state')
    .select(['source', 'last_success_at'])
    .where((eb) => eb.or([eb('source', 'like', 'osv:%'), eb('source', '=', 'kev')]))
    .orderBy('source')
    .execute();
}

/** Each asset and the time of its newest SBOM. */
/** Active assets (an inactive one is out of the inventory: docs/portfolio.md) and their newest SBOM's upload. */
export async function assetsWithLatestUpload(db: Kysely<Database>, orgId: string) {
  return db
    .selectFrom('assets as a')
    .leftJoin('sboms as s', (join) =>
      join.onRef('s.asset_id', '=', 'a.id').onRef('s.org_id', '=', 'a.org_id').on(visibleSbom('s')),
    )
    .select((eb) => ['a.name as asset_name', eb.fn.max('s.created_at').as('latest')])
    .where('a.org_id', '=', orgId)
    .where('a.active', '=', 1)
    .groupBy(['a.id', 'a.name'])
    .orderBy('a.name')
    .execute();
}

/** Tier-1 vendors and the time of their newest completed supplier assessment (null: never completed). */
export async function tierOneVendors(db: Kysely<Database>, orgId: string) {
  const rows = await sql<{ id: string; name: string; assessed_at: string | null }>`select v.id, v.name,
      (select max(a.assessed_at) from gov_supplier_assessments a
        where a.org_id = v.org_id and a.vendor_id = v.id and a.status = 'completed') as assessed_at
    from vendors v where v.org_id = ${orgId} and v.risk_tier = 1 order by v.id`.execute(db);
  return rows.rows;
}

/** The newest review campaign that was due at or before `asOf` (its deadline has come). */
export async function lastDueCampaign(db: Kysely<Database>, orgId: string, asOf: string) {
  return db
    .selectFrom('gov_review_campaigns')
    .select(['id', 'name', 'status', 'due_at', 'completed_at'])
    .where('org_id', '=', orgId)
    .where('due_at', '<=', asOf)
    .orderBy('due_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Active accounts holding an active privileged grant that are stale: last login at or before `cut`, or never
 * logged in and created at or before it (access_stale_accounts' definition).
 */
export async function stalePrivilegedAccounts(db: Kysely<Database>, orgId: string, cut: string) {
  // From the live privileged grants (a partial index holds only them) to their accounts: the other way round
  // walked every stale account and probed its grants (200-360 ms at 100,000 identities, bench/governance).
  const rows = await sql<{ id: string }>`select distinct g.account_id as id from gov_grants g
    join gov_accounts a on a.id = g.account_id
    where g.org_id = ${orgId} and g.revoked_at is null and g.privileged = 1
      and a.org_id = ${orgId} and a.status = 'active'
      and (a.last_login_at <= ${cut} or (a.last_login_at is null and a.created_at <= ${cut}))`.execute(db);
  return rows.rows.map((r) => r.id).sort();
}

export interface SlaSettings {
  criticalDays: number;
  highDays: number;
}

export const DEFAULT_SLA: SlaSettings = { criticalDays: 15, highDays: 30 };

export async function slaSettings(db: Kysely<Database>, orgId: string): Promise<SlaSettings> {
  const row = await db
    .selectFrom('compliance_settings')
    .selectAll()
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return row ? { criticalDays: row.vuln_sla_critical_days, highDays: row.vuln_sla_high_days } : DEFAULT_SLA;
}

export async function saveSlaSettings(
  db: Kysely<Database>,
  orgId: string,
  sla: SlaSettings,
  at: string,
): Promise<void> {
  const values = {
    vuln_sla_critical_days: sla.criticalDays,
    vuln_sla_high_days: sla.highDays,
    updated_at: at,
  };
  await db
    .insertInto('compliance_settings')
    .values({ org_id: orgId, ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
    .execute();
}

/** The organisation's active ISO 27001 project (the oldest active one, as the governance tools choose). */
export async function activeProject(db: Kysely<Database>, orgId: string) {
  return db
    .selectFrom('gov_iso_projects')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Organisations with an active ISO project: the scheduled collection's work list. */
export async function organisationsWithActiveProject(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('gov_iso_projects')
    .select('org_id')
    .distinct()
    .where('status', '=', 'active')
    .orderBy('org_id')
    .execute();
  return rows.map((r) => r.org_id);
}

export interface EvidenceInsert {
  id: string;
  org_id: string;
  external_id: string;
  project_id: string;
  control_id: string;
  title: string;
  collected_at: string;
  expires_at: string;
  status: 'accepted' | 'rejected';
  collector_id: null;
  source: string;
  details: string;
}

export async function insertEvidence(db: Kysely<Database>, rows: EvidenceInsert[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('gov_evidence').values(rows).execute();
}

/** Every evidence item of a project, per control in collection order (the Statement of Applicability's detail). */
export async function projectEvidence(db: Kysely<Database>, orgId: string, projectId: string) {
  return db
    .selectFrom('gov_evidence')
    .select(['id', 'control_id', 'title', 'status', 'collected_at', 'expires_at', 'source'])
    .where('org_id', '=', orgId)
    .where('project_id', '=', projectId)
    .orderBy('control_id')
    .orderBy('collected_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
