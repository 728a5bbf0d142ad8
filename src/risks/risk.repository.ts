/** The risk register's queries, always filtered on the organisation. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { RiskRow } from './risk.table.ts';

export const insertRisk = (db: Kysely<Database>, row: RiskRow) =>
  db.insertInto('risks').values(row).execute();

export const findRisk = (db: Kysely<Database>, orgId: string, id: string): Promise<RiskRow | undefined> =>
  db.selectFrom('risks').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

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
