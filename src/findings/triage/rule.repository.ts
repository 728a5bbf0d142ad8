// The triage rules' queries and the findings they visit, always filtered on the organisation.
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { dialectOf } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import type { FindingWithComponent } from '../finding.repository.ts';
import type { TriageRuleRow, TriageRuleTable } from './rule.table.ts';
import { visibleSbom } from '../../db/visible-sbom.ts';

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
  return (
    db
      .selectFrom('triage_rules')
      .selectAll()
      .where('org_id', '=', orgId)
      .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
      // Once the schedule check has reverted a rule at its end, it stays out, whatever clock a caller passes.
      .where('expired_at', 'is', null)
      .execute()
  );
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

/** A finding as rules see it: the whole row with its component, and its asset. */
export interface RuleCandidate extends FindingWithComponent {
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
  const lock = page.lock && dialectOf(db) === 'postgres';
  const base = () => {
    const query = db
      .selectFrom('findings as f')
      .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
      .innerJoin('sboms as s', 's.id', 'f.sbom_id')
      .selectAll('f')
      .select([
        'c.name as component_name',
        'c.version as component_version',
        'c.purl as component_purl',
        'c.ecosystem as component_ecosystem',
        'c.package_key as component_package_key',
        's.asset_name',
      ])
      .where('f.org_id', '=', orgId)
      .where('f.retracted_at', 'is', null)
      .where(visibleSbom('s'))
      .where('f.id', '>', page.afterId)
      .orderBy('f.id')
      .limit(page.limit);
    return lock ? query.forUpdate('f') : query;
  };
  if (page.ruleId)
    return (await base().where('f.triage_rule_id', '=', page.ruleId).execute()) as RuleCandidate[];
  // Two walks in id order, each along its own index (org_id, status, id) and (org_id, triage_source, id), merged:
  // one OR over both made SQLite scan every finding of the organisation for each page.
  const [open, ruled] = await Promise.all([
    base()
      .where('f.status', '=', 'open')
      .where((eb) => eb.or([eb('f.triage_source', 'is', null), eb('f.triage_source', '=', 'carry_over')]))
      .execute(),
    base().where('f.triage_source', '=', 'rule').execute(),
  ]);
  return ([...open, ...ruled] as RuleCandidate[])
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, page.limit);
}

export async function assetNameOfSbom(db: Kysely<Database>, orgId: string, sbomId: string): Promise<string> {
  const row = await db
    .selectFrom('sboms')
    .select('asset_name')
    .where('org_id', '=', orgId)
    .where('id', '=', sbomId)
    .where(visibleSbom())
    .executeTakeFirst();
  return row?.asset_name ?? '';
}

/**
 * One rule batch of an organisation at a time across instances (PostgreSQL; SQLite has one writer): a batch that
 * waited reads what the other wrote, so no finding is written twice, and two passes' row locks never deadlock
 * (they did: each page locks up to two walks' rows).
 */
export async function serializeRuleBatches(trx: Kysely<Database>, orgId: string): Promise<void> {
  if (dialectOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`triage-rules:${orgId}`}))`.execute(trx);
}
