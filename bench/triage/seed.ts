// The triage benchmarks' data: one organisation with one SBOM of `total / 10` components, each with 10 open
// findings (bench/triage/triage.bench.ts and pg-floor.bench.ts seed the same rows).
import { defaultConfig } from '../../src/config.ts';
import type { Store } from '../../src/db/connect.ts';
import { insertRows } from '../../src/db/helpers.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { newFindingRow } from '../../src/findings/finding-rows.ts';
import { insertFindings, type NewFindingRow } from '../../src/findings/finding.repository.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../../src/sboms/sbom.table.ts';
import { createServices } from '../../src/services.ts';
import { newId } from '../../src/shared/ids.ts';

export const PER_COMPONENT = 10;

/** An organisation with one SBOM of total / 10 components, each with 10 open findings. */
export async function seedTriage(store: Store, total: number) {
  await migrateToLatest(store.db);
  const services = createServices(store, defaultConfig());
  const org = await services.organisations.create({ slug: `bench-${Date.now().toString(36)}` });
  const now = new Date().toISOString();
  const sbomId = newId('sbom');
  await store.db
    .insertInto('sboms')
    .values({
      id: sbomId,
      org_id: org.id,
      name: 'portal',
      asset_name: 'portal',
      version: '1',
      format: 'cyclonedx',
      spec_version: '1.6',
      asset_id: 'ast_bench',
      repo_url: null,
      branch: null,
      component_count: total / PER_COMPONENT,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (let start = 0; start < total / PER_COMPONENT; start += 5_000) {
    const components: unknown[][] = [];
    const findings: NewFindingRow[] = [];
    for (let i = start; i < Math.min(start + 5_000, total / PER_COMPONENT); i++) {
      const id = newId('cmp');
      const name = `lib-${i}`;
      components.push([
        id,
        org.id,
        sbomId,
        null,
        'library',
        null,
        name,
        '1.0.0',
        `pkg:npm/${name}@1.0.0`,
        null,
        'npm',
        name,
        '[]',
        '[]',
        null,
        null,
        '[]',
        i,
        null,
      ]);
      for (let v = 0; v < PER_COMPONENT; v++)
        findings.push(
          newFindingRow(
            org.id,
            sbomId,
            id,
            {
              vulnerabilityId: `CVE-2026-${String(i * PER_COMPONENT + v).padStart(6, '0')}`,
              aliases: [],
              advisoryIds: [],
              fixedVersions: [],
              severity: { severity: 'HIGH', source: 'cvss_v3', cvssScore: 7.5, cvssVector: null },
            } as never,
            now,
          ),
        );
    }
    await store.db.transaction().execute(async (trx) => {
      await insertRows(trx, 'sbom_components', [...COMPONENT_COLUMNS], components, COMPONENT_PG_TYPES);
      await insertFindings(trx, findings, []);
    });
  }
  return { services, orgId: org.id };
}
