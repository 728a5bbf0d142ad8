import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';

// Frozen: on PostgreSQL, changes to OAuth artefacts (a token revoked, a grant disconnected) and to users (a role
// lowered) notify the servers' principal caches too, through the function of 2026-11-22-47. SQLite needs
// nothing: a server sees other connections' commits through `PRAGMA data_version`.

const TABLES = ['oauth_records', 'users'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify_principals`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bulwark_notify_principals()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of TABLES)
    await sql`drop trigger ${sql.id(`${table}_notify_principals`)} on ${sql.table(table)}`.execute(db);
}
