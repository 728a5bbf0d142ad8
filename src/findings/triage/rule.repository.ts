// The triage rules' queries and the findings they visit, always filtered on the organisation.
import { sql, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import { dialectOf } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import type { TriageRuleRow, TriageRuleTable } from './rule.table.ts';

export function listRules(db: Kysely<Database>, orgId: string): Promise<TriageRuleRow[]> {
  return db.selectFrom('triage_rules').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}

export function findRule(
  db: Kysely<Database>,
  orgId: string,
  id: string,
): Promise<TriageRuleRow | undefined> {
  return db
    .selectFrom('triage_rules')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertRule(db: Kysely<Database>, row: Insertable<TriageRuleTable>): Promise<void> {
  await db.insertInto('triage_rules').values(row).execute();
}

export async function updateRule(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  values: Updateable<TriageRuleTable>,
): Promise<void> {
  await db.updateTable('triage_rules').set(values).where('org_id', '=', orgId).where('id', '=', id).execute();
}

export async function deleteRule(db: Kysely<Database>, orgId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('triage_rules')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Rules in force at `now` (started, not ended). */
export function activeRules(db: Kysely<Database>, orgId: string, now: string): Promise<TriageRuleRow[]> {
  return db
    .selectFrom('triage_rules')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
    .execute();
}

/** Rules whose start or end has passed and has not been applied yet, across organisations. */
export function rulesDue(db: Kysely<Database>, now: string): Promise<TriageRuleRow[]> {
  return db
    .selectFrom('triage_rules')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('valid_until', '<=', now), eb('expired_at', 'is', null)]),
        eb.and([eb('valid_from', '<=', now), eb('started_at', 'is', null)]),
      ]),
    )
    .orderBy('id')
    .limit(100)
    .execute();
}

/** A finding as rules see it, with its component and asset. */
export interface RuleCandidate {
  id: string;
  vulnerability_id: string;
  aliases: string;
  severity: string;
  severity_source: string;
  cvss_score: number | null;
  status: string;
  justification: string | null;
  response: string | null;
  detail: string | null;
  triage_source: string | null;
  triage_rule_id: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  ecosystem: string | null;
  asset_name: string;
}

/**
 * Findings rules may change: live, and either set by a rule or open and never triaged by a person or a VEX
 * document (a person's triage always wins). With `ruleId`, only those that rule set. A page after `afterId`,
 * locked on PostgreSQL: a second instance applying rules at once waits for this page and then sees its result.
 */
export async function ruleCandidates(
  db: Kysely<Database>,
  orgId: string,
  page: { afterId: string; limit: number; ruleId?: string | undefined; lock: boolean },
): Promise<RuleCandidate[]> {
  let query = db
    .selectFrom('findings as f')
    .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
    .innerJoin('sboms as s', 's.id', 'f.sbom_id')
    .select([
      'f.id',
      'f.vulnerability_id',
      'f.aliases',
      'f.severity',
      'f.severity_source',
      'f.cvss_score',
      'f.status',
      'f.justification',
      'f.response',
      'f.detail',
      'f.triage_source',
      'f.triage_rule_id',
      'c.name',
      'c.version',
      'c.purl',
      'c.ecosystem',
      's.asset_name',
    ])
    .where('f.org_id', '=', orgId)
    .where('f.retracted_at', 'is', null)
    .where('f.id', '>', page.afterId);
  query = page.ruleId
    ? query.where('f.triage_rule_id', '=', page.ruleId)
    : query.where(
        sql<SqlBool>`(f.triage_source = 'rule' or (f.status = 'open' and (f.triage_source is null or f.triage_source = 'carry_over')))`,
      );
  query = query.orderBy('f.id').limit(page.limit);
  if (page.lock && dialectOf(db) === 'postgres') query = query.forUpdate('f');
  return (await query.execute()) as RuleCandidate[];
}

export async function assetNameOfSbom(db: Kysely<Database>, orgId: string, sbomId: string): Promise<string> {
  const row = await db
    .selectFrom('sboms')
    .select('asset_name')
    .where('org_id', '=', orgId)
    .where('id', '=', sbomId)
    .executeTakeFirst();
  return row?.asset_name ?? '';
}
