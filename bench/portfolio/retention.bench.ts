// A retention sweep over 10,000 SBOMs (200 assets × 50 versions, keepVersions 5: 9,000 deletions), measuring how
// long the event loop is ever held (target ≤ 100 ms, docs/portfolio.md): perf_hooks' monitorEventLoopDelay and a
// 1 ms probe timer. The baseline, in the same run, is the bare deletion of the same SBOMs' rows in one transaction
// (what the store alone costs, holding everything at once).
// Usage: node bench/portfolio/retention.bench.ts [--sboms 10000] [--assets 200] (DATABASE_URL=postgres://… for
// PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { defaultConfig } from '../../src/config.ts';
import { openSqlite, type Store } from '../../src/db/connect.ts';
import { insertRows } from '../../src/db/helpers.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { newFindingRow } from '../../src/findings/finding-rows.ts';
import { insertFindings, type NewFindingRow } from '../../src/findings/finding.repository.ts';
import { COMPONENT_COLUMNS, COMPONENT_PG_TYPES } from '../../src/sboms/sbom.table.ts';
import { createServices, type Services } from '../../src/services.ts';
import { newId } from '../../src/shared/ids.ts';
import { openThrowawaySchemaStore } from '../support/pg-schema-store.ts';
import { machine } from '../support/process.ts';

const { values } = parseArgs({
  options: { sboms: { type: 'string', default: '10000' }, assets: { type: 'string', default: '200' } },
});
const SBOMS = Number(values.sboms);
const ASSETS = Number(values.assets);
const VERSIONS = Math.ceil(SBOMS / ASSETS);
const KEEP = 5;
const COMPONENTS = 20;
/** Findings per SBOM: on its first components, one of them triaged (the triage memory has work). */
const FINDINGS = 5;

const postgres = process.env.DATABASE_URL?.startsWith('postgres');
const dir = mkdtempSync(join(tmpdir(), 'bench-retention-'));
const openBench = async (name: string): Promise<Store> =>
  postgres
    ? openThrowawaySchemaStore(process.env.DATABASE_URL)
    : openSqlite(join(dir, `${name}.sqlite`), undefined, true);

/** One organisation with ASSETS assets of VERSIONS SBOMs each; returns its id and the SBOM ids. */
async function seed(store: Store): Promise<{ services: Services; orgId: string; sbomIds: string[] }> {
  await migrateToLatest(store.db);
  const services = createServices(store, defaultConfig());
  const org = await services.organisations.create({ slug: `bench-${Date.now().toString(36)}` });
  const base = Date.now() - VERSIONS * 60_000;
  const sbomIds: string[] = [];
  for (let a = 0; a < ASSETS; a++) {
    const assetId = newId('ast');
    const now = new Date().toISOString();
    await store.db
      .insertInto('assets')
      .values({
        id: assetId,
        org_id: org.id,
        name: `app-${a}`,
        parent_id: null,
        classifier: 'application',
        active: 1,
        retention: null,
        last_upload_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const sboms: unknown[][] = [];
    const components: unknown[][] = [];
    const findings: NewFindingRow[] = [];
    for (let v = 0; v < VERSIONS && sbomIds.length < SBOMS; v++) {
      const at = base + v * 60_000;
      const sbomId = newId('sbom', at);
      sbomIds.push(sbomId);
      const created = new Date(at).toISOString();
      sboms.push([
        sbomId,
        org.id,
        `app-${a}`,
        `app-${a}`,
        String(v),
        'cyclonedx',
        '1.5',
        assetId,
        COMPONENTS,
        created,
        created,
      ]);
      for (let c = 0; c < COMPONENTS; c++) {
        const id = newId('cmp');
        const name = `lib-${c}`;
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
          c,
          null,
        ]);
        if (c < FINDINGS) {
          const row = newFindingRow(
            org.id,
            sbomId,
            id,
            {
              vulnerabilityId: `CVE-2026-${String(c).padStart(4, '0')}`,
              aliases: [],
              advisoryIds: [],
              fixedVersions: [],
              severity: { severity: 'HIGH', source: 'cvss_v3', cvssScore: 7.5, cvssVector: null },
            } as never,
            created,
          );
          if (c === 0) Object.assign(row, { status: 'accepted_risk', remediation_notes: 'sandboxed' });
          findings.push(row);
        }
      }
    }
    await store.db.transaction().execute(async (trx) => {
      await insertRows(
        trx,
        'sboms',
        [
          'id',
          'org_id',
          'name',
          'asset_name',
          'version',
          'format',
          'spec_version',
          'asset_id',
          'component_count',
          'created_at',
          'updated_at',
        ],
        sboms,
      );
      await insertRows(trx, 'sbom_components', [...COMPONENT_COLUMNS], components, COMPONENT_PG_TYPES);
      await insertFindings(trx, findings, []);
    });
  }
  return { services, orgId: org.id, sbomIds };
}

/** Runs `work` watched by monitorEventLoopDelay and a 1 ms probe timer; the longest hold each saw. */
async function watched(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let last = performance.now();
  let probeMax = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    probeMax = Math.max(probeMax, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  clearInterval(probe);
  histogram.disable();
  return {
    ms,
    maxMs: Math.max(histogram.max / 1e6, probeMax, performance.now() - last),
    p99Ms: histogram.percentile(99) / 1e6,
  };
}

const deleted = ASSETS * Math.max(0, VERSIONS - KEEP);
console.log(
  `retention bench: ${SBOMS} SBOMs in ${ASSETS} assets (${COMPONENTS} components, ${FINDINGS} findings each), ` +
    `keepVersions ${KEEP}: ${deleted} to delete; ${postgres ? 'PostgreSQL' : 'SQLite'}; ${await machine()}`,
);

// Baseline: the same rows deleted with one statement per table, in one transaction.
const baselineStore = await openBench('baseline');
const baseline = await seed(baselineStore);
const victims = new Set<string>();
for (let a = 0; a < ASSETS; a++)
  for (const id of baseline.sbomIds.slice(a * VERSIONS, a * VERSIONS + VERSIONS - KEEP)) victims.add(id);
const floor = await watched(() =>
  baselineStore.db.transaction().execute(async (trx) => {
    const ids = [...victims];
    for (let i = 0; i < ids.length; i += 1000) {
      const slice = ids.slice(i, i + 1000);
      await trx.deleteFrom('findings').where('sbom_id', 'in', slice).execute();
      await trx.deleteFrom('sbom_components').where('sbom_id', 'in', slice).execute();
      await trx.deleteFrom('sboms').where('id', 'in', slice).execute();
    }
  }),
);
await baselineStore.close();

const store = await openBench('sweep');
const { services, orgId } = await seed(store);
await services.organisations.update(orgId, { retention: { keepVersions: KEEP } });
let result = { sbomsDeleted: 0 };
const sweep = await watched(async () => {
  result = await services.portfolio.retention.sweepOrg(orgId);
});
const left = Number(
  (
    await store.db
      .selectFrom('sboms')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow()
  ).n,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
if (result.sbomsDeleted !== deleted || left !== SBOMS - deleted)
  throw new Error(`deleted ${result.sbomsDeleted} (expected ${deleted}), ${left} left`);

console.log(
  `baseline (bare deletes, one transaction): ${floor.ms.toFixed(0)} ms, longest hold ${floor.maxMs.toFixed(0)} ms`,
);
console.log(
  `retention sweep:                          ${sweep.ms.toFixed(0)} ms (${(sweep.ms / deleted).toFixed(1)} ms per SBOM), ` +
    `longest hold ${sweep.maxMs.toFixed(0)} ms, p99 ${sweep.p99Ms.toFixed(1)} ms`,
);
console.log(
  `ratio ${(sweep.ms / floor.ms).toFixed(2)}× the baseline's time; hold ≤ 100 ms: ${sweep.maxMs <= 100 ? 'met' : 'NOT met'}`,
);
