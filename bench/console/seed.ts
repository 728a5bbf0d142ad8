// Seeds an organisation for the console benchmark: the first-run account, SBOMs and N findings written
// straight into the tables (matching real advisories would take minutes and is not what is measured here).
import { insertMany } from '../../src/db/helpers.ts';
import type { Store } from '../../src/db/connect.ts';
import type { Services } from '../../src/services.ts';
import { newId } from '../../src/shared/ids.ts';

const SEVERITIES = ['CRITICAL', 'HIGH', 'HIGH', 'MEDIUM', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW'];
const CLOSED = ['fixed', 'mitigated', 'accepted_risk', 'false_positive'];
const DAY = 86_400_000;

export async function seedFindings(store: Store, services: Services, findings: number, sbomCount = 20) {
  const orgId = (await services.organisations.requireBySlug('default')).id;
  const perSbom = Math.ceil(findings / sbomCount);
  const now = Date.now();
  let made = 0;
  for (let s = 0; s < sbomCount && made < findings; s++) {
    const sbom = await services.sboms.create(orgId, 'system', { name: `service-${s}`, version: `1.${s}.0` });
    const components: Record<string, unknown>[] = [];
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < perSbom && made < findings; i++, made++) {
      const componentId = newId('cmp');
      const name = `pkg-${(made * 7919) % 4000}`;
      components.push({
        id: componentId,
        org_id: orgId,
        sbom_id: sbom.id,
        bom_ref: null,
        type: 'library',
        group_name: null,
        name,
        version: `${i % 9}.${i % 13}.0`,
        purl: `pkg:npm/${name}@${i % 9}.${i % 13}.0`,
        cpe: null,
        ecosystem: 'npm',
        package_key: `npm:${name}`,
        licenses: '["MIT"]',
        hashes: '[]',
        supplier: null,
        scope: null,
        depends_on: '[]',
        position: i,
      });
      // Spread over 120 days so the 90-day trend has a shape; one in five is closed.
      const created = new Date(now - ((made * 104_729) % 120) * DAY).toISOString();
      const closed = made % 5 === 0;
      const changed = closed
        ? new Date(Date.parse(created) + ((made % 30) + 1) * DAY).toISOString()
        : created;
      rows.push({
        id: newId('fnd'),
        org_id: orgId,
        sbom_id: sbom.id,
        component_id: componentId,
        // A CVE when there is one, as matching prefers (the GHSA advisory that matched is an alias).
        vulnerability_id: `CVE-2026-${10000 + made}`,
        aliases: `["GHSA-bench-${made}"]`,
        advisory_ids: `["GHSA-bench-${made}"]`,
        summary: `Benchmark advisory ${made} in ${name}`,
        severity: SEVERITIES[made % SEVERITIES.length],
        severity_source: 'cvss',
        cvss_score: 5,
        cvss_vector: null,
        fixed_versions: '["99.0.0"]',
        refs: '[]',
        match_reasons: '[]',
        status: closed ? CLOSED[made % CLOSED.length] : 'open',
        remediation_notes: null,
        created_at: created,
        updated_at: changed,
        status_changed_at: changed,
        retracted_at: null,
        retraction_reason: null,
      });
    }
    await insertMany(store.db, 'sbom_components', components);
    await insertMany(store.db, 'findings', rows);
    await store.db
      .updateTable('sboms')
      .set({ component_count: components.length })
      .where('id', '=', sbom.id)
      .execute();
  }
  return { orgId, findings: made };
}

/**
 * EPSS scores and KEV entries for the seeded findings' CVEs (finding n's is `CVE-2026-<10000 + n>`): FIRST
 * scores nearly every CVE, so each gets one (spread over 0–1); 1 in 100 is in the KEV catalog. The priority and
 * EPSS orders then look up real rows, as they would in a workspace with synced data.
 */
export async function seedExploitData(store: Store, findings: number): Promise<void> {
  const cve = (n: number) => `CVE-2026-${10000 + n}`;
  const epss: Record<string, unknown>[] = [];
  const kev: Record<string, unknown>[] = [];
  for (let n = 0; n < findings; n++) {
    const score = ((n * 7919) % 100_000) / 100_000;
    epss.push({ cve_id: cve(n), score, percentile: score, score_date: '2026-11-25' });
    // n % 5 === 0 is closed (seedFindings): 1 apart, so the KEV entries fall on open findings.
    if (n % 100 === 1)
      kev.push({ cve_id: cve(n), date_added: '2026-01-01', due_date: null, ransomware: 'Unknown' });
  }
  await insertMany(store.db, 'vuln_epss', epss);
  await insertMany(store.db, 'vuln_kev', kev);
}

/** One SBOM with `count` components (no findings), for the virtualised component table. */
export async function seedComponents(store: Store, services: Services, count: number): Promise<string> {
  const orgId = (await services.organisations.requireBySlug('default')).id;
  const sbom = await services.sboms.create(orgId, 'system', { name: 'monorepo', version: '100k' });
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const name = `component-${i}`;
    rows.push({
      id: newId('cmp'),
      org_id: orgId,
      sbom_id: sbom.id,
      bom_ref: null,
      type: 'library',
      group_name: i % 3 ? null : '@scope',
      name,
      version: `1.${i % 50}.0`,
      purl: `pkg:npm/${name}@1.${i % 50}.0`,
      cpe: null,
      ecosystem: 'npm',
      package_key: `npm:${name}`,
      licenses: '["MIT"]',
      hashes: '[]',
      supplier: null,
      scope: null,
      depends_on: '[]',
      position: i,
    });
  }
  await insertMany(store.db, 'sbom_components', rows);
  await store.db.updateTable('sboms').set({ component_count: count }).where('id', '=', sbom.id).execute();
  return sbom.id;
}
