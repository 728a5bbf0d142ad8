// Which tables a committed upload or policy re-evaluation filled enough to need fresh planner statistics
// (db/statistics.ts).
import type { DialectName } from '../db/connect.ts';
import { ANALYZE_AFTER_ROWS } from '../db/statistics.ts';

/**
 * The tables to analyse after a write of `rows`, each from ANALYZE_AFTER_ROWS rows on: an upload's components (and
 * the violations its policies write per component), a re-evaluation's violations (created or removed). The
 * re-evaluation after a policy change reads the components and the violations page by page: with only one of them
 * analysed it took 1.5 s and 2.6 s, with both 0.8–0.9 s, with neither 3.4–3.8 s (BENCHMARKS.md, "Policies").
 *
 * Not findings, though an upload may write many: a triage rule applied to 100,000 findings took 6.8–7.9 s with the
 * table unanalysed and 8.6–9.4 s with it analysed (bench/triage/triage.bench.ts --analyze findings). With
 * statistics for findings but not for the small sboms table (autovacuum analyses it only after 50 changed rows), the
 * rule's page walk misjudges its join with sboms (288 rows for 49,999) and sorts every remaining finding of each
 * page instead of walking them in id order and stopping at 500 (150 ms a page instead of 1–2 ms). Autovacuum
 * analyses findings after a few large uploads but a table of a few SBOMs only after 50 changed rows, so `sboms`
 * (a few rows, under 1 ms) is analysed with the components: with both analysed the walk is ordered again (0.9 ms a
 * page).
 *
 * PostgreSQL only: SQLite's plans for these reads do not depend on statistics (the re-evaluation took 0.24–0.28 s
 * with or without them; the one lookup that did, components by id, is written not to), and ANALYZE there is a
 * write that takes the store's one writer and changes the plans of every query on the table.
 */
export function tablesFilledBy(
  dialect: DialectName,
  rows: { components?: number; violations?: number },
): string[] {
  if (dialect !== 'postgres') return [];
  const tables = new Set<string>();
  if ((rows.components ?? 0) >= ANALYZE_AFTER_ROWS)
    tables.add('sboms').add('sbom_components').add('policy_violations');
  if ((rows.violations ?? 0) >= ANALYZE_AFTER_ROWS) tables.add('policy_violations');
  return [...tables];
}
