import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';
import type { Database } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Runs every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
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
