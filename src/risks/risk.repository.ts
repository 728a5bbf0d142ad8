/** The risk register's queries, always filtered on the organisation. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { RiskRow } from './risk.table.ts';

export const insertRisk = (db: Kysely<Database>, row: RiskRow) =>
  db.insertInto('risks').values(row).execute();

export const findRisk = (db: Kysely<Database>, orgId: string, id: string): Promise<RiskRow | undefined> =>
  db.selectFrom('risks').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

/**
 * posture_summary's risk figures as one row (db/single-rows.ts): the register's open risks (finalized and not
 * closed) in all, by score band (no score counts 0) and unscored, the same counts it took from the whole register.
 */
export const openRiskBands = (orgId: string) => {
  const band = (lo: number, hi: number) =>
    sql`coalesce(sum(case when coalesce(score, 0) >= ${lo} and coalesce(score, 0) <= ${hi} then 1 else 0 end), 0)`;
  return sql`select count(*) as open, ${band(15, 25)} as high, ${band(8, 14)} as medium, ${band(1, 7)} as low,
    coalesce(sum(case when score is null then 1 else 0 end), 0) as unrated
    from risks where org_id = ${orgId} and status <> 'draft' and status <> 'closed'`;
};

/** Finalized risks only (status other than draft), highest score first, then newest. */
export const listFinalizedRisks = (db: Kysely<Database>, orgId: string): Promise<RiskRow[]> =>
  db
    .selectFrom('risks')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', '<>', 'draft')
    // coalesce: the dialects disagree on where NULL sorts.
    .orderBy(sql`coalesce(score, 0)`, 'desc')
    .orderBy('id', 'desc')
    .execute();
