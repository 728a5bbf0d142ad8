// Test helpers writing the portfolio's rows straight into a store: assets and SBOMs with findings of known ids.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { insertRows } from '../../src/db/helpers.ts';
import { newFindingRow } from '../../src/findings/finding-rows.ts';
import { insertFindings } from '../../src/findings/finding.repository.ts';
import { insertAsset } from '../../src/portfolio/asset.repository.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../../src/sboms/sbom.table.ts';

const NOW = '2026-11-26T00:00:00.000Z';

export async function addAsset(db: Kysely<Database>, orgId: string, id: string): Promise<void> {
  await insertAsset(db, {
    id,
    org_id: orgId,
    name: id,
    parent_id: null,
    classifier: 'application',
    active: 1,
    retention: null,
    last_upload_at: null,
    created_at: NOW,
    updated_at: NOW,
  });
}

/** An SBOM of `assetId` with one component and an open HIGH finding of each id in `findingIds`. */
export async function addSbom(
  db: Kysely<Database>,
  orgId: string,
  assetId: string,
  sbomId: string,
  findingIds: string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sboms')
      .values({
        id: sbomId,
        org_id: orgId,
        name: sbomId,
        asset_name: assetId,
        version: sbomId,
        format: 'cyclonedx',
        spec_version: '1.6',
        asset_id: assetId,
        repo_url: null,
        branch: null,
        component_count: 1,
        root_depends_on: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    const componentId = `cmp_${sbomId}`;
    const component = [
      componentId,
      orgId,
      sbomId,
      null,
      'library',
      null,
      'lib',
      '1.0.0',
      'pkg:npm/lib@1.0.0',
    ];
    await insertRows(
      trx,
      'sbom_components',
      [...COMPONENT_COLUMNS],
      [[...component, null, 'npm', 'lib', '[]', '[]', null, null, '[]', 0, null]],
      COMPONENT_PG_TYPES,
    );
    const rows = findingIds.map((id, i) => ({
      ...newFindingRow(
        orgId,
        sbomId,
        componentId,
        {
          vulnerabilityId: `CVE-2026-${String(i).padStart(4, '0')}`,
          aliases: [],
          advisoryIds: [],
          fixedVersions: [],
          severity: { severity: 'HIGH', source: 'cvss_v3', cvssScore: 7, cvssVector: null },
        } as never,
        NOW,
      ),
      id,
    }));
    await insertFindings(trx, rows, []);
  });
}
