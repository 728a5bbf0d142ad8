/** How many advisories are held for each ecosystem of a set of components (the upload's `meta.coverage`). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { baseEcosystem } from './versions/index.ts';
import { advisoriesByEcosystem, generation } from './vulndb.repository.ts';

export interface CoverageEntry {
  ecosystem: string;
  components: number;
  advisories: number;
}

/** Per-ecosystem counts change only when advisories do: cached by the database's generation. */
let cached: { db: Kysely<Database>; generation: number; byBase: Map<string, number> } | undefined;

async function advisoriesByBase(db: Kysely<Database>): Promise<Map<string, number>> {
  const current = await generation(db);
  if (cached?.db === db && cached.generation === current) return cached.byBase;
  const byBase = new Map<string, number>();
  // `Alpine:v3.18` and `Alpine:v3.19` count towards `Alpine` (an advisory in both is counted twice: an upper
  // bound is enough to tell "some" from "none").
  for (const [ecosystem, n] of await advisoriesByEcosystem(db)) {
    const base = baseEcosystem(ecosystem);
    byBase.set(base, (byBase.get(base) ?? 0) + n);
  }
  cached = { db, generation: current, byBase };
  return byBase;
}

/**
 * One entry per distinct ecosystem of the components (those without one are left out), by name. Takes each
 * component's ecosystem, or ready counts per ecosystem.
 */
export async function coverageOf(
  db: Kysely<Database>,
  componentEcosystems: readonly (string | null)[] | ReadonlyMap<string, number>,
): Promise<CoverageEntry[]> {
  const counts = new Map<string, number>();
  if (Array.isArray(componentEcosystems)) {
    for (const e of componentEcosystems as readonly (string | null)[])
      if (e) counts.set(e, (counts.get(e) ?? 0) + 1);
  } else for (const [e, n] of componentEcosystems as ReadonlyMap<string, number>) if (e) counts.set(e, n);
  if (counts.size === 0) return [];
  const held = await advisoriesByBase(db);
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([ecosystem, components]) => ({
      ecosystem,
      components,
      advisories: held.get(baseEcosystem(ecosystem)) ?? 0,
    }));
}
