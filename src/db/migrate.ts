/** Runs the migrations (at start-up and `bulwark migrate`), safe when several processes start at once. */
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
    dialectOf(db) === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    // Domains add migrations independently; a store migrated before a new one landed must still accept it.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
  });
  let { error, results = [] } = await migrator.migrateToLatest();
  // Kysely checks for its own tables by introspecting every schema of the server; another schema dropped at
  // that moment (another instance's or test run's) fails the catalog query. Nothing was migrated then: retry.
  for (let attempt = 1; error && !results.length && isCatalogRace(error) && attempt <= 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results = [] } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    throw failed ? new Error(`Migration ${failed} failed`, { cause: error }) : error;
  }
  return results;
}

/**
 * PostgreSQL's answers when an object vanishes under a catalog query: invalid schema, undefined table, column
 * (a dropped table's columns, seen in CI as `column "spec_version" of relation "sboms" does not exist`) or
 * object, internal cache lookup failure.
 */
const CATALOG_RACE_CODES = new Set(['3F000', '42P01', '42703', '42704', 'XX000']);

function isCatalogRace(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code !== undefined && CATALOG_RACE_CODES.has(code);
}
