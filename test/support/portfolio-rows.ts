// Test helpers writing the portfolio's rows straight into a store: a second handle on the same store (another
// instance, as the CLI in another process would be) and assets and SBOMs with findings of known ids.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { Kysely } from 'kysely';
import { openStore, type DialectName, type Store } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';
import { insertRows } from '../../src/db/helpers.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { newFindingRow } from '../../src/findings/finding-rows.ts';
import { insertFindings } from '../../src/findings/finding.repository.ts';
import { insertAsset } from '../../src/portfolio/asset.repository.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../../src/sboms/sbom.table.ts';
import { createTestStore, testStoreUrl } from './store.ts';

const NOW = '2026-11-26T00:00:00.000Z';

/** Two handles on one store: `server` (whose caches are under test) and `other` (where changes are made). */
export async function twoHandles(
  t: TestContext,
  dialect: DialectName,
): Promise<{ server: Store; other: Store }> {
  if (dialect === 'sqlite') {
    const url = `sqlite:${join(mkdtempSync(join(tmpdir(), 'bulwark-reach-')), 'reach.sqlite')}`;
    const server = openStore(url);
    await migrateToLatest(server.db);
    const other = openStore(url);
    t.after(async () => {
      await other.close();
      await server.close();
    });
    return { server, other };
  }
  const server = await createTestStore(dialect);
  const other = openStore(testStoreUrl(server));
  t.after(async () => {
    await other.close();
    await server.close();
  });
  return { server, other };
}

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
