/** Queries behind paths and plans: an SBOM's dependency graph and its open findings, always within one organisation. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson } from '../db/helpers.ts';
import type { GraphComponent } from './dependency-graph.ts';
import { visibleSbom } from '../db/visible-sbom.ts';

/** The SBOM's subject's dependencies (component ids), null when it names none; undefined: no such SBOM here. */
export async function rootDependenciesOf(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
): Promise<{ rootDependsOn: string[] | null } | undefined> {
  const row = await db
    .selectFrom('sboms')
    .select('root_depends_on')
    .where('org_id', '=', orgId)
    .where('id', '=', sbomId)
    .where(visibleSbom())
    .executeTakeFirst();
  if (!row) return undefined;
  return { rootDependsOn: row.root_depends_on === null ? null : fromJson<string[]>(row.root_depends_on, []) };
}

/**
 * Every component of the SBOM in document order, as the graph needs it.
 * visibility: of an SBOM rootDependenciesOf found visible first (RemediationService.graphOf).
 */
export async function graphComponentsOf(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
): Promise<GraphComponent[]> {
  const rows = await db
    .selectFrom('sbom_components')
    .select(['id', 'purl', 'name', 'version', 'depends_on'])
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    purl: r.purl,
    name: r.name,
    version: r.version,
    // Most components of a large SBOM are leaves: skip the parse of their empty list.
    dependsOn: r.depends_on === '[]' ? [] : fromJson<string[]>(r.depends_on, []),
  }));
}

export interface OpenFindingRow {
  id: string;
  component_id: string;
  severity: string;
  vulnerability_id: string;
  aliases: string;
  advisory_ids: string;
  purl: string | null;
  version: string | null;
  ecosystem: string | null;
  package_key: string | null;
}

/** The SBOM's open findings (triaged and retracted ones do not count) with their component's package. */
export function openFindingsOf(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
): Promise<OpenFindingRow[]> {
  // visibility: from findings, which a pending SBOM has none of (docs/upload-fairness.md).
  return db
    .selectFrom('findings as f')
    .innerJoin('sbom_components as c', (join) =>
      join.onRef('c.id', '=', 'f.component_id').on('c.org_id', '=', orgId),
    )
    .select(['f.id', 'f.component_id', 'f.severity', 'f.vulnerability_id', 'f.aliases', 'f.advisory_ids'])
    .select(['c.purl', 'c.version', 'c.ecosystem', 'c.package_key'])
    .where('f.org_id', '=', orgId)
    .where('f.sbom_id', '=', sbomId)
    .where('f.status', '=', 'open')
    .where('f.retracted_at', 'is', null)
    .orderBy('f.id')
    .execute();
}
