/** The queries of organisations, users and tokens. */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { nextTurn } from '../shared/turns.ts';
import type { ApiTokenRow, OrganizationRow, UserRow } from './tenancy.table.ts';

export const findOrgBySlug = (db: Kysely<Database>, slug: string): Promise<OrganizationRow | undefined> =>
  db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findOrgById = (db: Kysely<Database>, id: string): Promise<OrganizationRow | undefined> =>
  db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();

export const listOrgs = (db: Kysely<Database>): Promise<OrganizationRow[]> =>
  db.selectFrom('organizations').selectAll().orderBy('slug').execute();

export const countOrgs = async (db: Kysely<Database>): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertOrg = (db: Kysely<Database>, row: OrganizationRow) =>
  db.insertInto('organizations').values(row).execute();

export const updateOrg = (db: Kysely<Database>, id: string, changes: Partial<OrganizationRow>) =>
  db.updateTable('organizations').set(changes).where('id', '=', id).execute();

/** Policy violations of an organisation deleted per statement (docs/resilience.md: no long hold). */
const VIOLATIONS_PER_DELETE = 2_000;

/**
 * Deletes the organisation; every row of it goes with its row by their foreign keys' cascade, but for its policy
 * violations on PostgreSQL, which have none there (migrations 2026-11-27-40 and 2026-11-28-10): they go first, a
 * chunk per statement (an upload with policies leaves 50,000 of them), then with the row what a writer added
 * meanwhile (its SBOM's row held in its transaction: the cascade to the SBOMs waited for its commit). Their
 * history goes with them by its own key. No route or command deletes an organisation yet; whatever does must come
 * through here, since a bare `DELETE FROM organizations` leaves its violations behind on PostgreSQL. Returns
 * whether the organisation was there.
 * visibility: every violation of the organisation, a pending upload's too.
 */
export async function deleteOrganisation(db: Kysely<Database>, id: string): Promise<boolean> {
  for (;;) {
    const chunk = db
      .selectFrom('policy_violations')
      .select('id')
      .where('org_id', '=', id)
      .limit(VIOLATIONS_PER_DELETE);
    const result = await db.deleteFrom('policy_violations').where('id', 'in', chunk).executeTakeFirst();
    if (Number(result.numDeletedRows) < VIOLATIONS_PER_DELETE) break;
    await nextTurn();
  }
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('organizations').where('id', '=', id).executeTakeFirst();
    await trx.deleteFrom('policy_violations').where('org_id', '=', id).execute();
    return Number(result.numDeletedRows) === 1;
  });
}

export const insertUser = (db: Kysely<Database>, row: UserRow) =>
  db.insertInto('users').values(row).execute();

export const findUserByEmail = (
  db: Kysely<Database>,
  orgId: string,
  email: string,
): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('email', '=', email)
    .executeTakeFirst();

export const findFirstUser = (db: Kysely<Database>, orgId: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('org_id', '=', orgId).orderBy('id').limit(1).executeTakeFirst();

export const listUsers = (db: Kysely<Database>, orgId: string): Promise<UserRow[]> =>
  db.selectFrom('users').selectAll().where('org_id', '=', orgId).orderBy('id').execute();

export const insertToken = (db: Kysely<Database>, row: ApiTokenRow) =>
  db.insertInto('api_tokens').values(row).execute();

export const findTokenById = (db: Kysely<Database>, id: string): Promise<ApiTokenRow | undefined> =>
  db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();

export const listTokens = (db: Kysely<Database>, orgId: string): Promise<ApiTokenRow[]> =>
  db.selectFrom('api_tokens').selectAll().where('org_id', '=', orgId).orderBy('id').execute();

export const revokeToken = (db: Kysely<Database>, id: string, at: string) =>
  db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();

export interface TokenWithOrg {
  id: string;
  org_id: string;
  user_id: string;
  secret_hash: string;
  scopes: string;
  asset_tags: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  plan: string;
  mcp_write_enabled: number | boolean;
}

/**
 * The token and its organisation in one probe. This runs on every authenticated request, so it is written as
 * raw SQL: building it with the query builder costs more than executing it. (Scalar subqueries, not a join:
 * SQLite runs this shape several times faster.)
 */
export async function findTokenWithOrg(
  db: Kysely<Database>,
  secretHash: string,
): Promise<TokenWithOrg | undefined> {
  const result = await sql<TokenWithOrg>`
    select t.id, t.org_id, t.user_id, t.secret_hash, t.scopes, t.asset_tags, t.expires_at, t.revoked_at,
      (select o.plan from organizations o where o.id = t.org_id) as plan,
      (select o.mcp_write_enabled from organizations o where o.id = t.org_id) as mcp_write_enabled
    from api_tokens t
    where t.secret_hash = ${secretHash}`.execute(db);
  return result.rows[0];
}

export interface UserWithOrg extends UserRow {
  slug: string;
}

/** The users with this e-mail address in every organisation (sign-in without an organisation slug). */
export const findUsersByEmailAnyOrg = (db: Kysely<Database>, email: string): Promise<UserWithOrg[]> =>
  db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.org_id')
    .selectAll('u')
    .select('o.slug')
    .where('u.email', '=', email)
    .orderBy('u.id')
    .limit(20)
    .execute();

export const findUserById = (db: Kysely<Database>, orgId: string, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();

export const updateUser = (db: Kysely<Database>, id: string, changes: Partial<UserRow>) =>
  db.updateTable('users').set(changes).where('id', '=', id).execute();

export const deleteUser = (db: Kysely<Database>, id: string) =>
  db.deleteFrom('users').where('id', '=', id).execute();

/**
 * The organisation's owners. On PostgreSQL their rows are locked until the transaction ends, so two people
 * demoting the last two owners at once cannot both pass the "one owner remains" check; SQLite has one writer.
 */
export async function countOwners(db: Kysely<Database>, orgId: string): Promise<number> {
  const query = db.selectFrom('users').select('id').where('org_id', '=', orgId).where('role', '=', 'owner');
  const rows = await (dialectOf(db) === 'postgres' ? query.forUpdate() : query).execute();
  return rows.length;
}
