// What policies are evaluated against: an SBOM's components (with license data) and their findings, read in
// pages of the position index so an SBOM of 100,000 components never sits in one array of rows.
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { orgIdNotIndexed } from '../db/helpers.ts';
import { visibleSbom } from '../db/visible-sbom.ts';

export const sbomOf = (db: Kysely<Database>, orgId: string, sbomId: string) =>
  db
    .selectFrom('sboms')
    .select(['id', 'asset_name', 'asset_id'])
    .where('org_id', '=', orgId)
    .where('id', '=', sbomId)
    .where(visibleSbom())
    .executeTakeFirst();

/**
 * Whether the SBOM is still there, inside the caller's transaction, which then writes violations of it only if
 * so: it may have been deleted since a re-evaluation read it. On PostgreSQL the row is locked FOR KEY SHARE, so
 * its deletion waits for the writer's commit and then deletes the rows it wrote (sbom.repository's deleteSbom;
 * no foreign key does it there since migration 2026-11-28-10); SQLite's one writer already keeps the two apart.
 * visibility: of an SBOM its caller found visible (sbomOf).
 */
export async function holdSbom(db: Kysely<Database>, orgId: string, sbomId: string): Promise<boolean> {
  let query = db.selectFrom('sboms').select('id').where('org_id', '=', orgId).where('id', '=', sbomId);
  if (dialectOf(db) === 'postgres') query = query.forKeyShare();
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Components of an SBOM after `afterPosition`, in document order.
 * visibility: of an SBOM found visible (sbomOf, the re-evaluation's sbomsByPriority and sbomsByAge), or of the
 * upload's own in its last transaction, which has made it visible (docs/upload-fairness.md).
 */
export const componentPage = (
  db: Kysely<Database>,
  orgId: string,
  sbomId: string,
  afterPosition: number,
  limit: number,
) =>
  db
    .selectFrom('sbom_components')
    .select([
      'id',
      'name',
      'group_name',
      'version',
      'purl',
      'ecosystem',
      'licenses',
      'license_data',
      'position',
    ])
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .where('position', '>', afterPosition)
    .orderBy('position')
    .limit(limit)
    .execute();
export type ComponentFactRow = Awaited<ReturnType<typeof componentPage>>[number];

/**
 * The same columns for some components by id (those with findings, at the end of an upload).
 * visibility: components with findings, which a pending SBOM has none of.
 */
export async function componentFactRows(db: Kysely<Database>, orgId: string, ids: readonly string[]) {
  const out: ComponentFactRow[] = [];
  for (let i = 0; i < ids.length; i += 500)
    out.push(
      ...(await db
        .selectFrom('sbom_components')
        .select([
          'id',
          'name',
          'group_name',
          'version',
          'purl',
          'ecosystem',
          'licenses',
          'license_data',
          'position',
        ])
        .where(orgIdNotIndexed, '=', orgId)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  return out;
}

/**
 * Findings of an SBOM a policy may speak about: not retracted, and not triaged away (false_positive, fixed):
 * a vulnerability a person ruled out is no reason to fail a build.
 */
export const activeFindingsOfSbom = (db: Kysely<Database>, orgId: string, sbomId: string) =>
  db
    .selectFrom('findings')
    .select(['id', 'component_id', 'vulnerability_id', 'aliases', 'severity', 'cvss_score'])
    .where('org_id', '=', orgId)
    .where('sbom_id', '=', sbomId)
    .where('retracted_at', 'is', null)
    .where('status', 'not in', ['false_positive', 'fixed'])
    .execute();
export type FindingFactRow = Awaited<ReturnType<typeof activeFindingsOfSbom>>[number];

/**
 * Name, version and purl of components by id (the events of new violations).
 * visibility: components with violations, which a pending SBOM has none of.
 */
export async function componentsById(db: Kysely<Database>, orgId: string, ids: readonly string[]) {
  const out = new Map<string, { name: string; version: string | null; purl: string | null }>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500)
    for (const c of await db
      .selectFrom('sbom_components')
      .select(['id', 'name', 'version', 'purl'])
      .where(orgIdNotIndexed, '=', orgId)
      .where('id', 'in', unique.slice(i, i + 500))
      .execute())
      out.set(c.id, { name: c.name, version: c.version, purl: c.purl });
  return out;
}

/**
 * Suppressed violations of the asset's latest SBOM as suppressionKey()s (what a scan of a new version of the
 * asset keeps suppressed).
 */
export async function suppressedOfLatestSbom(
  db: Kysely<Database>,
  orgId: string,
  assetName: string,
): Promise<Set<string>> {
  const latest = await db
    .selectFrom('sboms')
    .select('id')
    .where('org_id', '=', orgId)
    .where('asset_name', '=', assetName)
    .where(visibleSbom())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return new Set();
  const rows = await db
    .selectFrom('policy_violations as v')
    .innerJoin('sbom_components as c', (j) =>
      j.onRef('c.id', '=', 'v.component_id').on('c.org_id', '=', orgId),
    )
    .leftJoin('findings as f', (j) => j.onRef('f.id', '=', 'v.finding_id').on('f.org_id', '=', orgId))
    .select(['v.policy_id', 'c.purl', 'c.name', 'f.vulnerability_id'])
    .where('v.org_id', '=', orgId)
    .where('v.sbom_id', '=', latest.id)
    .where('v.status', '=', 'suppressed')
    .execute();
  return new Set(rows.map((r) => suppressionKey(r.policy_id, r.purl, r.name, r.vulnerability_id)));
}

/** A violation's identity across versions of an asset: policy, package (purl without version, else name), vulnerability. */
export const suppressionKey = (
  policyId: string,
  purl: string | null,
  name: string,
  vulnerabilityId: string | null,
) => `${policyId}|${purl === null ? name : purl.replace(/@[^?#]*/, '')}|${vulnerabilityId ?? ''}`;
