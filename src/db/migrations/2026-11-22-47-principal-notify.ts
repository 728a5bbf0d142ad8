import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';
import { PRINCIPAL_CHANNEL } from '../change-stamp.ts';

// Frozen: on PostgreSQL, any change to tokens or organisations notifies the servers' principal caches
// (LISTEN/NOTIFY, delivered at commit; the payload names the schema). Statement-level triggers also catch changes made outside Bulwark.
// SQLite needs nothing: a server sees other connections' commits through `PRAGMA data_version`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create function bulwark_notify_principals() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(PRINCIPAL_CHANNEL)}, tg_table_schema);
      return null;
    end $$`.execute(db);
  for (const table of ['api_tokens', 'organizations']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_principals`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bulwark_notify_principals()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of ['api_tokens', 'organizations']) {
    await sql`drop trigger ${sql.id(`${table}_notify_principals`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function bulwark_notify_principals()`.execute(db);
}
