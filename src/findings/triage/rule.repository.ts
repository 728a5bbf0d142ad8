// The triage rules' queries and the findings they visit, always filtered on the organisation.
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { orgIdNotIndexed } from '../../db/helpers.ts';
import { COMPONENT_OF_FINDING, type FindingWithComponent } from '../finding.repository.ts';
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
 * document (a person's triage always wins). With `ruleId`, only those that rule set. A page after `afterId`, not
 * locked: SQLite's passes (one writer) and previews; PostgreSQL's passes read `nextCandidatePage` and
 * `lockCandidatesIn`.
 */
export async function ruleCandidates(
  db: Kysely<Database>,
  orgId: string,
  page: { afterId: string; limit: number; ruleId?: string | undefined },
): Promise<RuleCandidate[]> {
  const base = () =>
    db
      .selectFrom('findings as f')
      .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
      .innerJoin('sboms as s', 's.id', 'f.sbom_id')
      .selectAll('f')
      .select([...COMPONENT_OF_FINDING, 's.asset_name'])
      .where('f.org_id', '=', orgId)
      .where('f.retracted_at', 'is', null)
      .where(visibleSbom('s'))
      .where('f.id', '>', page.afterId)
      .orderBy('f.id')
      .limit(page.limit);
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
 * PostgreSQL: the ids of the next page of a pass, up to `limit` candidates after `afterId`, and whether more may
 * follow. From `findings` alone, unlocked and without the joins: the walk is always in id order
 * whatever the planner's statistics say (joined with `sboms` under the LIMIT, `findings` analysed and `sboms` not,
 * it sorted every remaining finding for each page: BENCHMARKS.md "Triage rules"). `lockCandidatesIn` then reads and
 * locks the page's rows.
 */
export async function nextCandidatePage(
  db: Kysely<Database>,
  orgId: string,
  page: { afterId: string; limit: number; ruleId?: string | undefined },
): Promise<{ ids: string[]; more: boolean }> {
  // visibility: from findings, which a pending SBOM has none of; lockCandidatesIn joins the visible SBOMs.
  const base = () =>
    db
      .selectFrom('findings as f')
      .select('f.id')
      .where('f.org_id', '=', orgId)
      .where('f.retracted_at', 'is', null)
      .where('f.id', '>', page.afterId)
      .orderBy('f.id')
      .limit(page.limit);
  const walks = page.ruleId
    ? [base().where('f.triage_rule_id', '=', page.ruleId)]
    : [
        // Each along its own index, as ruleCandidates's walks.
        base()
          .where('f.status', '=', 'open')
          .where((eb) =>
            eb.or([eb('f.triage_source', 'is', null), eb('f.triage_source', '=', 'carry_over')]),
          ),
        base().where('f.triage_source', '=', 'rule'),
      ];
  const ids = (await Promise.all(walks.map((w) => w.execute())))
    .flat()
    .map((r) => r.id)
    .sort()
    .slice(0, page.limit);
  return { ids, more: ids.length === page.limit };
}

/**
 * PostgreSQL: the candidates among `ids`, locked until the transaction ends, in one statement and in id order (as
 * `lockFindings`), so two batches never deadlock. A batch that waits for another's row reads
 * the row as the other left it (READ COMMITTED re-checks a locked row's conditions on its newest version), so a
 * finding another pass has just triaged is seen triaged and not written twice (`rules.test.ts`).
 */
export async function lockCandidatesIn(
  trx: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
  ruleId: string | undefined,
): Promise<RuleCandidate[]> {
  if (ids.length === 0) return [];
  // The page's findings locked by primary key in a subquery of their own (kept apart: it has FOR UPDATE), then
  // joined: PostgreSQL without statistics otherwise drove the join from `sboms` and walked one of the SBOM's
  // indexes, 100,000 rows for 500, whatever the ids. orgIdNotIndexed keeps the check and not its index.
  const page = trx
    .selectFrom('findings')
    .selectAll()
    .where(orgIdNotIndexed, '=', orgId)
    .where(sql<boolean>`${sql.ref('id')} = any(${[...ids]}::text[])`)
    .where('retracted_at', 'is', null)
    .where((eb) =>
      ruleId
        ? eb('triage_rule_id', '=', ruleId)
        : // On 500 rows read by primary key, one OR costs nothing (unlike the open walk's).
          eb.or([
            eb.and([
              eb('status', '=', 'open'),
              eb.or([eb('triage_source', 'is', null), eb('triage_source', '=', 'carry_over')]),
            ]),
            eb('triage_source', '=', 'rule'),
          ]),
    )
    .orderBy('id')
    .forUpdate()
    .as('f');
  const query = trx
    .selectFrom(page)
    .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
    .innerJoin('sboms as s', 's.id', 'f.sbom_id')
    .selectAll('f')
    .select([...COMPONENT_OF_FINDING, 's.asset_name'])
    .where(visibleSbom('s'))
    .orderBy('f.id');
  return (await query.execute()) as RuleCandidate[];
}
