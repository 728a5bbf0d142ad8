// A store with one organisation and one empty, visible SBOM (`sbom_1`) written straight to its table: for tests of
// the bulk row writers, which need an SBOM to hang rows on and nothing of the upload path.
import type { DialectName, Store } from '../../src/db/connect.ts';
import type { SbomRow } from '../../src/sboms/sbom.table.ts';
import { insertSbom } from '../../src/sboms/sbom.repository.ts';
import { OrganisationService } from '../../src/tenancy/organisation.service.ts';
import { createTestStore } from './store.ts';

/** An empty SBOM's row (no format, no asset, visible unless `overrides` says pending), for writers that need one. */
export function bareSbomRow(
  id: string,
  orgId: string,
  now: string,
  overrides: Partial<SbomRow> = {},
): SbomRow {
  return {
    ...{ id, org_id: orgId, name: 's', asset_name: 's', version: null, format: null, spec_version: null },
    ...{ asset_id: '', repo_url: null, branch: null, component_count: 0, root_depends_on: null },
    ...{ created_at: now, updated_at: now, pending_since: null },
    ...overrides,
  };
}

export async function storeWithBareSbom(
  dialect: DialectName,
  slug: string,
  now = new Date().toISOString(),
): Promise<{ store: Store; orgId: string }> {
  const store = await createTestStore(dialect);
  const org = await new OrganisationService(store.db).create({ slug });
  await insertSbom(store.db, bareSbomRow('sbom_1', org.id, now, { asset_id: 'ast_1' }));
  return { store, orgId: org.id };
}
