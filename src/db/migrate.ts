import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';
import { dialectOf } from './connect.ts';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Runs every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  // Kysely looks for its migration tables in every schema unless told which one: with other schemas on the
  // same PostgreSQL server (parallel test runs) it would find theirs and never create its own.
  const schema =
    dialectOf(db) === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    // Domains add migrations independently; a store migrated before a new one landed must still accept it.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    throw failed ? new Error(`Migration ${failed} failed`, { cause: error }) : error;
  }
  return results;
}
