// Store reads and writes of the pipeline features (assets, triage carry-over, exports, diff, VEX); every query
// filters on the organisation.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SbomRow } from '../sboms/sbom.table.ts';
import type { FindingRow } from '../findings/finding.table.ts';
import { visibleSbom } from '../db/visible-sbom.ts';

/** The newest SBOM of an asset (ids are time-ordered), optionally the newest before a given SBOM. */
export function latestSbomOfAsset(
  db: Kysely<Database>,
  orgId: string,
  assetName: string,
  beforeId?: string,
): Promise<SbomRow | undefined> {
  let query = db
    .selectFrom('sboms')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('asset_name', '=', assetName)
    .where('format', 'is not', null)
    .where(visibleSbom());
  if (beforeId) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Every SBOM of the organisation (newest first), for the asset list. */
export function allSboms(db: Kysely<Database>, orgId: string): Promise<SbomRow[]> {
  return db
    .selectFrom('sboms')
    .selectAll()
    .where('org_id', '=', orgId)
    .where(visibleSbom())
    .orderBy('id', 'desc')
    .execute();
}

/** A finding's columns the pipeline reads (the findings' own row type, not a copy) with its component's. */
export type FindingRowWithComponent = Pick<
  FindingRow,
  | 'id'
  | 'sbom_id'
  | 'component_id'
  | 'vulnerability_id'
  | 'aliases'
  | 'advisory_ids'
  | 'severity'
  | 'severity_source'
  | 'cvss_score'
  | 'cvss_vector'
  | 'fixed_versions'
  | 'status'
  | 'remediation_notes'
  | 'justification'
  | 'response'
  | 'detail'
  | 'triage_source'
> & {
  name: string;
  version: string | null;
  purl: string | null;
  group_name: string | null;
  bom_ref: string | null;
};

/**
 * Non-retracted findings of one SBOM with their component, in id order, `limit` after `afterId` (keyset paging).
 * visibility: from findings, which a pending SBOM has none of (docs/upload-fairness.md).
 */
export function findingsOfSbom(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  page?: { afterId: string | null; limit: number },
): Promise<FindingRowWithComponent[]> {
  let query = db
    .selectFrom('findings as f')
    .innerJoin('sbom_components as c', 'c.id', 'f.component_id')
    .select([
      'f.id',
      'f.sbom_id',
      'f.component_id',
      'f.vulnerability_id',
      'f.aliases',
      'f.advisory_ids',
      'f.severity',
      'f.severity_source',
      'f.cvss_score',
      'f.cvss_vector',
      'f.fixed_versions',
      'f.status',
      'f.remediation_notes',
      'f.justification',
      'f.response',
      'f.detail',
      'f.triage_source',
      'c.name',
      'c.version',
      'c.purl',
      'c.group_name',
      'c.bom_ref',
    ])
    .where('f.org_id', '=', orgId)
    .where('f.sbom_id', '=', sbomId)
    .where('f.retracted_at', 'is', null);
  if (page?.afterId) query = query.where('f.id', '>', page.afterId);
  query = query.orderBy('f.id');
  if (page) query = query.limit(page.limit);
  return query.execute();
}

export interface ComponentIdentityRow {
  id: string;
  name: string;
  version: string | null;
  purl: string | null;
  group_name: string | null;
  bom_ref: string | null;
}

/** visibility: of an SBOM the caller found with findSbom (diff, export), so visible. */
export function componentsOfSbom(
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
): Promise<ComponentIdentityRow[]> {
  return db
    .selectFrom('sbom_components')
    .select(['id', 'name', 'version', 'purl', 'group_name', 'bom_ref'])
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .orderBy('position')
    .execute();
}

/** Open-finding counts by severity of the given SBOMs (the latest version of each asset). */
export async function openCountsBySbom(
  db: Kysely<Database>,
  orgId: string,
  sbomIds: readonly string[],
): Promise<{ sbom_id: string; severity: string; n: number }[]> {
  if (sbomIds.length === 0) return [];
  const rows = await db
    .selectFrom('findings')
    .select((eb) => ['sbom_id', 'severity', eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('sbom_id', 'in', sbomIds)
    .where('status', '=', 'open')
    .where('retracted_at', 'is', null)
    .groupBy(['sbom_id', 'severity'])
    .execute();
  return rows.map((r) => ({ sbom_id: r.sbom_id, severity: r.severity, n: Number(r.n) }));
}

/** Advisories held per ecosystem, for the coverage of a scan. */
export async function advisoriesPerEcosystem(
  db: Kysely<Database>,
  ecosystems: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (ecosystems.length === 0) return out;
  const rows = await db
    .selectFrom('vuln_affected')
    .select((eb) => ['ecosystem', eb.fn.count<number>('advisory_id').distinct().as('n')])
    .where('ecosystem', 'in', ecosystems)
    .groupBy('ecosystem')
    .execute();
  for (const r of rows) out.set(r.ecosystem, Number(r.n));
  return out;
}
